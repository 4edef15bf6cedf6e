// Answers the two query routes from the data the build emits: page context by site path, and the agent-mode view.
import { apiError, type ApiErrorBody } from '../api-error.js';
import { findRouteFamily } from './route-pattern.js';
import { contextInShard, shardFileOf } from './context-files.js';
import { checkSitePath, rawQueryParameter } from './site-path.js';
import type { PageContext, PageContextData } from './types.js';
import { JSON_MEDIA_TYPE, ROUTE_ANSWERS } from './answers.js';

/** Media type of both answers (the API error envelope included). */
export const ANSWER_MEDIA_TYPE = JSON_MEDIA_TYPE;

const PAGE_CONTEXT = ROUTE_ANSWERS.pageContext;

/** Permanent codes of the API errors these routes answer with (the envelope's `error.code`), from the answers table. */
export const PAGE_CONTEXT_ERROR_CODES = {
  missingPath: PAGE_CONTEXT.missingPath.code,
  invalidPath: PAGE_CONTEXT.invalidPath.code,
  unknownPage: PAGE_CONTEXT.unknownPage.code,
} as const;

export interface Answer<T> {
  status: number;
  body: T | ApiErrorBody;
}

/** A page-context request read: the checked site path and the shard its context is in, or the 400 to answer. */
export type PageContextRequest = { ok: true; path: string; file: string } | { ok: false; answer: Answer<never> };

/** Checks the `path` parameter: 400 when it is missing or not a plain site path, else the shard its context would be in. */
export function readPageContextRequest(data: PageContextData, pathParam: string | null): PageContextRequest {
  const checked = checkSitePath(pathParam);
  if (checked.ok) return { ok: true, path: checked.path, file: shardFileOf(data.contexts, checked.path) };
  return { ok: false, answer: pageContextRefused(checked.code, checked.problem) };
}

/** The route's 400 (its status and code from the answers table): why `path` names no site path, how to send one. */
export function pageContextRefused(code: 'missing_path' | 'invalid_path', problem: string): Answer<never> {
  const refusal = code === 'missing_path' ? PAGE_CONTEXT.missingPath : PAGE_CONTEXT.invalidPath;
  return {
    status: refusal.status,
    body: apiError(
      refusal.status,
      refusal.code,
      problem,
      'Send the site path of a public page in the `path` query parameter, for example ?path=/pricing. ' +
        'It starts with "/", has no scheme or host, and no "." or ".." segments.',
    ),
  };
}

/**
 * The answer for a checked site path: 200 with the page's context when its file was found, else 404. The message
 * names the route family when the path has the shape of one, so a caller sees why; it never repeats the path, so that
 * every way of serving (nginx included) sends the same bytes.
 */
export function pageContextAnswer(
  data: PageContextData,
  path: string,
  context: PageContext | undefined,
): Answer<PageContext> {
  if (context && context.path === path) return { status: PAGE_CONTEXT.found.status, body: context };
  return {
    status: PAGE_CONTEXT.unknownPage.status,
    body: pageContextNotFound(data, findRouteFamily(data.routeFamilies, path)?.pattern),
  };
}

/** The 404 of the route, for a path of the given route family's shape (or of none). */
export function pageContextNotFound(data: PageContextData, family: string | undefined): ApiErrorBody {
  const known = data.routeFamilies.map((f) => f.pattern).join(', ');
  return apiError(
    PAGE_CONTEXT.unknownPage.status,
    PAGE_CONTEXT.unknownPage.code,
    family
      ? `No public page is published at this path, although it has the shape of the route family ${family}.`
      : 'No public page is published at this path.',
    `Ask for a path the site publishes: the route families are ${known}; ` +
      `${data.baseUrl}/.well-known/public-pages.json lists them with example paths. ` +
      'Endpoints must not be inferred from the web application’s user interface.',
  );
}

/** Reads one shard by its site path ("/_agent/page-context/7.json"): its text, or undefined when there is none. */
export type ShardReader = (file: string) => string | undefined | Promise<string | undefined>;

/**
 * `GET /api/agent/page-context?path=<site path>`: 400 when `path` is missing or not a plain site path, 200 with the
 * page's context picked out of its shard, 404 for a path the site does not publish. Only that one shard is read.
 */
export async function answerPageContext(
  data: PageContextData,
  pathParam: string | null,
  read: ShardReader,
): Promise<Answer<PageContext>> {
  const request = readPageContextRequest(data, pathParam);
  if (!request.ok) return request.answer;
  const shard = await read(request.file);
  const context = shard === undefined ? undefined : contextInShard(shard, request.path);
  return pageContextAnswer(
    data,
    request.path,
    context === undefined ? undefined : (JSON.parse(context) as PageContext),
  );
}

/**
 * Whether a request is the query route a data file answers (its registry entry's `dataFor`, e.g. "/?mode=agent"): the
 * same path (`path`: the request's, percent-decoded), and every query parameter of the route sent with the same value
 * (read as nginx's `$arg_name` reads it: see `rawQueryParameter`).
 */
export function isQueryRoute(dataFor: string, url: URL, path: string = url.pathname): boolean {
  const route = new URL(dataFor, 'http://route.invalid');
  if (route.pathname !== path) return false;
  for (const [name, value] of route.searchParams) if (rawQueryParameter(url.search, name) !== value) return false;
  return true;
}
