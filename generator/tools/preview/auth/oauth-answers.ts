// The authorization server's answers: RFC 6749 section 5.2 error JSON and section 5.1 token JSON (never cached), error
// redirects that carry `state` (section 4.1.2.1), and the form parameters of a request, each given at most once.
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { CORS_ANY, NO_STORE, NOSNIFF } from '../http/headers.js';

/** Every OAuth answer: never stored by a cache (RFC 6749 sections 5.1 and 5.2), readable by browser clients. */
const OAUTH_HEADERS = {
  'content-type': 'application/json',
  'cache-control': NO_STORE,
  pragma: 'no-cache',
  ...NOSNIFF,
  ...CORS_ANY,
};

export function oauthError(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { ...OAUTH_HEADERS, ...headers },
  });
}

/** An OAuth error thrown by the provider, as its JSON answer (400: RFC 6749 section 5.2). */
export function fromOAuthError(error: OAuthError, status = 400): Response {
  return oauthError(status, error.errorCode, error.message);
}

export function tokensAnswer(tokens: OAuthTokens): Response {
  return new Response(JSON.stringify(tokens), { status: 200, headers: OAUTH_HEADERS });
}

/** 302 to the client's redirect URI with the error and, when the request had one, its state. */
export function errorRedirect(
  redirectUri: string,
  error: string,
  description: string,
  state: string | undefined,
): Response {
  const target = new URL(redirectUri);
  target.searchParams.set('error', error);
  target.searchParams.set('error_description', description);
  if (state !== undefined) target.searchParams.set('state', state);
  return new Response(null, { status: 302, headers: { location: target.href, 'cache-control': NO_STORE, ...NOSNIFF } });
}

export type Params = { ok: true; get(name: string): string | undefined } | { ok: false; repeated: string };

/** Parameters given at most once each (RFC 6749 section 3.1: "MUST NOT be included more than once"). */
export function singleParams(search: URLSearchParams): Params {
  const seen = new Map<string, string>();
  for (const [name, value] of search) {
    if (seen.has(name)) return { ok: false, repeated: name };
    seen.set(name, value);
  }
  return { ok: true, get: (name) => seen.get(name) };
}

/** 413 in the OAuth error shape, for a body past the limit. */
export function tooLarge(limit: number): Response {
  return oauthError(413, 'invalid_request', `The request body is larger than ${limit} bytes.`);
}

export function tooManyRequests(waitSeconds: number, what: string): Response {
  return oauthError(429, 'too_many_requests', `Too many ${what}; retry in ${waitSeconds} s.`, {
    'retry-after': String(waitSeconds),
  });
}

export { OAuthError };
