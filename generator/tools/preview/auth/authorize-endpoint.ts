// The authorization endpoint (RFC 6749 section 3.1, OAuth 2.1): the client and its redirect URI are checked first and
// refused directly (never redirected to an unchecked URI); every later problem is redirected with `state`. A code goes
// to a loopback redirect at once, to any other only after the consent page (consent.ts).
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { readLimitedBody } from '../http/read-body.js';
import type { EndpointContext } from './endpoint-context.js';
import { errorRedirect, oauthError, singleParams, tooLarge, tooManyRequests, type Params } from './oauth-answers.js';
import { approvalFits, consentPage } from './consent.js';
import { isLoopbackRedirect, redirectUriMatches, redirectUriProblem } from './redirect-uris.js';

/** RFC 7636 section 4.2: BASE64URL of a SHA-256 digest is 43 characters; the grammar allows 43 to 128. */
const CODE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

export async function authorizeEndpoint(
  request: Request,
  address: string,
  context: EndpointContext,
): Promise<Response> {
  let search: URLSearchParams;
  if (request.method === 'GET') search = new URL(request.url).searchParams;
  else if (request.method === 'POST') {
    const body = await readLimitedBody(request, context.maxBodyBytes);
    if (!body.ok) return tooLarge(context.maxBodyBytes);
    search = new URLSearchParams(body.text);
  } else {
    return oauthError(405, 'invalid_request', 'The authorization endpoint takes GET or POST.', { allow: 'GET, POST' });
  }
  // `state` goes back with every error redirect, even when the request is otherwise broken.
  const state = search.get('state') ?? undefined;
  const params = singleParams(search);

  const target = checkClient(params, address, context);
  if (target instanceof Response) return target;
  const { client, redirectUri, redirectUriGiven } = target;
  const refuse = (error: string, description: string) => errorRedirect(redirectUri, error, description, state);

  if (!params.ok)
    return refuse('invalid_request', `The parameter ${params.repeated.slice(0, 50)} is given more than once.`);
  if (context.perClient.take(client.client_id) > 0) {
    return refuse('temporarily_unavailable', 'Too many authorization requests from this client; retry in a minute.');
  }
  if (params.get('response_type') !== 'code') {
    return refuse('unsupported_response_type', 'Use response_type=code (the authorization code flow).');
  }
  if (params.get('code_challenge_method') !== 'S256') {
    return refuse('invalid_request', 'code_challenge_method must be S256 (PKCE; plain is not accepted).');
  }
  if (!CODE_CHALLENGE.test(params.get('code_challenge') ?? '')) {
    return refuse('invalid_request', 'code_challenge must be the BASE64URL SHA-256 of the code verifier (RFC 7636).');
  }
  try {
    const request = {
      scopes: (params.get('scope') ?? '').split(' '),
      codeChallenge: params.get('code_challenge')!,
      redirectUri,
      redirectUriGiven,
      resource: params.get('resource'),
    };
    const scopes = context.provider.grantFor(request);
    if (!isLoopbackRedirect(redirectUri)) {
      const decision = params.get('decision');
      if (decision === undefined) {
        return consentPage(context.secret, params.get, {
          clientName: client.client_name ?? 'unnamed client',
          host: new URL(redirectUri).host,
          scopes,
          user: context.provider.userId,
        });
      }
      if (!approvalFits(context.secret, params.get, params.get('approval'))) {
        return refuse(
          'invalid_request',
          'The approval is missing, expired or made for another request; authorize again.',
        );
      }
      if (decision !== 'approve') return refuse('access_denied', 'The request was denied on the consent page.');
    }
    const code = context.provider.issueCode(client, request);
    const location = new URL(redirectUri);
    location.searchParams.set('code', code);
    if (state !== undefined) location.searchParams.set('state', state);
    return new Response(null, { status: 302, headers: { location: location.href, 'cache-control': 'no-store' } });
  } catch (error) {
    if (error instanceof OAuthError) return refuse(error.errorCode, error.message);
    throw error;
  }
}

type Target = { client: OAuthClientInformationFull; redirectUri: string; redirectUriGiven: boolean };

/** The client and where to send it back, or the direct refusal (RFC 6749 4.1.2.1: never redirect to an unchecked URI). */
function checkClient(params: Params, address: string, context: EndpointContext): Target | Response {
  if (!params.ok && (params.repeated === 'client_id' || params.repeated === 'redirect_uri')) {
    return oauthError(400, 'invalid_request', `The parameter ${params.repeated} is given more than once.`);
  }
  const get = params.ok ? params.get : () => undefined;
  const clientId = get('client_id');
  const client = clientId === undefined ? undefined : context.provider.clientsStore.getClient(clientId);
  if (!client) {
    const wait = context.perAddress.take(address);
    if (wait > 0) return tooManyRequests(wait, 'requests from this address');
    return clientId === undefined
      ? oauthError(400, 'invalid_request', 'client_id is missing.')
      : oauthError(400, 'invalid_client', 'The client_id is not registered here.');
  }
  const asked = get('redirect_uri');
  const registered = client.redirect_uris.map(String);
  let redirectUri: string | undefined;
  if (asked !== undefined) redirectUri = registered.some((r) => redirectUriMatches(asked, r)) ? asked : undefined;
  else if (registered.length === 1) redirectUri = registered[0];
  if (redirectUri === undefined) {
    return oauthError(
      400,
      'invalid_request',
      asked === undefined
        ? 'redirect_uri is missing, and the client registered more than one.'
        : 'redirect_uri is not one the client registered (compared exactly; a loopback one may differ in its port only).',
    );
  }
  // A client registered before the redirect URI policy (its metadata is signed into its id) is held to it too.
  if (redirectUriProblem(redirectUri)) {
    return oauthError(400, 'invalid_request', 'The registered redirect_uri is not an https or loopback http URI.');
  }
  return { client, redirectUri, redirectUriGiven: asked !== undefined };
}
