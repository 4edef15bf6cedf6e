/**
 * The public-pages runtime: answers `/api/agent/page-context?path=` and `/?mode=agent` from the JSON the build emits.
 * Web-standard only (no `node:` imports, no dependencies): the preview server, a Netlify Edge Function (Deno) and a
 * Cloudflare Pages Function all import it.
 *
 * How a handler uses it:
 * 1. Find the data files in the registry: the entries whose `dataFor` is set (`registry.ofKind('page-context')`,
 *    `registry.ofKind('agent-mode')`); their `file` is where the bytes are in the site tree
 *    (`_agent/page-context.json`, `_agent/agent-mode.json`). Load them once (fs, `fetch` of the asset, or an import).
 *    The page-context data is small: each page's context is a file of its own, at `contextFileOf(data, path)`.
 * 2. For a request URL: `isQueryRoute(entry.dataFor, url)` says whether the route is this one.
 * 3. `await answerPageContext(data, url.searchParams.get('path'), read)` (`read` gets one context file by its site
 *    path: fs, or `fetch` of the asset) or `answerAgentMode(data)` gives `{status, body}`;
 *    `answerToResponse(answer, headers)` turns it into a `Response` (JSON; errors in the contract's API envelope).
 */
export {
  answerAgentMode,
  answerPageContext,
  answerToResponse,
  isQueryRoute,
  pageContextAnswer,
  pageContextNotFound,
  readPageContextRequest,
  ANSWER_MEDIA_TYPE,
  PAGE_CONTEXT_ERROR_CODES,
} from './answer.js';
export type { Answer, ContextFileReader, PageContextRequest } from './answer.js';
export {
  contextFileOf,
  contextUrlPathOf,
  CONTEXT_PATH_PLACEHOLDER,
  PAGE_CONTEXT_FILES,
  PAGE_CONTEXT_FOLDER,
  sitePathOfContextFile,
} from './context-files.js';
export {
  checkSitePath,
  ENCODED_SLASH,
  MAX_SITE_PATH_LENGTH,
  rawQueryParameter,
  SITE_PATH_REFUSALS,
} from './site-path.js';
export { findRouteFamily, isRoutePattern, matchesPattern } from './route-pattern.js';
export type * from './types.js';
