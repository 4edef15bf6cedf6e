// Wraps the shared edge handler as a Netlify Edge Function (Deno): answer, or let Netlify serve the static file.
import { answerEdgeRequest } from './handler.js';
import type { EdgeTable } from './table.js';

/** The part of Netlify's edge `Context` the handler uses. */
export interface NetlifyContext {
  next(): Promise<Response>;
}

export function netlifyEdgeFunction(table: EdgeTable) {
  return async (request: Request, context: NetlifyContext): Promise<Response> =>
    answerEdgeRequest(request, table) ?? context.next();
}
