// The registration endpoint (RFC 7591): a JSON document in, the client's information out (its id signed, no state).
import { readLimitedBody } from '../http/read-body.js';
import type { EndpointContext } from './endpoint-context.js';
import { oauthError, tooLarge, tooManyRequests } from './oauth-answers.js';
import { checkRegistration } from './registration.js';
import { CORS_ANY, NO_STORE, NOSNIFF } from '../http/headers.js';

export async function registrationEndpoint(
  request: Request,
  address: string,
  context: EndpointContext,
): Promise<Response> {
  if (request.method !== 'POST') {
    return oauthError(405, 'invalid_request', 'The registration endpoint takes POST only.', { allow: 'POST, OPTIONS' });
  }
  const wait = context.perAddress.take(address);
  if (wait > 0) {
    await request.body?.cancel().catch(() => {});
    return tooManyRequests(wait, 'client registrations from this address');
  }
  const body = await readLimitedBody(request, context.maxBodyBytes);
  if (!body.ok) return tooLarge(context.maxBodyBytes);
  let document: unknown;
  try {
    document = JSON.parse(body.text);
  } catch {
    return oauthError(400, 'invalid_client_metadata', 'The registration request is not JSON.');
  }
  const checked = checkRegistration(document);
  if (!checked.ok) return oauthError(400, checked.error, checked.description);
  const client = context.provider.clientsStore.registerClient(checked.metadata);
  // RFC 7591 section 3.2.1: the answer carries credentials, so it is never stored.
  return new Response(JSON.stringify(client), {
    status: 201,
    headers: {
      'content-type': 'application/json',
      'cache-control': NO_STORE,
      pragma: 'no-cache',
      ...NOSNIFF,
      ...CORS_ANY,
    },
  });
}
