// The edge handler shared by the Netlify Edge Function and the Cloudflare Pages Function: the site's runtime, answering
// what a CDN's static files cannot (a twin at its page's address, the query routes, the not-an-MCP-endpoint answer,
// methods on those addresses); every other request is left to the CDN's files and their `_headers`.
import { chooseRepresentation } from '../negotiation/choose.js';
import { contextUrlPathOf } from '../query-routes/context-files.js';
import { type Decision, decide, requestPath } from '../site/decide.js';
import { type Asset, type AssetReader, respond } from '../site/respond.js';
import type { PageRule, ServingTable } from '../site/table.js';

/** Fetches a static file of the site (the CDN's own copy), by URL. */
export type AssetFetch = (url: URL) => Promise<Response>;

const notEndpointPaths = new WeakMap<ServingTable, Set<string>>();

/** The addresses that are not MCP endpoints: a browser there gets the site's 404 from the handler, not the CDN's. */
function notEndpoints(table: ServingTable): Set<string> {
  let paths = notEndpointPaths.get(table);
  if (!paths) notEndpointPaths.set(table, (paths = new Set(table.mcp.notEndpoints.map((n) => n.path))));
  return paths;
}

/** The paths whose requests the handler may answer, listed; an edge table's `runsOn` adds its pages' folders. */
export function answeredPaths(table: ServingTable): string[] {
  const routes = [table.agentMode?.route, table.pageContext?.route].flatMap((r) =>
    r ? [new URL(r, 'http://route.invalid').pathname] : [],
  );
  return [
    ...new Set([
      ...routes,
      ...table.negotiation.pages.map((p) => p.path),
      ...table.mcp.notEndpoints.map((n) => n.path),
    ]),
  ];
}

/**
 * Answers a request, or returns undefined when the CDN should serve it as a static file: a path the handler does not
 * answer, or the very file the request names. Every file the handler sends is read from the CDN (a twin, the
 * agent-mode view, a page's context: one file per request), so its table does not grow with the site. A page the
 * table does not list is known by its twin: read only when the request needs more than the page itself.
 */
export async function answerEdgeRequest(
  request: Request,
  table: ServingTable,
  fetchAsset: AssetFetch,
): Promise<Response | undefined> {
  const url = new URL(request.url);
  const path = requestPath(url);
  if (path === undefined) return undefined;
  let read = edgeAssets(url.origin, fetchAsset);
  let view = table;
  let decision = decide(request, table);
  if (mayBeUnlistedPage(decision, path, table)) {
    if (!wantsMoreThanThePage(request, table)) return undefined;
    const page = await withPage(path, table, table.pageRule!, read);
    if (!page) return undefined;
    ({ table: view, read } = page);
    decision = decide(request, view);
  }
  if (decision.kind === 'file' && decision.path === path) return undefined;
  // An address that is not an MCP endpoint answers its own 404 (a browser at a legacy path); any other is the CDN's.
  if (isUnknownPath(decision) && !notEndpoints(table).has(path)) return undefined;
  return respond(request, decision, view, read);
}

/** The table knows nothing at the path (a 404 of its own): the CDN answers it, with its files or its 404. */
function isUnknownPath(decision: Decision): boolean {
  return decision.kind === 'error' && decision.status === 404 && decision.body.error.code === 'not_found';
}

/** The path is no route and no listed page, but may be a page the table's rule finds. */
function mayBeUnlistedPage(decision: Decision, path: string, table: ServingTable): boolean {
  const rule = table.pageRule;
  if (!rule || rule.except.includes(path) || table.negotiation.pages.some((p) => p.path === path)) return false;
  // A listed path the table knows no file at (a legacy MCP path) answers its own 404.
  if (isUnknownPath(decision)) return !notEndpoints(table).has(path);
  return decision.kind === 'file' && decision.path === path;
}

/** A method other than GET and HEAD, or an Accept header that prefers the twin: the page's own file would not do. */
function wantsMoreThanThePage(request: Request, table: ServingTable): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  const { media, onTie } = table.negotiation;
  return chooseRepresentation(request.headers.get('accept'), media, onTie) === 'twin';
}

/** The table with the page at `path` listed, when its twin is a file of the site; the twin read once. */
async function withPage(
  path: string,
  table: ServingTable,
  rule: PageRule,
  read: AssetReader,
): Promise<{ table: ServingTable; read: AssetReader } | undefined> {
  const twin = path === '/' ? rule.homeTwin : `${path}${rule.twinSuffix}`;
  const asset = await read(twin);
  if (!asset) return undefined;
  const listed = new Set(table.files.map((f) => f.path));
  return {
    table: {
      ...table,
      files: [
        ...table.files,
        ...(listed.has(path) ? [] : [{ path, headers: rule.page }]),
        ...(listed.has(twin) ? [] : [{ path: twin, headers: rule.twin }]),
      ],
      negotiation: { ...table.negotiation, pages: [...table.negotiation.pages, { path, twin }] },
    },
    read: (p) => (p === twin ? asset : read(p)),
  };
}

function edgeAssets(origin: string, fetchAsset: AssetFetch): AssetReader {
  return async (path): Promise<Asset | undefined> => {
    const response = await fetchAsset(new URL(contextUrlPathOf(path), origin));
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`The site's file ${path} answered ${response.status}.`);
    return { body: new Uint8Array(await response.arrayBuffer()), etag: response.headers.get('etag') ?? undefined };
  };
}
