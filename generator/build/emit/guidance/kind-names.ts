// The names of the page family's kinds, shared by the emitters that must tell pages and indexes from other resources.
import type { KindName } from '../../../model/kinds.js';

export const PAGE_KINDS: readonly KindName[] = ['html-page', 'markdown'];
export const LLMS_KINDS: readonly KindName[] = ['llms-root', 'llms-index', 'llms-full'];

export const isPageKind = (kind: KindName) => PAGE_KINDS.includes(kind);
export const isLlmsKind = (kind: KindName) => LLMS_KINDS.includes(kind);
