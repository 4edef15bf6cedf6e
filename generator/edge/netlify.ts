// Wraps the shared edge handler as a Netlify Edge Function (Deno): answer, or let Netlify serve the static file.
import { answerEdgeRequest, answeredPaths } from './handler.js';
import type { EdgeTable } from './table.js';

/** The part of Netlify's edge `Context` the handler uses. */
export interface NetlifyContext {
  next(): Promise<Response>;
}

export function netlifyEdgeFunction(table: EdgeTable) {
  return async (request: Request, context: NetlifyContext): Promise<Response> =>
    answerEdgeRequest(request, table) ?? context.next();
}

/** The function's `config`: the exact paths it answers, so that Netlify serves every other file without running it. */
export function netlifyEdgeConfig(table: EdgeTable): { path: string[] } {
  return { path: answeredPaths(table) };
}
