// The edge handler shared by the Netlify Edge Function and the Cloudflare Pages Function: the site's runtime, answering
// what a CDN's static files cannot (a twin at its page's address, the query routes, the not-an-MCP-endpoint answer,
// methods on those addresses); every other request is left to the CDN's files and their `_headers`.
import { contextUrlPathOf } from '../query-routes/context-files.js';
import { decide, requestPath } from '../site/decide.js';
import { type Asset, type AssetReader, respond } from '../site/respond.js';
import type { ServingTable } from '../site/table.js';

/** Fetches a static file of the site (the CDN's own copy), by URL. */
export type AssetFetch = (url: URL) => Promise<Response>;

const answered = new WeakMap<ServingTable, Set<string>>();

/** The paths whose requests the handler may answer; a CDN need not run it anywhere else. */
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
 * answer, or the very file the request names. A file the handler sends itself is read from the table's bodies, else
 * fetched from the CDN (a page's context: one file per request).
 */
export async function answerEdgeRequest(
  request: Request,
  table: ServingTable,
  fetchAsset: AssetFetch,
): Promise<Response | undefined> {
  let paths = answered.get(table);
  if (!paths) answered.set(table, (paths = new Set(answeredPaths(table))));
  const url = new URL(request.url);
  const path = requestPath(url);
  if (path === undefined || !paths.has(path)) return undefined;
  const decision = decide(request, table);
  if (decision.kind === 'file' && decision.path === path) return undefined;
  return respond(request, decision, table, edgeAssets(table, url.origin, fetchAsset));
}

function edgeAssets(table: ServingTable, origin: string, fetchAsset: AssetFetch): AssetReader {
  return async (path): Promise<Asset | undefined> => {
    const carried = table.bodies?.[path];
    if (carried) return carried;
    const response = await fetchAsset(new URL(contextUrlPathOf(path), origin));
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`The site's file ${path} answered ${response.status}.`);
    return { body: new Uint8Array(await response.arrayBuffer()), etag: response.headers.get('etag') ?? undefined };
  };
}
