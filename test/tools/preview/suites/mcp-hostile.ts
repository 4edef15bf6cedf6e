// MCP host against hostile requests: forged claims, look-alike audiences, malformed JSON-RPC, batches, version
// switches, session floods and browser preflights. Every refusal is answered by the contract, never by a 500.
import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { createMcpHost } from '../../../../generator/tools/preview/mcp/mcp-host.js';
import { at, endpointOf, initializeMessage, MCP_ACCEPT, openSession, rpc, token, type GetPreview } from '../harness.js';

/** A JSON Web Token over any payload, signed with the preview secret (HS256, RFC 7519): what a forger with the key sends. */
function signed(secret: string, payload: unknown): string {
  const part = (value: unknown) =>
    Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** Words of a JavaScript failure: none may reach an answer. */
const INTERNAL =
  /is not a function|TypeError|ReferenceError|Cannot read|undefined|\[object|ZodError|"expected"|\bat .*:\d+:\d+/;

interface RpcErrorBody {
  jsonrpc?: string;
  error?: { code: number; message: string; data?: { code?: unknown; resolution?: unknown } };
}

/** The contract's MCP error shape: a JSON-RPC error with data.code and data.resolution, and no internal words. */
function expectContractError(body: RpcErrorBody, what: string): { code: number; dataCode: string } {
  expect(body.jsonrpc, what).toBe('2.0');
  expect(typeof body.error?.code, what).toBe('number');
  expect(typeof body.error?.message, what).toBe('string');
  expect(body.error!.message, what).not.toMatch(INTERNAL);
  expect(typeof body.error?.data?.code, `${what}: data.code in ${JSON.stringify(body)}`).toBe('string');
  expect(typeof body.error?.data?.resolution, `${what}: data.resolution`).toBe('string');
  expect((body.error!.data!.resolution as string).length, what).toBeGreaterThan(0);
  return { code: body.error!.code, dataCode: body.error!.data!.code as string };
}

export function mcpHostileSuite(get: GetPreview): void {
  const version = () => get().model.preview!.server.mcpProtocolVersions.at(-1)!;
  const secret = () => get().model.preview!.server.tokenSecret;
  const claims = () => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: get().addresses.auth_url,
      sub: 'u-alice',
      aud: endpointOf(get()),
      scope: 'svc.members.read',
      client_id: 'test-client',
      token_use: 'access',
      iat: now,
      exp: now + 600,
      jti: 'j-1',
    };
  };

  it('refuses signed tokens whose claims have the wrong types with 401 invalid_token, never 500 or an internal message', async () => {
    const forged: [string, unknown][] = [
      ['sub is an object', { ...claims(), sub: { id: 'u-alice' } }],
      ['sub is a number', { ...claims(), sub: 7 }],
      ['scope is a number', { ...claims(), scope: 42 }],
      ['scope is an array', { ...claims(), scope: ['svc.members.read'] }],
      ['aud is a number', { ...claims(), aud: 1 }],
      ['aud is not a URL', { ...claims(), aud: 'not a url' }],
      ['iss is an object', { ...claims(), iss: {} }],
      ['exp is a string', { ...claims(), exp: String(claims().exp) }],
      ['client_id is null', { ...claims(), client_id: null }],
      ['payload is an array', [claims()]],
      ['payload is a string', 'hello'],
      ['payload is null', null],
      ['payload is not JSON', '{"sub":'],
    ];
    for (const [what, payload] of forged) {
      const response = await rpc(get(), initializeMessage(version()), {
        authorization: `Bearer ${signed(secret(), payload)}`,
      });
      expect(response.status, what).toBe(401);
      expect(response.headers.get('www-authenticate'), what).toMatch(/error="invalid_token"/);
      expect(response.headers.get('www-authenticate'), what).not.toMatch(INTERNAL);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message, what).not.toMatch(INTERNAL);
    }
  });

  it('refuses audiences that only resemble the resource: a trailing slash, a fragment, another path', async () => {
    for (const resource of [`${endpointOf(get())}/`, `${endpointOf(get())}#x`, `${endpointOf(get())}/x`]) {
      const response = await rpc(get(), initializeMessage(version()), {
        authorization: `Bearer ${await token(get(), { resource })}`,
      });
      expect(response.status, resource).toBe(401);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message, resource).toMatch(/not issued for/);
    }
  });

  it('gives every JSON-RPC error data.code and data.resolution, also those the SDK would raise', async () => {
    const session = await openSession(get(), await token(get()));
    const inSession: [string, unknown][] = [
      ['no method', { jsonrpc: '2.0', id: 1 }],
      ['jsonrpc 1.0', { jsonrpc: '1.0', id: 1, method: 'ping' }],
      ['id is an object', { jsonrpc: '2.0', id: {}, method: 'ping' }],
      ['params is a string', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: 'all' }],
      ['tools/call name is a number', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 5 } }],
      ['tools/call without params', { jsonrpc: '2.0', id: 1, method: 'tools/call' }],
      ['resources/read uri is a number', { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 7 } }],
      ['unknown method', { jsonrpc: '2.0', id: 1, method: 'prompts/list' }],
      ['a number', 42],
      ['initialize again', initializeMessage(version(), 9)],
    ];
    for (const [what, body] of inSession) {
      const response = await rpc(get(), body, session);
      expect(response.status, what).toBeLessThan(500);
      expectContractError((await response.json()) as RpcErrorBody, what);
    }
    const unknown = await rpc(get(), { jsonrpc: '2.0', id: 1, method: 'prompts/list' }, session);
    expect(((await unknown.json()) as RpcErrorBody).error!.code).toBe(-32601);
    const badParams = await rpc(get(), { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 5 } }, session);
    expect(((await badParams.json()) as RpcErrorBody).error!.code).toBe(-32602);

    const auth = { authorization: `Bearer ${await token(get())}` };
    const headerCases: [string, number, Record<string, string>][] = [
      ['Accept without text/event-stream', 406, { ...session, accept: 'application/json' }],
      ['Content-Type text/plain', 415, { ...session, 'content-type': 'text/plain' }],
      ['initialize with only application/json accepted', 406, { ...auth, accept: 'application/json' }],
    ];
    for (const [what, status, headers] of headerCases) {
      const response = await rpc(get(), { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers);
      expect(response.status, what).toBe(status);
      expectContractError((await response.json()) as RpcErrorBody, what);
    }
  });

  it('answers a second event stream of one session (409) in the contract’s shape', async () => {
    const session = await openSession(get(), await token(get()));
    const first = await fetch(endpointOf(get()), { headers: { ...session, accept: 'text/event-stream' } });
    expect(first.status).toBe(200);
    try {
      const second = await fetch(endpointOf(get()), { headers: { ...session, accept: 'text/event-stream' } });
      expect(second.status).toBe(409);
      expectContractError((await second.json()) as RpcErrorBody, 'second stream');
      const notAccepted = await fetch(endpointOf(get()), { headers: { ...session, accept: 'application/json' } });
      expect(notAccepted.status).toBe(406);
      expectContractError((await notAccepted.json()) as RpcErrorBody, 'GET without text/event-stream');
    } finally {
      await first.body?.cancel().catch(() => {});
    }
  });

  it('refuses JSON-RPC batches, in a session and at initialization', async () => {
    const session = await openSession(get(), await token(get()));
    const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
    const batch = await rpc(get(), [ping(1), ping(2)], session);
    expect(batch.status).toBe(400);
    const body = (await batch.json()) as RpcErrorBody;
    expect(expectContractError(body, 'batch')).toEqual({ code: -32600, dataCode: 'batch_not_supported' });
    const initBatch = await rpc(get(), [initializeMessage(version())], {
      authorization: `Bearer ${await token(get())}`,
    });
    expect(initBatch.status).toBe(400);
    expect(expectContractError((await initBatch.json()) as RpcErrorBody, 'initialize batch').dataCode).toBe(
      'batch_not_supported',
    );
    const empty = await rpc(get(), [], session);
    expect(empty.status).toBe(400);
  });

  it('holds a session to the protocol version it negotiated', async () => {
    const [older, latest] = get().model.preview!.server.mcpProtocolVersions;
    const session = await openSession(get(), await token(get()));
    expect(session['mcp-protocol-version']).toBe(latest);
    const switched = await rpc(
      get(),
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { ...session, 'mcp-protocol-version': older! },
    );
    expect(switched.status).toBe(400);
    expect(expectContractError((await switched.json()) as RpcErrorBody, 'switched').dataCode).toBe(
      'protocol_version_mismatch',
    );
    // Without the header, the negotiated version is assumed (MCP transports: "relying on the protocol version
    // negotiated during initialization").
    const { 'mcp-protocol-version': _v, ...withoutHeader } = session;
    const assumed = await rpc(get(), { jsonrpc: '2.0', id: 3, method: 'tools/list' }, withoutHeader);
    expect(assumed.status).toBe(200);
  });

  it('caps sessions per user: one user opening 500 sessions evicts only their own', async () => {
    const { model, registry, files } = get();
    const host = createMcpHost({ model, registry, files });
    const open = async (user: string) => {
      const response = await host.handler(
        new Request(endpointOf(get()), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: MCP_ACCEPT,
            authorization: `Bearer ${await token(get(), { user })}`,
          },
          body: JSON.stringify(initializeMessage(version())),
        }),
      );
      expect(response.status).toBe(200);
      return response.headers.get('mcp-session-id')!;
    };
    const list = async (user: string, id: string) =>
      host.handler(
        new Request(endpointOf(get()), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: MCP_ACCEPT,
            authorization: `Bearer ${await token(get(), { user })}`,
            'mcp-session-id': id,
            'mcp-protocol-version': version(),
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
        }),
      );
    try {
      const bobs = await open('u-bob');
      let last = '';
      for (let i = 0; i < 500; i++) last = await open('u-alice');
      expect((await list('u-bob', bobs)).status).toBe(200);
      expect((await list('u-alice', last)).status).toBe(200);
      expect(host.sessionCount()).toBeLessThan(100);
    } finally {
      await host.close();
    }
  }, 60_000);

  it('answers CORS preflights on the endpoint and the protected resource metadata as browser clients need', async () => {
    const origin = get().addresses.base_url;
    const preflight = await fetch(endpointOf(get()), {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,mcp-protocol-version,mcp-session-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    const methods = preflight.headers.get('access-control-allow-methods')!.toLowerCase();
    for (const method of ['get', 'post', 'delete']) expect(methods).toContain(method);
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const header of ['authorization', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id']) {
      expect(allowed).toContain(header);
    }
    expect(preflight.headers.get('vary')?.toLowerCase()).toContain('origin');

    // The 401 a browser client starts from must be readable: its origin allowed, WWW-Authenticate exposed.
    const challenge = await fetch(endpointOf(get()), {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', accept: MCP_ACCEPT },
      body: JSON.stringify(initializeMessage(version())),
    });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('access-control-allow-origin')).toBe(origin);
    const exposed = challenge.headers.get('access-control-expose-headers')!.toLowerCase();
    expect(exposed).toContain('www-authenticate');
    expect(exposed).toContain('mcp-session-id');
    await challenge.body?.cancel();

    const refused = await fetch(endpointOf(get()), {
      method: 'OPTIONS',
      headers: { origin: 'http://attacker.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    await refused.body?.cancel();

    const prm = get().model.authentication.protectedResourceMetadataPath;
    for (const path of [prm, `${prm}${get().model.mcpServer.endpointPath}`]) {
      const response = await fetch(at(get(), 'mcp_url', path), {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:6274',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'mcp-protocol-version',
        },
      });
      expect(response.status, path).toBe(204);
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('access-control-allow-headers')!.toLowerCase(), path).toContain(
        'mcp-protocol-version',
      );
    }
  });
}
