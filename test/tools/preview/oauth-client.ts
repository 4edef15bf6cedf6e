// A test OAuth client of the preview authorization server: registration, authorization with PKCE, token requests.
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { at, endpointOf, type GetPreview } from './harness.js';

export const REDIRECT = 'http://127.0.0.1:9/callback';

export function oauthClient(get: GetPreview) {
  const auth = (path: string, init?: RequestInit) =>
    fetch(at(get(), 'auth_url', path), { redirect: 'manual', ...init });

  async function register(
    method = 'none',
    redirectUris = [REDIRECT],
  ): Promise<{ client_id: string; client_secret?: string }> {
    const response = await auth('/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: redirectUris, token_endpoint_auth_method: method, client_name: 'test' }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { client_id: string; client_secret?: string };
  }

  /** An authorization request; the 302's Location and the PKCE verifier that goes with its challenge. */
  async function authorize(clientId: string, params: Record<string, string> = {}) {
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'st-1',
      resource: endpointOf(get()),
      ...params,
    });
    const response = await auth(`/authorize?${query}`);
    expect(response.status).toBe(302);
    return { location: new URL(response.headers.get('location')!), verifier };
  }

  const tokenRequest = (form: Record<string, string>) =>
    auth('/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });

  /** Registration, authorization and the code's exchange: a client holding its first tokens. */
  async function signIn(scope?: string) {
    const client = await register();
    const { location, verifier } = await authorize(client.client_id, scope ? { scope } : {});
    const response = await tokenRequest({
      grant_type: 'authorization_code',
      code: location.searchParams.get('code')!,
      code_verifier: verifier,
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      resource: endpointOf(get()),
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as { access_token: string; refresh_token: string; scope: string };
    return { client, tokens, code: location.searchParams.get('code')!, verifier };
  }

  return { auth, register, authorize, tokenRequest, signIn };
}
