/**
 * The query routes' part of the runtime: reading the `path` parameter, finding a page's context in its shard and its route family,
 * and the routes' answers (`/api/agent/page-context?path=`, `/?mode=agent`), from the JSON the build emits.
 * Web-standard only (no `node:` imports, no dependencies). `generator/runtime/site/` answers requests with it; the
 * build's emitters and validators share its layout of the shards and its route-family matching.
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
export type { Answer, PageContextRequest, ShardReader } from './answer.js';
export { answersByStatus, JSON_MEDIA_TYPE, ROUTE_ANSWERS, type RouteAnswer } from './answers.js';
export {
  contextInShard,
  contextUrlPathOf,
  PAGE_CONTEXT_FOLDER,
  PAGE_CONTEXT_HASH,
  PAGE_CONTEXT_SHARD_FILES,
  type PageContextShard,
  pathHash,
  perPathContextFile,
  SHARD_PLACEHOLDER,
  shardFile,
  shardFileOf,
  shardOf,
  shardOfHash,
  shardOfFile,
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
