// Wraps the shared edge handler as a Cloudflare Pages Function (middleware): answer, or serve the static asset.
import { answerEdgeRequest } from './handler.js';
import type { ServingTable } from '../site/table.js';

/** The part of Cloudflare's `EventContext` the handler uses. */
export interface PagesContext {
  request: Request;
  next(): Promise<Response>;
  /** Pages' binding to the project's static files (a page's context file is fetched through it). */
  env?: { ASSETS?: { fetch(input: URL | Request): Promise<Response> } };
}

export function cloudflarePagesFunction(table: ServingTable) {
  return async (context: PagesContext): Promise<Response> => {
    const assets = context.env?.ASSETS;
    const fetchAsset = (url: URL) => (assets ? assets.fetch(url) : fetch(url));
    return (await answerEdgeRequest(context.request, table, fetchAsset)) ?? context.next();
  };
}
