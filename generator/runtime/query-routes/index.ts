/**
 * The query routes' part of the runtime: reading the `path` parameter, finding a page's context file and route family,
 * and the routes' answers (`/api/agent/page-context?path=`, `/?mode=agent`), from the JSON the build emits.
 * Web-standard only (no `node:` imports, no dependencies). `generator/runtime/site/` answers requests with it; the
 * build's emitters and validators share its layout of the context files and its route-family matching.
 */
export {
  answerPageContext,
  isQueryRoute,
  pageContextAnswer,
  pageContextNotFound,
  pageContextRefused,
  readPageContextRequest,
  PAGE_CONTEXT_ERROR_CODES,
} from './answer.js';
export type { Answer, ContextFileReader, PageContextRequest } from './answer.js';
export { answersByStatus, JSON_MEDIA_TYPE, ROUTE_ANSWERS, type RouteAnswer } from './answers.js';
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
  SLASH_AS_SENT,
  sitePathRefusals,
} from './site-path.js';
export { findRouteFamily, isRoutePattern, matchesPattern, routePatternSource } from './route-pattern.js';
export type * from './types.js';
