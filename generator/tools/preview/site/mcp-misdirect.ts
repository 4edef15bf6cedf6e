// {base_url}/mcp, its guidance files and legacy MCP paths are not MCP endpoints: an MCP client sent there is told where to go.
import { apiErrorResponse } from '../../../runtime/api-error.js';
import type { Model } from '../../../model/types.js';
import { fillAddresses } from '../../../build/registry/registry.js';
import { NO_STORE } from '../http/headers.js';

/** The site paths an MCP client may wrongly be configured with (the contract's non-endpoints, the legacy paths), each with why. */
export function misdirectedMcpPaths(model: Model): Map<string, string> {
  const paths = new Map<string, string>();
  for (const path of model.mcpServer.legacyPaths.examples) paths.set(path, model.mcpServer.legacyPaths.statement);
  for (const item of model.mcpServer.notEndpoints) {
    const url = fillAddresses(item.url, model.addresses);
    if (url.startsWith(model.addresses.base_url)) {
      paths.set(url.slice(model.addresses.base_url.length) || '/', fillAddresses(item.reason, model.addresses));
    }
  }
  return paths;
}

/** An MCP client speaks JSON-RPC over POST, or opens an event stream; a browser does neither. */
export function looksLikeMcpRequest(request: Request): boolean {
  if (request.method === 'POST' || request.method === 'DELETE') return true;
  return (request.headers.get('accept') ?? '').toLowerCase().includes('text/event-stream');
}

export function notAnMcpEndpoint(model: Model, path: string, reason: string): Response {
  const endpoint = `${model.addresses.mcp_url}${model.mcpServer.endpointPath}`;
  const where = `${model.addresses.base_url}${path}`;
  return apiErrorResponse(
    404,
    'not_an_mcp_endpoint',
    `${where} is not an MCP endpoint. ${reason} The hosted MCP endpoint is ${endpoint}.`,
    `Configure your MCP client with ${endpoint} (Streamable HTTP, bearer token required; the authentication chain starts at ${firstStep(model)}).`,
    { 'cache-control': NO_STORE, link: `<${endpoint}>; rel="service"` },
  );
}

function firstStep(model: Model): string {
  const step = model.authentication.discoveryChain[0];
  return step ? fillAddresses(step.url, model.addresses) : model.addresses.base_url;
}
