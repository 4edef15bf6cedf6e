// Wraps the shared edge handler as a Netlify Edge Function (Deno): answer, or let Netlify serve the static file.
import { answerEdgeRequest, answeredPaths, type AssetFetch } from './handler.js';
import type { ServingTable } from '../site/table.js';

/** The part of Netlify's edge `Context` the handler uses. */
export interface NetlifyContext {
  next(): Promise<Response>;
}

/**
 * `fetchAsset` gets a page's context file from the site itself (default: `fetch` of its URL, which Netlify serves as
 * a static file without running the function, since the function's `config` lists only the paths it answers).
 */
export function netlifyEdgeFunction(table: ServingTable, fetchAsset: AssetFetch = (url) => fetch(url)) {
  return async (request: Request, context: NetlifyContext): Promise<Response> =>
    (await answerEdgeRequest(request, table, fetchAsset)) ?? context.next();
}

/** The function's `config`: the exact paths it answers, so that Netlify serves every other file without running it. */
export function netlifyEdgeConfig(table: ServingTable): { path: string[] } {
  return { path: answeredPaths(table) };
}
