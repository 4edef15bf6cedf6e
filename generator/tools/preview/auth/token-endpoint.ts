// The token endpoint (RFC 6749 section 3.2): authorization_code with PKCE and refresh_token grants, for clients
// authenticated by client_secret_post or public ones (none). Every failure is JSON with no-store.
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { timingSafeEqual } from 'node:crypto';
import { readLimitedBody } from '../http/read-body.js';
import type { EndpointContext } from './endpoint-context.js';
import {
  fromOAuthError,
  oauthError,
  singleParams,
  tokensAnswer,
  tooLarge,
  tooManyRequests,
  type Params,
} from './oauth-answers.js';

const FORM = 'application/x-www-form-urlencoded';

export async function tokenEndpoint(request: Request, address: string, context: EndpointContext): Promise<Response> {
  if (request.method !== 'POST') {
    return oauthError(405, 'invalid_request', 'The token endpoint takes POST only.', { allow: 'POST, OPTIONS' });
  }
  if ((request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() !== FORM) {
    await request.body?.cancel().catch(() => {});
    return oauthError(400, 'invalid_request', `Send the token request as ${FORM} (RFC 6749 section 4.1.3).`);
  }
  const body = await readLimitedBody(request, context.maxBodyBytes);
  if (!body.ok) return tooLarge(context.maxBodyBytes);
  const search = new URLSearchParams(body.text);
  const answer = await grantAnswer(singleParams(search), address, context);
  // A code named in a failed request is spent, whatever failed (RFC 9700: a code is single-use; a failure may be an
  // attacker's try with a stolen one).
  const code = search.get('code');
  if (answer.status !== 200 && code !== null && search.get('grant_type') === 'authorization_code') {
    context.provider.spendCode(code);
  }
  return answer;
}

async function grantAnswer(params: Params, address: string, context: EndpointContext): Promise<Response> {
  if (!params.ok)
    return oauthError(400, 'invalid_request', `The parameter ${params.repeated.slice(0, 50)} is given more than once.`);

  const clientId = params.get('client_id');
  if (clientId === undefined) {
    return junk(address, context) ?? oauthError(400, 'invalid_request', 'client_id is missing.');
  }
  const client = context.provider.clientsStore.getClient(clientId);
  if (!client)
    return junk(address, context) ?? oauthError(400, 'invalid_client', 'The client_id is not registered here.');
  const wait = context.perClient.take(client.client_id);
  if (wait > 0) return tooManyRequests(wait, 'token requests from this client');

  const grant = params.get('grant_type');
  const code = params.get('code');
  if (!secretMatches(client.client_secret, params.get('client_secret'))) {
    return oauthError(400, 'invalid_client', 'The client_secret is missing or wrong.');
  }
  try {
    if (grant === 'authorization_code') {
      if (code === undefined) return oauthError(400, 'invalid_request', 'code is missing.');
      const tokens = await context.provider.exchangeAuthorizationCode(
        client,
        code,
        params.get('code_verifier'),
        params.get('redirect_uri'),
        params.get('resource'),
      );
      return tokensAnswer(tokens);
    }
    if (grant === 'refresh_token') {
      const refreshToken = params.get('refresh_token');
      if (refreshToken === undefined) return oauthError(400, 'invalid_request', 'refresh_token is missing.');
      const scope = params.get('scope');
      return tokensAnswer(
        await context.provider.exchangeRefreshToken(client, refreshToken, scope?.split(' '), params.get('resource')),
      );
    }
    return oauthError(
      400,
      grant === undefined ? 'invalid_request' : 'unsupported_grant_type',
      grant === undefined ? 'grant_type is missing.' : 'Use grant_type authorization_code or refresh_token.',
    );
  } catch (error) {
    if (error instanceof OAuthError) return fromOAuthError(error);
    throw error;
  }
}

/** A request naming no registered client is charged to its address. */
function junk(address: string, context: EndpointContext): Response | undefined {
  const wait = context.perAddress.take(address);
  return wait > 0 ? tooManyRequests(wait, 'requests from this address') : undefined;
}

/** Public clients have no secret; a confidential client's must match (compared in constant time). */
function secretMatches(expected: string | undefined, given: string | undefined): boolean {
  if (expected === undefined) return true;
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
