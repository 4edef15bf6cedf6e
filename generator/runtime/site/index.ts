/**
 * How the site is answered, for every way of serving it: `answerSiteRequest(request, table, read)` decides from the
 * serving table (which file, which error, which redirect) and reads what it sends through `read`. The preview and dev
 * serve every request with it; an edge handler runs `decide` and answers itself only what a CDN's static files cannot;
 * the nginx configuration is compiled from the same rules.
 */
import { decide } from './decide.js';
import { type AssetReader, respond } from './respond.js';
import type { ServingTable } from './table.js';

export async function answerSiteRequest(request: Request, table: ServingTable, read: AssetReader): Promise<Response> {
  return respond(request, decide(request, table), table, read);
}

export { decide, EVENT_STREAM, isMcpClientRequest, MCP_CLIENT_METHODS, requestPath, type Decision } from './decide.js';
export { fileResponse, matchesEtag, respond, type Asset, type AssetReader } from './respond.js';
export { METHOD_NOT_ALLOWED, notAnMcpEndpointError, notFoundError } from './errors.js';
export {
  SERVING_TABLE_VERSION,
  type NegotiatedPage,
  type PageRule,
  type ServingTable,
  type TableFile,
} from './table.js';
