// Authorization server: the built RFC 8414 document, registration, authorization code with PKCE, tokens, refresh, refusals.
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { createAuthHost } from '../../../../generator/tools/preview/auth/auth-host.js';
import { metadataProblems, servedMetadata } from '../../../../generator/tools/preview/auth/metadata-check.js';
import { BuiltFiles } from '../../../../generator/tools/preview/built-files.js';
import { endpointOf, expectEnvelope, type GetPreview } from '../harness.js';
import { oauthClient, REDIRECT } from '../oauth-client.js';

export function authServerSuite(get: GetPreview): void {
  const { auth, register, authorize, tokenRequest } = oauthClient(get);
  const metadataPath = () => get().model.authentication.authorizationServerMetadataPath;

  it('serves the built RFC 8414 document, with S256, agreeing with the router', async () => {
    const response = await auth(metadataPath());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(get().registry.get(metadataPath(), 'auth')!.mediaType);
    const document = (await response.json()) as Record<string, unknown>;
    expect(document).toEqual(get().files.json(get().registry.get(metadataPath(), 'auth')!));
    expect(document.code_challenge_methods_supported).toEqual(['S256']);
    expect(document.issuer).toBe(get().addresses.auth_url);
  });

  it('refuses to start when the built document disagrees with the server', () => {
    const { model, registry, files } = get();
    const entry = registry.get(metadataPath(), 'auth')!;
    const original = files.json<Record<string, unknown>>(entry)!;
    const served = servedMetadata(model.addresses.auth_url);
    expect(metadataProblems(original, served, model.addresses.auth_url)).toEqual([]);
    const broken = {
      ...original,
      token_endpoint: `${model.addresses.auth_url}/oauth/token`,
      code_challenge_methods_supported: ['plain'],
    };
    const problems = metadataProblems(broken, served, model.addresses.auth_url);
    expect(problems.join('\n')).toMatch(/token_endpoint/);
    expect(problems.join('\n')).toMatch(/S256/);
    expect(
      metadataProblems({ ...original, issuer: 'http://localhost:1' }, served, model.addresses.auth_url).join(),
    ).toMatch(/issuer/);
    const bytes = new TextEncoder().encode(JSON.stringify(broken));
    const swapped = new BuiltFiles(
      registry.entries.map((e) => (e === entry ? { entry, bytes, etag: '"x"' } : files.of(e)!)).filter(Boolean),
    );
    expect(() => createAuthHost({ model, registry, files: swapped })).toThrow(/disagrees/);
  });

  it('registers a client, auto-approves as the preview user, and issues tokens bound to the MCP resource', async () => {
    const client = await register();
    const scopes = 'svc.members.read svc.orders.read';
    const { location, verifier } = await authorize(client.client_id, { scope: scopes });
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('st-1');
    const code = location.searchParams.get('code')!;
    const response = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      resource: endpointOf(get()),
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as {
      access_token: string;
      refresh_token: string;
      scope: string;
      token_type: string;
    };
    expect(tokens.scope).toBe(scopes);
    const info = await get().auth.provider.verifyAccessToken(tokens.access_token);
    expect(info.resource!.href).toBe(endpointOf(get()));
    expect(info.scopes).toEqual(scopes.split(' '));
    expect(info.extra!.userId).toBe(get().model.preview!.server.defaultUser);
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { access_token: string; refresh_token: string; scope: string };
    expect(next.scope).toBe(scopes);
    expect((await get().auth.provider.verifyAccessToken(next.access_token)).scopes).toEqual(scopes.split(' '));
    // A refresh that would widen the scope is refused, and leaves the refresh token usable.
    const wider = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: next.refresh_token,
      client_id: client.client_id,
      scope: `${scopes} svc.products.read`,
    });
    expect(wider.status).toBe(400);
    expect(((await wider.json()) as { error: string }).error).toBe('invalid_scope');
    const notARefresh = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.access_token,
      client_id: client.client_id,
    });
    expect(notARefresh.status).toBe(400);
    // A code is single-use.
    const again = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: client.client_id,
      redirect_uri: REDIRECT,
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('refuses a wrong PKCE verifier', async () => {
    const client = await register();
    const { location } = await authorize(client.client_id);
    const response = await tokenRequest({
      grant_type: 'authorization_code',
      code: location.searchParams.get('code')!,
      code_verifier: randomBytes(32).toString('base64url'),
      client_id: client.client_id,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('refuses an unknown scope and a foreign resource in the redirect, and a forged client id outright', async () => {
    const client = await register();
    const scope = await authorize(client.client_id, { scope: 'svc.payments.write' });
    expect(scope.location.searchParams.get('error')).toBe('invalid_scope');
    const target = await authorize(client.client_id, { resource: `${get().addresses.base_url}/mcp` });
    expect(target.location.searchParams.get('error')).toBe('invalid_target');
    const forged = `${client.client_id.slice(0, -3)}abc`;
    const response = await auth(
      `/authorize?${new URLSearchParams({ response_type: 'code', client_id: forged, redirect_uri: REDIRECT, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`,
    );
    expect(response.status).toBe(400);
  });

  it('authenticates a confidential client by its derived secret; a wrong one spends the code', async () => {
    const client = await register('client_secret_post');
    expect(client.client_secret).toBeTruthy();
    const exchange = async (secret: string) => {
      const { location, verifier } = await authorize(client.client_id);
      const form = {
        grant_type: 'authorization_code',
        code: location.searchParams.get('code')!,
        code_verifier: verifier,
        client_id: client.client_id,
        redirect_uri: REDIRECT,
      };
      return { form, response: await tokenRequest({ ...form, client_secret: secret }) };
    };
    const wrong = await exchange('wrong');
    expect(wrong.response.status).toBe(400);
    expect(((await wrong.response.json()) as { error: string }).error).toBe('invalid_client');
    // A code presented with wrong credentials may be a stolen one: it is spent.
    const retried = await tokenRequest({ ...wrong.form, client_secret: client.client_secret! });
    expect(((await retried.json()) as { error: string }).error).toBe('invalid_grant');
    const right = await exchange(client.client_secret!);
    expect(right.response.status).toBe(200);
  });

  it('does not serve the MCP host’s protected resource metadata, and answers unknown paths with the envelope', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/nothing',
    ]) {
      const response = await auth(path);
      expect(response.status, path).toBe(404);
      expectEnvelope(await response.json(), 404, 'not_found');
    }
  });

  it('refuses to start without the built RFC 8414 document', () => {
    const { model, registry, files } = get();
    const entry = registry.get(metadataPath(), 'auth')!;
    const without = new BuiltFiles(
      registry.entries
        .filter((e) => e !== entry)
        .map((e) => files.of(e)!)
        .filter(Boolean),
    );
    expect(() => createAuthHost({ model, registry, files: without })).toThrow(/build has no/);
  });
}
