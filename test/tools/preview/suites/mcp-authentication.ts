// MCP host: every refusal before a control runs (401, 403, DNS rebinding, sessions, versions, size), with status, headers and body.
import { expect, it } from 'vitest';
import { createMcpHost } from '../../../../generator/tools/preview/mcp/mcp-host.js';
import {
  allScopes,
  at,
  call,
  endpointOf,
  expectEnvelope,
  initializeMessage,
  openSession,
  rpc,
  scopeOf,
  token,
  type GetPreview,
} from '../harness.js';

/** Parameters of a `WWW-Authenticate: Bearer a="b", c="d"` header. */
function challenge(header: string | null): Record<string, string> {
  expect(header).toMatch(/^Bearer /);
  return Object.fromEntries([...header!.matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

export function mcpAuthenticationSuite(get: GetPreview): void {
  const version = () => get().model.preview!.server.mcpProtocolVersions.at(-1)!;
  const prm = () => `${get().addresses.mcp_url}${get().model.authentication.protectedResourceMetadataPath}`;

  async function expect401(headers: Record<string, string>, code: string, withError: boolean) {
    const response = await rpc(get(), initializeMessage(version()), headers);
    expect(response.status).toBe(401);
    const params = challenge(response.headers.get('www-authenticate'));
    expect(params.resource_metadata).toBe(prm());
    expect(params.scope!.split(' ')).toEqual(allScopes(get()));
    expect(params.error).toBe(withError ? 'invalid_token' : undefined);
    const body = (await response.json()) as { error: { message: string } };
    expectEnvelope(body, 401, code);
    return body.error.message;
  }

  it('refuses a request without a token: 401 with resource_metadata and scope', async () => {
    await expect401({}, 'missing_token', false);
  });

  it('refuses a header that is not "Bearer <token>"', async () => {
    await expect401({ authorization: 'Basic dXNlcjpwYXNz' }, 'invalid_token', true);
    await expect401({ authorization: 'Bearer' }, 'invalid_token', true);
  });

  it('refuses an invalid, expired, foreign-signed or wrong-audience token', async () => {
    const good = await token(get());
    const tampered = good.slice(0, -4) + (good.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(await expect401({ authorization: `Bearer ${tampered}` }, 'invalid_token', true)).toMatch(/signature/);
    expect(await expect401({ authorization: 'Bearer not-a-token' }, 'invalid_token', true)).toMatch(
      /not a preview token/,
    );
    const expired = await token(get(), { now: Math.floor(Date.now() / 1000) - 7200, lifetime: 60 });
    expect(await expect401({ authorization: `Bearer ${expired}` }, 'invalid_token', true)).toMatch(/expired/);
    const foreign = await token(get(), { secret: 'another-secret-another-secret-another-secret' });
    expect(await expect401({ authorization: `Bearer ${foreign}` }, 'invalid_token', true)).toMatch(/signature/);
    const elsewhere = await token(get(), { resource: `${get().addresses.base_url}/mcp` });
    expect(await expect401({ authorization: `Bearer ${elsewhere}` }, 'invalid_token', true)).toMatch(/not issued for/);
    const otherIssuer = await token(get(), { issuer: 'http://localhost:1' });
    expect(await expect401({ authorization: `Bearer ${otherIssuer}` }, 'invalid_token', true)).toMatch(
      /another server/,
    );
  });

  it('answers a control called without its scope with 403 insufficient_scope naming held + needed', async () => {
    const held = [scopeOf(get(), 'list_members')];
    const session = await openSession(get(), await token(get(), { scopes: held }));
    const needed = scopeOf(get(), 'get_physical_product_order');
    const response = await rpc(
      get(),
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'get_physical_product_order', arguments: { communityId: 'c-makers', orderId: 'o-1001' } },
      },
      session,
    );
    expect(response.status).toBe(403);
    const params = challenge(response.headers.get('www-authenticate'));
    expect(params.error).toBe('insufficient_scope');
    expect(params.scope!.split(' ')).toEqual([...held, needed]);
    expect(params.resource_metadata).toBe(prm());
    expectEnvelope(await response.json(), 403, 'insufficient_scope');
  });

  it('answers reading a resource without its scope with 403', async () => {
    const session = await openSession(get(), await token(get(), { scopes: [scopeOf(get(), 'list_members')] }));
    const response = await rpc(
      get(),
      { jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri: 'preview://communities/c-makers' } },
      session,
    );
    expect(response.status).toBe(403);
    expect(challenge(response.headers.get('www-authenticate')).scope).toContain('svc.communities.read');
  });

  it('checks Host and Origin against DNS rebinding', async () => {
    const auth = { authorization: `Bearer ${await token(get())}` };
    const badHost = await rpc(get(), initializeMessage(version()), { ...auth, host: 'attacker.example:80' });
    expect(badHost.status).toBe(403);
    const body = (await badHost.json()) as { error: { data: { code: string; resolution: string } } };
    expect(body.error.data.code).toBe('invalid_origin');
    const badOrigin = await rpc(get(), initializeMessage(version()), { ...auth, origin: 'http://attacker.example' });
    expect(badOrigin.status).toBe(403);
    const goodOrigin = await rpc(get(), initializeMessage(version()), { ...auth, origin: get().addresses.base_url });
    expect(goodOrigin.status).toBe(200);
    const overSocket = await fetch(endpointOf(get()), {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        origin: 'http://evil.example',
      },
      body: JSON.stringify(initializeMessage(version())),
    });
    expect(overSocket.status).toBe(403);
  });

  it('negotiates 2025-06-18 and 2025-11-25, answers an older request with its latest, refuses an unknown version header', async () => {
    const auth = { authorization: `Bearer ${await token(get())}` };
    for (const wanted of get().model.preview!.server.mcpProtocolVersions) {
      const response = await rpc(get(), initializeMessage(wanted), auth);
      expect(((await response.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe(wanted);
    }
    const old = await rpc(get(), initializeMessage('2024-11-05'), auth);
    expect(((await old.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe(version());
    const session = await openSession(get(), await token(get()));
    const refused = await rpc(
      get(),
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { ...session, 'mcp-protocol-version': '2024-11-05' },
    );
    expect(refused.status).toBe(400);
  });

  it('keeps sessions to their user: another user’s token gets "session not found", as an unknown id does', async () => {
    const session = await openSession(get(), await token(get(), { user: 'u-alice' }));
    const asBob = { ...session, authorization: `Bearer ${await token(get(), { user: 'u-bob' })}` };
    const stolen = await call(get(), asBob, 'tools/list');
    const unknown = await call(get(), { ...session, 'mcp-session-id': 'no-such-session' }, 'tools/list');
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual(unknown.body);
    expect(stolen.body.error!.data!.code).toBe('session_not_found');
  });

  it('requires a session id after initialize, and forgets a session after DELETE', async () => {
    const { 'mcp-session-id': _id, ...withoutId } = await openSession(get(), await token(get()));
    const missing = await call(get(), withoutId, 'tools/list');
    expect(missing.status).toBe(400);
    expect(missing.body.error!.data!.code).toBe('missing_session');
    const session = await openSession(get(), await token(get()));
    const deleted = await get().mcp.handler(new Request(endpointOf(get()), { method: 'DELETE', headers: session }));
    expect(deleted.status).toBe(200);
    expect((await call(get(), session, 'tools/list')).status).toBe(404);
  });

  it('refuses a body over the limit with 413 and bad JSON with a parse error', async () => {
    const auth = { authorization: `Bearer ${await token(get())}` };
    const big = await rpc(get(), { pad: 'x'.repeat(get().model.preview!.server.maxRequestBytes) }, auth);
    expect(big.status).toBe(413);
    const bad = await rpc(get(), '{"jsonrpc": ', auth);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it('serves the protected resource metadata at the contract path and the path-inserted form, from the build', async () => {
    const paths = [
      get().model.authentication.protectedResourceMetadataPath,
      `${get().model.authentication.protectedResourceMetadataPath}${get().model.mcpServer.endpointPath}`,
    ];
    for (const path of paths) {
      const response = await fetch(at(get(), 'mcp_url', path));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const document = (await response.json()) as { resource: string; authorization_servers: string[] };
      expect(document.resource).toBe(endpointOf(get()));
      expect(document.authorization_servers).toEqual([get().addresses.auth_url]);
      expect(document).toEqual(get().files.json(get().registry.get(path, 'mcp')!));
    }
    const other = await fetch(at(get(), 'mcp_url', '/sse'));
    expect(other.status).toBe(404);
    expectEnvelope(await other.json(), 404, 'not_found');
  });

  it('switches authentication off only when asked, and says so on every answer', async () => {
    const { model, registry, files } = get();
    const open = createMcpHost({ model, registry, files, authenticationOff: true });
    try {
      const response = await open.handler(
        new Request(endpointOf(get()), {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify(initializeMessage(version())),
        }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('x-preview-auth')).toBe('off');
    } finally {
      await open.close();
    }
    const normal = await rpc(get(), initializeMessage(version()));
    expect(normal.status).toBe(401);
    expect(normal.headers.get('x-preview-auth')).toBeNull();
  });

  it('closes the least recently used session beyond the session limit', async () => {
    const { model, registry, files } = get();
    const host = createMcpHost({ model, registry, files, maxSessions: 2 });
    try {
      const open = async () => {
        const response = await host.handler(
          new Request(endpointOf(get()), {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              authorization: `Bearer ${await token(get())}`,
            },
            body: JSON.stringify(initializeMessage(version())),
          }),
        );
        return response.headers.get('mcp-session-id')!;
      };
      const first = await open();
      await open();
      await open();
      expect(host.sessionCount()).toBe(2);
      const response = await host.handler(
        new Request(endpointOf(get()), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            authorization: `Bearer ${await token(get())}`,
            'mcp-session-id': first,
            'mcp-protocol-version': version(),
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
        }),
      );
      expect(response.status).toBe(404);
    } finally {
      await host.close();
    }
  });

  it('opens the session’s event stream over a socket, and lets it go when the client leaves', async () => {
    const session = await openSession(get(), await token(get()));
    const controller = new AbortController();
    const response = await fetch(endpointOf(get()), {
      headers: { ...session, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    controller.abort();
    await response.body?.cancel().catch(() => {});
    // One stream per session (a second is 409 while the first lives): the host must notice the client left.
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await fetch(endpointOf(get()), { headers: { ...session, accept: 'text/event-stream' } });
      status = again.status;
      await again.body?.cancel().catch(() => {});
    }
    expect(status).toBe(200);
  });

  it('refuses methods other than GET, POST and DELETE on the endpoint with 405', async () => {
    const response = await get().mcp.handler(
      new Request(endpointOf(get()), {
        method: 'PUT',
        headers: { authorization: `Bearer ${await token(get())}` },
        body: '{}',
      }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST, DELETE');
    expectEnvelope(await response.json(), 405, 'method_not_allowed');
  });
}
