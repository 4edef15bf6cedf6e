// Wraps the shared edge handler as a Netlify Edge Function (Deno): answer, or let Netlify serve the static file.
import { answerEdgeRequest, answeredPaths, type AssetFetch } from './handler.js';
import type { ServingTable } from '../site/table.js';

/** The part of Netlify's edge `Context` the handler uses. */
export interface NetlifyContext {
  next(): Promise<Response>;
}

/**
 * `fetchAsset` gets a file the handler answers with (a twin, the agent-mode view, a page's context) from the site
 * itself (default: `fetch` of its URL, which Netlify serves as a static file: the handler passes a request for a file
 * on to it).
 */
export function netlifyEdgeFunction(table: ServingTable, fetchAsset: AssetFetch = (url) => fetch(url)) {
  return async (request: Request, context: NetlifyContext): Promise<Response> =>
    (await answerEdgeRequest(request, table, fetchAsset)) ?? context.next();
}

/**
 * The function's `config`: the paths it answers (the edge table's `runsOn`: exact paths, and a folder splat for a large
 * section), so that Netlify serves every other file without running it.
 */
export function netlifyEdgeConfig(table: ServingTable): { path: string[] } {
  return { path: table.runsOn ?? answeredPaths(table) };
}
