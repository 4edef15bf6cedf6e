// Connects to the MCP endpoint with the official SDK client and checks that tools/list offers exactly the declared controls.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Addresses, Model } from '../../model/types.js';
import { fillAddresses } from '../../build/registry/registry.js';
import { HeadlessOAuthClient } from './headless-oauth.js';
import type { Scorecard } from './scorecard.js';

export type McpCredentials = { token: string } | { previewAuth: true } | undefined;

export interface McpCheckInput {
  model: Model;
  addresses: Addresses;
  card: Scorecard;
  credentials: McpCredentials;
  fetch?: typeof fetch;
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'verify', version: '1' } },
};

export async function checkMcp(input: McpCheckInput): Promise<void> {
  const { card, model, addresses } = input;
  const doFetch = input.fetch ?? fetch;
  const endpoint = `${addresses.mcp_url}${model.mcpServer.endpointPath}`;

  // Without a token the endpoint must send the client to the protected resource metadata (MCP authorization).
  const anonymous = await doFetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(INITIALIZE),
    signal: AbortSignal.timeout(15_000),
  }).catch((error: unknown) => error as Error);
  if (anonymous instanceof Error) {
    card.fail('mcp', endpoint, 'reachable', `request failed: ${anonymous.message}`);
    return;
  }
  await anonymous.body?.cancel();
  const challenge = anonymous.headers.get('www-authenticate') ?? '';
  card.expect(
    anonymous.status === 401 && /^Bearer\b/i.test(challenge) && /resource_metadata="[^"]+"/.test(challenge),
    'mcp',
    endpoint,
    'requires-token',
    `without a token answered ${anonymous.status} with WWW-Authenticate "${challenge || '(none)'}", expected 401 with Bearer resource_metadata="…"`,
  );

  await checkNotEndpoints(input, doFetch);

  if (!input.credentials) {
    card.add({
      area: 'mcp',
      subject: endpoint,
      check: 'tools-list',
      outcome: 'skip',
      detail: 'no --token or --preview-auth given',
    });
    return;
  }
  let client: Client;
  try {
    client = await connect(
      endpoint,
      input.credentials,
      model.authentication.scopes.map((s) => s.name),
      doFetch,
    );
  } catch (error) {
    card.fail(
      'mcp',
      endpoint,
      'connect',
      `the SDK client could not connect: ${error instanceof Error ? error.message : String(error)}`,
    );
    return;
  }
  try {
    card.pass(
      'mcp',
      endpoint,
      'connect',
      `server ${client.getServerVersion()?.name ?? '?'} ${client.getServerVersion()?.version ?? ''}`.trim(),
    );
    const { tools } = await client.listTools();
    const declared = new Map(model.mcpServer.controls.map((c) => [c.name, c]));
    const offered = new Set(tools.map((t) => t.name));
    const extra = tools.filter((t) => !declared.has(t.name)).map((t) => t.name);
    const missing = [...declared.keys()].filter((n) => !offered.has(n));
    card.expect(
      extra.length === 0,
      'mcp',
      endpoint,
      'no-undeclared-tools',
      `tools/list offers tools the contract does not declare: ${extra.join(', ')}`,
    );
    card.expect(
      missing.length === 0,
      'mcp',
      endpoint,
      'declared-tools',
      `tools/list lacks declared controls: ${missing.join(', ')}`,
    );
    for (const tool of tools) {
      if (!declared.has(tool.name)) continue;
      const a = tool.annotations ?? {};
      card.expect(
        a.readOnlyHint === true && a.destructiveHint !== true,
        'mcp',
        `${endpoint} ${tool.name}`,
        'read-only',
        `annotations ${JSON.stringify(a)}: a declared control must be readOnlyHint: true and not destructive`,
      );
    }
  } catch (error) {
    card.fail(
      'mcp',
      endpoint,
      'tools-list',
      `tools/list failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await client.close().catch(() => {});
  }
}

async function connect(
  endpoint: string,
  credentials: NonNullable<McpCredentials>,
  scopes: string[],
  doFetch: typeof fetch,
): Promise<Client> {
  const url = new URL(endpoint);
  const client = () => new Client({ name: 'discovery-site-verify', version: '1.0.0' });
  if ('token' in credentials) {
    const c = client();
    await c.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { authorization: `Bearer ${credentials.token}` } },
        fetch: doFetch,
      }),
    );
    return c;
  }
  const provider = new HeadlessOAuthClient(scopes, doFetch);
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider, fetch: doFetch });
  try {
    const c = client();
    await c.connect(first);
    return c;
  } catch (error) {
    if (!(error instanceof UnauthorizedError) || !provider.code) throw error;
  }
  await first.finishAuth(provider.code);
  const c = client();
  await c.connect(new StreamableHTTPClientTransport(url, { authProvider: provider, fetch: doFetch }));
  return c;
}

/**
 * {base_url}/mcp, its guidance files and the legacy MCP paths must not act as MCP endpoints: an initialize request
 * there may get an error or a page, never a JSON-RPC result.
 */
async function checkNotEndpoints(input: McpCheckInput, doFetch: typeof fetch): Promise<void> {
  const { model, addresses, card } = input;
  const urls = new Set([
    ...model.mcpServer.notEndpoints.map((n) => fillAddresses(n.url, addresses)),
    ...model.mcpServer.legacyPaths.examples.map((path) => `${addresses.base_url}${path}`),
  ]);
  for (const url of urls) {
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(INITIALIZE),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    }).catch(() => undefined);
    if (!response) continue;
    const text = await response.text();
    const answersMcp = response.ok && /"jsonrpc"\s*:\s*"2\.0"/.test(text) && /"result"\s*:/.test(text);
    card.expect(
      !answersMcp,
      'mcp',
      url,
      'not-an-endpoint',
      `answers an MCP initialize request (${response.status}): the contract says it is not an MCP endpoint; the endpoint is ${addresses.mcp_url}${model.mcpServer.endpointPath}`,
    );
  }
}
