// A real SDK client with a headless OAuth provider: the whole chain from nothing but the MCP URL, then a scope step-up.
import { expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { endpointOf, scopeOf, token, type GetPreview } from '../harness.js';

const REDIRECT = 'http://127.0.0.1:9/callback';

/** An OAuth client provider with no browser: it follows the authorization redirect itself and keeps the code. */
class HeadlessProvider implements OAuthClientProvider {
  private info?: OAuthClientInformationMixed;
  private saved?: OAuthTokens;
  private verifier = '';
  code?: string;

  constructor(initialTokens?: OAuthTokens) {
    this.saved = initialTokens;
  }

  get redirectUrl() {
    return REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_name: 'headless preview test',
    };
  }

  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  async redirectToAuthorization(url: URL) {
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    if (location.searchParams.has('error')) throw new Error(`Authorization refused: ${location.search}`);
    this.code = location.searchParams.get('code') ?? undefined;
  }
}

/** Records what the client asked of which host, to check the order of the chain. */
function recorder(log: string[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.method === 'POST' ? await request.clone().text() : '';
    const method = /"method":"([^"]+)"/.exec(body)?.[1];
    const response = await fetch(request);
    log.push(`${request.method} ${new URL(request.url).pathname}${method ? ` ${method}` : ''} → ${response.status}`);
    return response;
  };
}

export function chainSuite(get: GetPreview): void {
  it('runs 401 → PRM → AS metadata → register → authorize → token → initialize → tools/list → tools/call', async () => {
    const log: string[] = [];
    const provider = new HeadlessProvider();
    const url = new URL(endpointOf(get()));
    const first = new StreamableHTTPClientTransport(url, { authProvider: provider, fetch: recorder(log) });
    await expect(new Client({ name: 'chain', version: '1' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.code).toBeTruthy();
    await first.finishAuth(provider.code!);

    const client = new Client({ name: 'chain', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider, fetch: recorder(log) }));
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toEqual(get().model.mcpServer.controls.map((c) => c.name));
    const result = await client.callTool({ name: 'list_members', arguments: { communityId: 'c-makers' } });
    expect((result.structuredContent as { communityId: string }).communityId).toBe('c-makers');
    await client.close();

    const steps = [
      'POST /mcp initialize → 401',
      'GET /.well-known/oauth-protected-resource → 200',
      'GET /.well-known/oauth-authorization-server → 200',
      'POST /register → 201',
      'POST /token → 200',
      'POST /mcp initialize → 200',
      'POST /mcp tools/list → 200',
      'POST /mcp tools/call → 200',
    ];
    let position = -1;
    for (const step of steps) {
      const found = log.findIndex((line, i) => i > position && line === step);
      expect(found, `${step} after position ${position} in\n${log.join('\n')}`).toBeGreaterThan(position);
      position = found;
    }
  });

  it('steps up from a narrower token after a 403 insufficient_scope', async () => {
    const narrow = [scopeOf(get(), 'list_members')];
    const provider = new HeadlessProvider({
      access_token: await token(get(), { scopes: narrow }),
      token_type: 'Bearer',
    });
    const url = new URL(endpointOf(get()));
    const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    const client = new Client({ name: 'step-up', version: '1' });
    await client.connect(transport);
    const args = { name: 'get_physical_product_order', arguments: { communityId: 'c-makers', orderId: 'o-1001' } };
    await expect(client.callTool(args)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.code).toBeTruthy();
    await transport.finishAuth(provider.code!);
    expect(provider.tokens()!.scope!.split(' ')).toEqual([...narrow, scopeOf(get(), 'get_physical_product_order')]);
    const result = await client.callTool(args);
    expect((result.structuredContent as { order: { id: string } }).order.id).toBe('o-1001');
    await client.close();
  });
}
