// A small, correct stand-in deployment for the verifier's tests (site, MCP host, authorization server), built from a
// stub-kinds build on ports chosen by the system, plus proxies that break one thing each.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { runPipeline } from '../../../generator/build/pipeline.js';
import type { Addresses } from '../../../generator/model/types.js';
import type { HostName } from '../../../generator/build/registry/types.js';
import { stubKinds } from '../../helpers/stub-kinds.js';

export type Handler = (request: Request) => Promise<Response>;
export const GOOD_TOKEN = 'test-token';

export interface Deployment {
  addresses: Addresses;
  /** Replaces a host's handler (a proxy around the good one, in the tests of failures). */
  wrap(host: 'site' | 'mcp' | 'auth', wrapper: (good: Handler) => Handler): void;
  /** Tools offered beyond the declared controls. */
  extraTools: string[];
  /** Back to the correct deployment: no proxies, no extra tools. */
  reset(): void;
  close(): Promise<void>;
}

export async function startDeployment(content: { contentDir: string; schemaDir: string }): Promise<Deployment> {
  const hosts = ['site', 'api', 'mcp', 'auth'] as const;
  const bound = await Promise.all(hosts.map(() => listen()));
  const addresses: Addresses = {
    base_url: bound[0]!.origin,
    api_url: bound[1]!.origin,
    mcp_url: bound[2]!.origin,
    auth_url: bound[3]!.origin,
  };
  const result = await runPipeline({
    env: 'preview',
    kinds: stubKinds,
    addresses,
    contentDir: content.contentDir,
    schemaDir: content.schemaDir,
  });
  if (result.diagnostics.hasErrors) throw new Error(result.diagnostics.report());
  const registry = result.registry!;
  const artifacts = result.artifacts!;
  const model = result.model!;
  const deployment: Deployment = { addresses, extraTools: [], wrap: () => {}, reset: () => {}, close: async () => {} };

  const staticHost =
    (host: HostName): Handler =>
    async (request) => {
      const url = new URL(request.url);
      const route = registry.of(host).find((e) => {
        if (!e.dataFor) return false;
        const routeUrl = new URL(e.dataFor, 'http://x');
        return (
          url.pathname === routeUrl.pathname &&
          [...routeUrl.searchParams].every(([k, v]) => url.searchParams.get(k) === v)
        );
      });
      const entry = route ?? registry.get(url.pathname, host);
      const artifact = entry && artifacts.get(entry.host, entry.file);
      if (!entry || !artifact)
        return new Response('{"error":{"code":"not_found"}}', {
          status: 404,
          headers: { 'content-type': 'application/json' },
        });
      const headers: Record<string, string> = { 'content-type': entry.mediaType, 'x-content-type-options': 'nosniff' };
      if (entry.discovery)
        Object.assign(headers, {
          'access-control-allow-origin': '*',
          'cache-control': 'public, max-age=60',
          etag: '"x"',
        });
      const links: string[] = [];
      if (entry.kind === 'api-catalog') links.push(`<${entry.path}>; rel="api-catalog"`);
      if (entry.kind === 'html-page') links.push('</.well-known/api-catalog>; rel="api-catalog"');
      if (entry.twin) links.push(`<${entry.twin}>; rel="alternate"; type="text/markdown"`);
      if (links.length) headers.link = links.join(', ');
      const body = typeof artifact.body === 'string' ? artifact.body : new Uint8Array(artifact.body);
      return new Response(request.method === 'HEAD' ? null : body, { headers });
    };

  const mcpEndpoint: Handler = async (request) => {
    if (request.headers.get('authorization') !== `Bearer ${GOOD_TOKEN}`) {
      return new Response('', {
        status: 401,
        headers: {
          'www-authenticate': `Bearer resource_metadata="${addresses.mcp_url}/.well-known/oauth-protected-resource"`,
        },
      });
    }
    const server = new McpServer({ name: 'fake', version: '1.0.0' });
    for (const control of model.mcpServer.controls) {
      server.registerTool(
        control.name,
        { description: control.purpose, annotations: { readOnlyHint: true } },
        async () => ({ content: [] }),
      );
    }
    for (const name of deployment.extraTools) {
      server.registerTool(
        name,
        { description: 'Not in the contract.', annotations: { readOnlyHint: false } },
        async () => ({ content: [] }),
      );
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return transport.handleRequest(request);
  };

  const mcpStatic = staticHost('mcp');
  const handlers: Record<'site' | 'mcp' | 'auth', Handler> = {
    site: staticHost('site'),
    mcp: async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/mcp') return mcpEndpoint(request);
      // The path-inserted form of the protected resource metadata serves the same document.
      if (path === '/.well-known/oauth-protected-resource/mcp') {
        return mcpStatic(new Request(`${addresses.mcp_url}/.well-known/oauth-protected-resource`));
      }
      return mcpStatic(request);
    },
    auth: staticHost('auth'),
  };
  bound[0]!.setHandler((r) => handlers.site(r));
  bound[2]!.setHandler((r) => handlers.mcp(r));
  bound[3]!.setHandler((r) => handlers.auth(r));
  const good = { ...handlers };
  deployment.wrap = (host, wrapper) => {
    handlers[host] = wrapper(handlers[host]);
  };
  deployment.reset = () => {
    Object.assign(handlers, good);
    deployment.extraTools.length = 0;
  };
  deployment.close = async () => {
    await Promise.all(bound.map((b) => b.close()));
  };
  return deployment;
}

async function listen() {
  let handler: Handler = async () => new Response('not used', { status: 404 });
  const server: Server = createServer(async (req, res) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream);
    // Node's fetch needs `duplex` for a streamed request body; the DOM types do not know it.
    const init: RequestInit & { duplex: 'half' } = {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body,
      duplex: 'half',
    };
    const request = new Request(origin + req.url, init);
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    setHandler(h: Handler) {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
