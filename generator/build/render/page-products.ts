// What one page contributes to a build, as plain data: the bodies of its own entries (HTML page, Markdown twin)
// and its twin's text, which other emitters (llms-full) read. Produced by the page emitters, on this thread or a worker.
import type { KindName } from '../../model/kinds.js';
import type { Diagnostics } from '../messages/diagnostics.js';
import type { Page } from '../../model/types.js';
import type { Registry } from '../registry/registry.js';
import type { EmitContext, RegistryEntry } from '../registry/types.js';
import type { KindTable } from '../registry/build-registry.js';
import { renderPage } from './render-page.js';
import type { ParsedBy } from './parse-page.js';
import type { Digest } from '../cache/fingerprint.js';

/** The kinds whose files are made from one page alone (with the model and registry): the ones worth caching. */
export const PAGE_OUTPUT_KINDS: ReadonlySet<KindName> = new Set([
  'html-page',
  'markdown',
  'not-found-page',
  'not-found-markdown',
]);

export interface PageProducts {
  /**
   * Body of each of the page's entries, by `<host> <path>`: its text when made in this build, its UTF-8 bytes when
   * taken from the render cache (decoded only by whoever reads the text: see `ArtifactSet.text`).
   */
  bodies: Record<string, string | Uint8Array>;
  /** The Markdown twin's text, as renderPage gives it (or its bytes, as `bodies`). */
  markdown: string | Uint8Array;
  /** Which parser read the page. */
  parsedBy: ParsedBy;
  /**
   * Each body's digest, by the same key, when the render cache made or kept it: not made again by the build. A Map: an
   * object keyed by each page's own paths gives every page a shape of its own, which costs a rebuild of 10,000 pages.
   */
  digests?: ReadonlyMap<string, Digest>;
}

export const entryKey = (entry: RegistryEntry) => `${entry.host} ${entry.path}`;

/** Each page's own entries, found once per registry. */
export function pageEntries(registry: Registry): Map<string, RegistryEntry[]> {
  const byPage = new Map<string, RegistryEntry[]>();
  for (const entry of registry.entries) {
    if (!entry.page || entry.aliasOf || !PAGE_OUTPUT_KINDS.has(entry.kind)) continue;
    if (!byPage.has(entry.page)) byPage.set(entry.page, []);
    byPage.get(entry.page)!.push(entry);
  }
  return byPage;
}

/**
 * Emits one page's entries with the kinds' own emitters, so that the bytes are the plain build's bytes. Returns
 * undefined when the page drew any message: such a page is never cached or taken from a worker, so that its
 * messages are always reported by the build that shows them.
 */
export function producePage(
  page: Page,
  entries: RegistryEntry[],
  kinds: KindTable,
  context: EmitContext,
  diagnostics: Diagnostics,
): PageProducts | undefined {
  const before = diagnostics.all().length;
  const bodies: Record<string, string> = {};
  try {
    for (const entry of entries) {
      const body = kinds[entry.kind]!.emit(entry, context);
      if (typeof body !== 'string') return undefined;
      bodies[entryKey(entry)] = body;
    }
  } catch {
    // The plain emit path reports the crash with its place.
    return undefined;
  }
  if (diagnostics.all().length !== before) return undefined;
  const rendered = renderPage(page.id, context);
  return { bodies, markdown: rendered.markdown, parsedBy: rendered.parsedBy };
}
