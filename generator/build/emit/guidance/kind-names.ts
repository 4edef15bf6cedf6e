// The names of the page family's kinds, shared by the emitters that must tell pages and indexes from other resources.

export const PAGE_KINDS = ['html-page', 'markdown'] as const;
export const LLMS_KINDS = ['llms-root', 'llms-index', 'llms-full'] as const;

export const isPageKind = (kind: string) => (PAGE_KINDS as readonly string[]).includes(kind);
export const isLlmsKind = (kind: string) => (LLMS_KINDS as readonly string[]).includes(kind);
