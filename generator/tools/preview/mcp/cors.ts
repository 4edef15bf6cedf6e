// CORS for browser-based MCP clients: the preflight and the response headers of the MCP endpoint (for the origins the
// rebinding check accepts) and of its public metadata documents (any origin).
import { CORS_ANY, NOSNIFF } from '../http/headers.js';

/** Request headers an MCP client sends: bearer token, JSON body, session, negotiated version, stream resumption. */
const ENDPOINT_REQUEST_HEADERS =
  'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id';
/** Response headers a browser client must read: the session id and the 401/403 challenge that starts the OAuth chain. */
const ENDPOINT_EXPOSED_HEADERS = 'mcp-session-id, mcp-protocol-version, www-authenticate';
/** SDK clients send MCP-Protocol-Version when they fetch the metadata documents, which makes the request preflighted. */
const DOCUMENT_REQUEST_HEADERS = 'mcp-protocol-version, accept';
const PREFLIGHT_MAX_AGE = '600';

/** The CORS headers of an endpoint answer to a request from an accepted origin. */
export function endpointCorsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-expose-headers': ENDPOINT_EXPOSED_HEADERS,
    vary: 'Origin',
  };
}

/** 204 to a preflight of the endpoint from an accepted origin (or from no browser at all). */
export function endpointPreflight(origin: string | null, methods: string[]): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...(origin ? endpointCorsHeaders(origin) : {}),
      'access-control-allow-methods': methods.join(', '),
      'access-control-allow-headers': ENDPOINT_REQUEST_HEADERS,
      'access-control-max-age': PREFLIGHT_MAX_AGE,
      allow: [...methods, 'OPTIONS'].join(', '),
      ...NOSNIFF,
    },
  });
}

/** 204 to a preflight of a public document (GET and HEAD from any origin). */
export function documentPreflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_ANY,
      'access-control-allow-methods': 'GET, HEAD',
      'access-control-allow-headers': DOCUMENT_REQUEST_HEADERS,
      'access-control-max-age': PREFLIGHT_MAX_AGE,
      allow: 'GET, HEAD, OPTIONS',
      ...NOSNIFF,
    },
  });
}
