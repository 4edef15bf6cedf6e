// Wraps the shared edge handler as a Cloudflare Pages Function (middleware): answer, or serve the static asset.
import { answerEdgeRequest } from './handler.js';
import type { EdgeTable } from './table.js';

/** The part of Cloudflare's `EventContext` the handler uses. */
export interface PagesContext {
  request: Request;
  next(): Promise<Response>;
}

export function cloudflarePagesFunction(table: EdgeTable) {
  return async (context: PagesContext): Promise<Response> => answerEdgeRequest(context.request, table) ?? context.next();
}
