// The load baseline: the usual stateless way to serve MCP with the SDK, a fresh Server and transport for every
// request (same controls, same token check as the preview MCP host, no session reuse).
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Model } from '../../generator/model/types.js';
import { createPreviewProvider, requirePreview } from '../../generator/tools/preview/auth/auth-host.js';
import type { FetchHandler } from '../../generator/tools/preview/http/fetch-handler.js';
import { mcpCatalog, createMcpServer } from '../../generator/tools/preview/mcp/mcp-server.js';
import { PreviewRecords } from '../../generator/tools/preview/mcp/records.js';
import { resourceScopes } from '../../generator/tools/preview/mcp/resources.js';

export function freshServerPerRequest(model: Model): FetchHandler {
  const catalog = mcpCatalog(model, new PreviewRecords(requirePreview(model).fixtures), resourceScopes(model));
  const provider = createPreviewProvider(model);
  return async (request) => {
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
    if (!token)
      return new Response('{"error":"invalid_token"}', {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    let authInfo;
    try {
      authInfo = await provider.verifyAccessToken(token);
    } catch {
      return new Response('{"error":"invalid_token"}', {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    }
    const server = createMcpServer(catalog);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: await request.json(), authInfo });
    } finally {
      await server.close();
    }
  };
}
