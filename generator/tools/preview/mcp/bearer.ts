// Bearer authentication of the MCP host (RFC 6750, RFC 9728, MCP authorization): 401 and 403 answers a client can act on.
import type { OAuthTokenVerifier } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { apiErrorResponse } from '../../../runtime/api-error.js';
import { NO_STORE } from '../http/headers.js';

export interface BearerOptions {
  verifier: OAuthTokenVerifier;
  /** The resource tokens must be bound to: `{mcp_url}/mcp`, as URL parsing writes it (compared with each token's). */
  resource: string;
  /** `{mcp_url}/.well-known/oauth-protected-resource`, the contract's address of the metadata. */
  resourceMetadataUrl: string;
  /** What a client without a token should ask for: every supported scope (all read-only). */
  scopes: string[];
}

export type Authentication = { ok: true; auth: AuthInfo } | { ok: false; response: Response };

const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`;

function challenge(params: Record<string, string>): string {
  return `Bearer ${Object.entries(params)
    .map(([name, value]) => `${name}=${quoted(value)}`)
    .join(', ')}`;
}

function unauthorized(options: BearerOptions, code: string, message: string, withError: boolean): Response {
  // Without credentials RFC 6750 section 3.1 sends no error code; with bad credentials, invalid_token.
  const params: Record<string, string> = withError ? { error: 'invalid_token', error_description: message } : {};
  params.resource_metadata = options.resourceMetadataUrl;
  params.scope = options.scopes.join(' ');
  return apiErrorResponse(
    401,
    code,
    message,
    `Send a bearer token in the Authorization header, bound to ${options.resource}. The OAuth chain starts at ${options.resourceMetadataUrl}.`,
    { 'www-authenticate': challenge(params), 'cache-control': NO_STORE },
  );
}

export async function authenticate(request: Request, options: BearerOptions): Promise<Authentication> {
  const header = request.headers.get('authorization');
  if (!header)
    return {
      ok: false,
      response: unauthorized(options, 'missing_token', 'This MCP server requires a bearer token.', false),
    };
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
  if (!match) {
    return {
      ok: false,
      response: unauthorized(options, 'invalid_token', 'The Authorization header is not "Bearer <token>".', true),
    };
  }
  let auth: AuthInfo;
  try {
    auth = await options.verifier.verifyAccessToken(match[1]!);
  } catch (error) {
    // The verifier's own refusals are written for clients; anything else is a failure whose words stay inside.
    const message = error instanceof InvalidTokenError ? error.message : 'The token is not valid.';
    return { ok: false, response: unauthorized(options, 'invalid_token', message, true) };
  }
  // RFC 8707 and MCP authorization: the audience is the resource itself. URL parsing has already lower-cased the
  // scheme and host (which MCP asks servers to accept); a trailing slash, a fragment or another path is another resource.
  if (!(auth.resource instanceof URL) || auth.resource.href !== options.resource) {
    return {
      ok: false,
      response: unauthorized(options, 'invalid_token', `The token was not issued for ${options.resource}.`, true),
    };
  }
  if (typeof auth.expiresAt !== 'number' || auth.expiresAt <= Date.now() / 1000) {
    return { ok: false, response: unauthorized(options, 'invalid_token', 'The token has expired.', true) };
  }
  if (typeof auth.extra?.userId !== 'string' || !Array.isArray(auth.scopes)) {
    return { ok: false, response: unauthorized(options, 'invalid_token', 'The token names no user.', true) };
  }
  return { ok: true, auth };
}

/** 403 for a call whose scope the token lacks: the challenge names the scopes held plus the one needed (step-up). */
export function insufficientScope(options: BearerOptions, held: string[], needed: string, what: string): Response {
  const scope = [...new Set([...held, needed])].join(' ');
  return apiErrorResponse(
    403,
    'insufficient_scope',
    `${what} needs scope ${needed}, which the token does not carry.`,
    `Authorize again with the scopes ${scope} and retry.`,
    {
      'www-authenticate': challenge({
        error: 'insufficient_scope',
        scope,
        resource_metadata: options.resourceMetadataUrl,
        error_description: `${what} needs scope ${needed}.`,
      }),
      'cache-control': NO_STORE,
    },
  );
}
