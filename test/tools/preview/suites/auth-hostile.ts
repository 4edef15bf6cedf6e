// Authorization server against hostile requests: redirect URIs, replayed refresh tokens and codes, error redirects
// without state, internal messages, floods. Each refusal is JSON with no-store (or a redirect carrying state).
import { expect, it, vi } from 'vitest';
import { createAuthHost } from '../../../../generator/tools/preview/auth/auth-host.js';
import { endpointOf, type GetPreview } from '../harness.js';
import { oauthClient, REDIRECT } from '../oauth-client.js';

/** Words of a failure's internals: a stack frame, a package path, a schema library's dump. */
const INTERNAL = /node_modules|\bat .*:\d+:\d+|TypeError|SyntaxError|ZodError|"code":|"expected"|\[\s*\{|<html|<pre/i;

async function expectOAuthError(response: Response, status: number, error: string, what: string): Promise<void> {
  expect(response.status, what).toBe(status);
  expect(response.headers.get('content-type'), what).toMatch(/^application\/json/);
  expect(response.headers.get('cache-control'), what).toBe('no-store');
  const text = await response.text();
  expect(text, what).not.toMatch(INTERNAL);
  const body = JSON.parse(text) as { error: string; error_description?: string };
  expect(body.error, `${what}: ${text}`).toBe(error);
}

export function authHostileSuite(get: GetPreview): void {
  const { auth, register, authorize, tokenRequest, signIn } = oauthClient(get);
  const registerRaw = (body: unknown) =>
    auth('/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('registers only https and loopback http redirect URIs, without fragments', async () => {
    for (const uris of [
      ['http://evil.example/cb'],
      ['http://127.0.0.2/cb'],
      ['https://evil.example/cb#frag'],
      ['http://127.0.0.1:8080/cb#'],
      ['file:///etc/passwd'],
      ['custom-scheme:/cb'],
      ['javascript:alert(1)'],
      ['https://user:pass@app.example/cb'],
      ['/relative/cb'],
      [],
      'https://app.example/cb',
      [42],
    ]) {
      await expectOAuthError(
        await registerRaw({ redirect_uris: uris }),
        400,
        'invalid_redirect_uri',
        JSON.stringify(uris),
      );
    }
    for (const uri of [
      'https://app.example/cb',
      'http://127.0.0.1:7777/cb',
      'http://[::1]:7777/cb',
      'http://localhost:7777/cb',
    ]) {
      const response = await registerRaw({ redirect_uris: [uri], token_endpoint_auth_method: 'none' });
      expect(response.status, uri).toBe(201);
    }
  });

  it('sends a code to a redirect URI off this machine only after a person approves it on a page naming the host', async () => {
    const client = await register('none', ['https://evil.example/steal']);
    const query = (extra: Record<string, string> = {}) =>
      new URLSearchParams({
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: 'https://evil.example/steal',
        code_challenge: 'c'.repeat(43),
        code_challenge_method: 'S256',
        state: 's-1',
        resource: endpointOf(get()),
        ...extra,
      });
    const page = await auth(`/authorize?${query()}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('location')).toBeNull();
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('evil.example');
    expect(html).not.toMatch(/code=/);
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!.replaceAll('&#x26;', '&'),
      ]),
    );
    expect(fields.approval).toBeTruthy();
    const answer = (form: Record<string, string>) =>
      auth('/authorize', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
    const denied = new URL((await answer({ ...fields, decision: 'deny' })).headers.get('location')!);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('s-1');
    const forged = new URL(
      (await answer({ ...fields, scope: 'svc.orders.read', decision: 'approve' })).headers.get('location')!,
    );
    expect(forged.searchParams.get('code')).toBeNull();
    expect(forged.searchParams.get('error')).toBe('invalid_request');
    const approved = new URL((await answer({ ...fields, decision: 'approve' })).headers.get('location')!);
    expect(approved.origin + approved.pathname).toBe('https://evil.example/steal');
    expect(approved.searchParams.get('code')).toBeTruthy();
    expect(approved.searchParams.get('state')).toBe('s-1');
  });

  it('escapes what a client registered when it shows it on the consent page', async () => {
    const response = await registerRaw({
      redirect_uris: ['https://app.example/cb'],
      token_endpoint_auth_method: 'none',
      client_name: '<script>alert(1)</script>',
    });
    const client = (await response.json()) as { client_id: string };
    const page = await auth(
      `/authorize?${new URLSearchParams({ response_type: 'code', client_id: client.client_id, code_challenge: 'c'.repeat(43), code_challenge_method: 'S256' })}`,
    );
    const html = await page.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#x3C;script>');
  });

  it('redirects only to a registered redirect URI matched exactly (a loopback one on any port)', async () => {
    const client = await register('none', ['https://app.example/cb', 'http://127.0.0.1:7777/cb']);
    for (const redirect of [
      'https://app.example/cb/x',
      'https://app.example/cb?x=1',
      'https://app.example/CB',
      'http://127.0.0.1:7777/other',
    ]) {
      const response = await auth(
        `/authorize?${new URLSearchParams({ response_type: 'code', client_id: client.client_id, redirect_uri: redirect, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', state: 's' })}`,
      );
      await expectOAuthError(response, 400, 'invalid_request', redirect);
    }
    // RFC 8252 section 7.3: a native client's loopback listener gets whatever port the system gives it.
    const { location } = await authorize(client.client_id, { redirect_uri: 'http://127.0.0.1:49152/cb' });
    expect(location.searchParams.get('code')).toBeTruthy();
  });

  it('spends a code on a failed exchange: a wrong PKCE verifier, redirect URI, resource or client', async () => {
    const client = await register();
    const other = await register();
    const failures: [string, (code: string, verifier: string) => Record<string, string>][] = [
      ['wrong verifier', (code) => ({ code, code_verifier: 'w'.repeat(43), client_id: client.client_id })],
      [
        'wrong redirect',
        (code, verifier) => ({
          code,
          code_verifier: verifier,
          client_id: client.client_id,
          redirect_uri: 'http://127.0.0.1:9/other',
        }),
      ],
      [
        'wrong resource',
        (code, verifier) => ({
          code,
          code_verifier: verifier,
          client_id: client.client_id,
          resource: `${endpointOf(get())}/`,
        }),
      ],
      ['other client', (code, verifier) => ({ code, code_verifier: verifier, client_id: other.client_id })],
      ['no verifier', (code) => ({ code, client_id: client.client_id })],
    ];
    for (const [what, form] of failures) {
      const { location, verifier } = await authorize(client.client_id);
      const code = location.searchParams.get('code')!;
      const failed = await tokenRequest({ grant_type: 'authorization_code', ...form(code, verifier) });
      expect(failed.status, what).toBe(400);
      const retry = await tokenRequest({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        client_id: client.client_id,
        redirect_uri: REDIRECT,
      });
      await expectOAuthError(retry, 400, 'invalid_grant', `${what}, then the right request`);
    }
  });

  it('refuses a code used twice and revokes the tokens it gave', async () => {
    const { client, tokens, code, verifier } = await signIn();
    const again = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: client.client_id,
      redirect_uri: REDIRECT,
    });
    await expectOAuthError(again, 400, 'invalid_grant', 'second use');
    const refresh = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
    });
    await expectOAuthError(refresh, 400, 'invalid_grant', 'refresh after the code was replayed');
  });

  it('rotates refresh tokens: a replayed one is refused and revokes its whole family', async () => {
    const { client, tokens } = await signIn();
    const refresh = (token: string) =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: token, client_id: client.client_id });
    const first = await refresh(tokens.refresh_token);
    expect(first.status).toBe(200);
    const rotated = (await first.json()) as { refresh_token: string };
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    await expectOAuthError(await refresh(tokens.refresh_token), 400, 'invalid_grant', 'replayed refresh token');
    await expectOAuthError(await refresh(rotated.refresh_token), 400, 'invalid_grant', 'the family after a replay');
  });

  it('returns state on every error redirect, with a description in words', async () => {
    const client = await register();
    const cases: [Record<string, string>, string][] = [
      [{ code_challenge: '' }, 'invalid_request'],
      [{ code_challenge: 'short' }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'svc.payments.write' }, 'invalid_scope'],
      [{ resource: `${get().addresses.base_url}/mcp` }, 'invalid_target'],
      [{ resource: `${endpointOf(get())}#x` }, 'invalid_target'],
      [{ resource: 'not a uri' }, 'invalid_target'],
    ];
    for (const [params, error] of cases) {
      const what = JSON.stringify(params);
      const { location } = await authorize(client.client_id, { ...params, state: 'keep-me' });
      expect(location.searchParams.get('error'), what).toBe(error);
      expect(location.searchParams.get('state'), what).toBe('keep-me');
      expect(location.searchParams.get('error_description') ?? '', what).not.toMatch(INTERNAL);
      expect(location.searchParams.get('code'), what).toBeNull();
    }
  });

  it('answers malformed and oversized requests in JSON with no-store, and logs nothing per request', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const writes = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const big = 'x'.repeat(2 * 1024 * 1024);
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const cases: [string, Promise<Response>, number, string][] = [
        ['register {bad', registerRaw('{bad'), 400, 'invalid_client_metadata'],
        ['register 2 MB', registerRaw(`{"pad":"${big}"}`), 413, 'invalid_request'],
        ['register array', registerRaw('[]'), 400, 'invalid_client_metadata'],
        [
          'register bad grant type',
          registerRaw({ redirect_uris: [REDIRECT], grant_types: ['password'] }),
          400,
          'invalid_client_metadata',
        ],
        [
          'token 2 MB',
          auth('/token', { method: 'POST', headers: form, body: `grant_type=${big}` }),
          413,
          'invalid_request',
        ],
        [
          'token JSON body',
          auth('/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
          400,
          'invalid_request',
        ],
        [
          'token without client_id',
          auth('/token', { method: 'POST', headers: form, body: 'grant_type=authorization_code&code=x' }),
          400,
          'invalid_request',
        ],
        [
          'token with a repeated parameter',
          auth('/token', {
            method: 'POST',
            headers: form,
            body: 'grant_type=refresh_token&grant_type=refresh_token&client_id=x',
          }),
          400,
          'invalid_request',
        ],
        [
          'token unknown client',
          auth('/token', {
            method: 'POST',
            headers: form,
            body: 'grant_type=authorization_code&code=x&client_id=nobody',
          }),
          400,
          'invalid_client',
        ],
        ['token GET', auth('/token'), 405, 'invalid_request'],
        ['authorize without client_id', auth('/authorize?response_type=code'), 400, 'invalid_request'],
        [
          'authorize unknown client',
          auth(`/authorize?client_id=nobody&redirect_uri=${encodeURIComponent(REDIRECT)}`),
          400,
          'invalid_client',
        ],
      ];
      for (const [what, pending, status, error] of cases) await expectOAuthError(await pending, status, error, what);
      const client = await register();
      const unsupported = await tokenRequest({ grant_type: 'password', client_id: client.client_id });
      await expectOAuthError(unsupported, 400, 'unsupported_grant_type', 'password grant');
      expect(errors).not.toHaveBeenCalled();
      expect(writes).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      writes.mockRestore();
    }
  });

  it('rate-limits per client and per address, and caps pending codes', async () => {
    const { model, registry, files } = get();
    const host = createAuthHost({
      model,
      registry,
      files,
      limits: {
        perClient: { capacity: 5, perSecond: 0.01 },
        perAddress: { capacity: 3, perSecond: 0.01 },
        pendingCodes: 8,
        pendingCodesPerClient: 4,
      },
    });
    const call = (path: string, init: RequestInit = {}, address = '192.0.2.1') =>
      host.handler(new Request(`${model.addresses.auth_url}${path}`, { redirect: 'manual', ...init }), { address });
    const registration = (address: string) =>
      call(
        '/register',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
        },
        address,
      );
    const clients: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await registration('192.0.2.1');
      expect(response.status).toBe(201);
      clients.push(((await response.json()) as { client_id: string }).client_id);
    }
    const flooded = await registration('192.0.2.1');
    await expectOAuthError(flooded, 429, 'too_many_requests', 'fourth registration from one address');
    expect(flooded.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await registration('192.0.2.2')).status).toBe(201);

    const authorizeAs = (clientId: string) =>
      call(
        `/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: 'c'.repeat(43), code_challenge_method: 'S256', state: 's' })}`,
      );
    const statuses: string[] = [];
    for (let i = 0; i < 7; i++) {
      const location = new URL((await authorizeAs(clients[0]!)).headers.get('location')!);
      statuses.push(location.searchParams.get('error') ?? 'code');
    }
    expect(statuses.slice(0, 5)).toEqual(['code', 'code', 'code', 'code', 'code']);
    expect(statuses.slice(5)).toEqual(['temporarily_unavailable', 'temporarily_unavailable']);
    expect(host.provider.pendingCodes()).toBeLessThanOrEqual(4);
    const outcome = async (clientId: string) =>
      new URL((await authorizeAs(clientId)).headers.get('location')!).searchParams.get('error') ?? 'code';
    for (let i = 0; i < 4; i++) expect(await outcome(clients[1]!)).toBe('code');
    // Every pending code is taken: a new one waits until one is exchanged or expires.
    expect(await outcome(clients[2]!)).toBe('temporarily_unavailable');
    expect(host.provider.pendingCodes()).toBe(8);
  });
}
