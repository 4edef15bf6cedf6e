// Where a page's context file is: the one rule every writer and reader of the per-page context files shares.
import { checkSitePath } from './site-path.js';
import type { PageContextData } from './types.js';

/** What `contexts` templates in the page-context data: the page's site path, as it is. */
export const CONTEXT_PATH_PLACEHOLDER = '{path}';

/** The layout the build writes: one file per site path, the path kept as folders ("/" becomes "page-context/.json"). */
export const PAGE_CONTEXT_FILES = '/_agent/page-context{path}.json';

/** The folder of the site tree every context file is in (PAGE_CONTEXT_FILES up to `{path}`, then "/"). */
export const PAGE_CONTEXT_FOLDER = `${PAGE_CONTEXT_FILES.slice(1, PAGE_CONTEXT_FILES.indexOf(CONTEXT_PATH_PLACEHOLDER))}/`;

/**
 * The site path of the context file of a site path (already checked by `checkSitePath`: no "." or ".." segments,
 * no "//"), e.g. "/_agent/page-context/help/x.json". Appending to the path keeps distinct paths in distinct files.
 */
export function contextFileOf(data: Pick<PageContextData, 'contexts'>, path: string): string {
  return data.contexts.replace(CONTEXT_PATH_PLACEHOLDER, path);
}

/** A context file as the URL path a CDN is asked for: each segment percent-encoded. */
export function contextUrlPathOf(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

/**
 * The site path whose context file a URL path is ("/_agent/page-context/help/x.json" → "/help/x"); undefined when it
 * is no context file's path, so that a request can never name a file outside the layout.
 */
export function sitePathOfContextFile(data: Pick<PageContextData, 'contexts'>, file: string): string | undefined {
  const [before = '', after = ''] = data.contexts.split(CONTEXT_PATH_PLACEHOLDER);
  if (!file.startsWith(before) || !file.endsWith(after) || file.length < before.length + after.length) return undefined;
  const checked = checkSitePath(file.slice(before.length, file.length - after.length));
  return checked.ok && contextFileOf(data, checked.path) === file ? checked.path : undefined;
}
