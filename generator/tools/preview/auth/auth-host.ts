// The preview authorization server (OAuth 2.1, RFC 9700): the built RFC 8414 document, dynamic client registration,
// the authorization code flow with PKCE and rotating refresh tokens, rate limits per client and per address.
// The SDK's mcpAuthRouter is not used: its handlers answered malformed bodies with HTML stack traces, put schema dumps
// in error descriptions, dropped `state` from error redirects and checked PKCE before spending the code. The SDK still
// gives the error classes, the client metadata schema and the token types.
import { OAuthError, ServerError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { PREVIEW_AUTHORIZATION_SERVER as AS } from '../../../build/emit/discovery/oauth/preview-authorization-server.js';
import type { Registry } from '../../../build/registry/registry.js';
import type { Model } from '../../../model/types.js';
import type { BuiltFiles } from '../built-files.js';
import { notFound } from '../http/errors.js';
import type { FetchHandler } from '../http/fetch-handler.js';
import { fileResponse } from '../http/file-response.js';
import { CORS_ANY, DISCOVERY_CACHE_CONTROL, NOSNIFF } from '../http/headers.js';
import { RateLimiter, type RateLimit } from '../http/rate-limit.js';
import { mcpResourceUrl, requirePreview } from '../preview-model.js';
import { authorizeEndpoint } from './authorize-endpoint.js';
import type { EndpointContext } from './endpoint-context.js';
import { metadataProblems, servedMetadata } from './metadata-check.js';
import { fromOAuthError, oauthError } from './oauth-answers.js';
import { MAX_FAMILIES } from './families.js';
import { DEFAULT_CODE_LIMITS, PreviewOAuthProvider } from './provider.js';
import { registrationEndpoint } from './registration-endpoint.js';
import { tokenEndpoint } from './token-endpoint.js';

// Re-exported for the modules that took them from here first (generator/dev, bench).
export { mcpResourceUrl, requirePreview };

export interface AuthLimits {
  /** Authorization and token requests of one registered client. */
  perClient: RateLimit;
  /** Registrations, and requests naming no registered client, from one address. */
  perAddress: RateLimit;
  pendingCodes: number;
  pendingCodesPerClient: number;
  /** Sign-ins whose refresh tokens stay usable at once; beyond it the least recently used is forgotten. */
  refreshFamilies: number;
}

/**
 * Preview limits. A client signs in with a handful of requests and refreshes about hourly: 10 per second with bursts
 * of 60 leaves room for retries. Registration is rare: 60 at once, then one a second. Every caller of the preview is
 * 127.0.0.1, so a limit per address alone would be one limit for everybody: requests that name a client are charged
 * to the client instead.
 */
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  perClient: { capacity: 60, perSecond: 10 },
  perAddress: { capacity: 60, perSecond: 1 },
  pendingCodes: DEFAULT_CODE_LIMITS.pending,
  pendingCodesPerClient: DEFAULT_CODE_LIMITS.pendingPerClient,
  refreshFamilies: MAX_FAMILIES,
};

export interface AuthHostOptions {
  model: Model;
  registry: Registry;
  files: BuiltFiles;
  /** The preview user authorizations sign in as (default: the content's preview default user). */
  userId?: string;
  limits?: Partial<AuthLimits>;
}

export interface AuthHost {
  handler: FetchHandler;
  provider: PreviewOAuthProvider;
}

export function createPreviewProvider(
  model: Model,
  userId?: string,
  limits: Pick<AuthLimits, 'pendingCodes' | 'pendingCodesPerClient' | 'refreshFamilies'> = DEFAULT_AUTH_LIMITS,
): PreviewOAuthProvider {
  const settings = requirePreview(model).server;
  const user = userId ?? settings.defaultUser;
  if (!requirePreview(model).fixtures.users.some((u) => u.id === user)) {
    throw new Error(`The preview user "${user}" is not among the users of content/preview/fixtures.yaml.`);
  }
  return new PreviewOAuthProvider({
    issuer: model.addresses.auth_url,
    resource: mcpResourceUrl(model),
    scopesSupported: model.authentication.scopes.map((s) => s.name),
    secret: settings.tokenSecret,
    userId: user,
    accessTokenLifetimeSeconds: settings.accessTokenLifetimeSeconds,
    refreshTokenLifetimeSeconds: settings.refreshTokenLifetimeSeconds,
    codeLimits: { pending: limits.pendingCodes, pendingPerClient: limits.pendingCodesPerClient },
    refreshFamilies: limits.refreshFamilies,
  });
}

export function createAuthHost({ model, registry, files, userId, limits: overrides }: AuthHostOptions): AuthHost {
  const limits = { ...DEFAULT_AUTH_LIMITS, ...overrides };
  const provider = createPreviewProvider(model, userId, limits);
  const metadataPath = model.authentication.authorizationServerMetadataPath;
  const entry = registry.get(metadataPath, 'auth');
  const built = entry ? files.of(entry) : undefined;
  if (!entry || !built) {
    throw new Error(
      `The build has no ${model.addresses.auth_url}${metadataPath} (dist-preview-hosts/auth/). Build with --env preview.`,
    );
  }
  const problems = metadataProblems(
    JSON.parse(new TextDecoder().decode(built.bytes)) as Record<string, unknown>,
    servedMetadata(model.addresses.auth_url),
    model.addresses.auth_url,
  );
  if (problems.length > 0) {
    throw new Error(`The built ${metadataPath} disagrees with the authorization server: ${problems.join('; ')}.`);
  }
  const context: EndpointContext = {
    provider,
    perClient: new RateLimiter(limits.perClient),
    perAddress: new RateLimiter(limits.perAddress),
    maxBodyBytes: requirePreview(model).server.maxRequestBytes,
    secret: requirePreview(model).server.tokenSecret,
  };
  const endpoints: Record<string, typeof tokenEndpoint> = {
    [AS.authorizationPath]: authorizeEndpoint,
    [AS.tokenPath]: tokenEndpoint,
    [AS.registrationPath]: registrationEndpoint,
  };
  /** Failures already logged: a failure repeated by every request is logged once. */
  const logged = new Set<string>();

  async function route(request: Request, address: string): Promise<Response> {
    const path = new URL(request.url).pathname;
    // The built document is the one published; serving it keeps the preview and the build from drifting apart.
    if (path === metadataPath) {
      if (request.method === 'OPTIONS') return preflight('GET, HEAD');
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return oauthError(405, 'invalid_request', `Use GET on ${metadataPath}.`, { allow: 'GET, HEAD, OPTIONS' });
      }
      return fileResponse(request, built!, {
        'content-type': entry!.mediaType,
        'cache-control': DISCOVERY_CACHE_CONTROL,
        ...CORS_ANY,
        ...NOSNIFF,
      });
    }
    const endpoint = endpoints[path];
    if (!endpoint) {
      // Protected resource metadata belongs to the MCP host alone.
      return notFound(
        path,
        path.startsWith(model.authentication.protectedResourceMetadataPath)
          ? `Read it at ${model.addresses.mcp_url}${model.authentication.protectedResourceMetadataPath}.`
          : `The authorization server's endpoints are listed in ${model.addresses.auth_url}${metadataPath}.`,
      );
    }
    // Browser-based clients register and exchange tokens from their own origin; authorization is a navigation.
    if (request.method === 'OPTIONS' && path !== AS.authorizationPath) return preflight('POST');
    return endpoint(request, address, context);
  }

  const handler: FetchHandler = async (request, info) => {
    try {
      return await route(request, info?.address ?? 'in-process');
    } catch (error) {
      if (error instanceof OAuthError) return fromOAuthError(error);
      const text = String(error).slice(0, 300);
      if (!logged.has(text) && logged.size < 100) {
        logged.add(text);
        process.stderr.write(`preview authorization server: unexpected failure (logged once): ${text}\n`);
      }
      return fromOAuthError(new ServerError('Internal error of the preview authorization server.'), 500);
    }
  };
  return { handler, provider };
}

function preflight(methods: string): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_ANY,
      'access-control-allow-methods': methods,
      'access-control-allow-headers': 'content-type, authorization, accept, mcp-protocol-version',
      'access-control-max-age': '600',
      allow: `${methods}, OPTIONS`,
      ...NOSNIFF,
    },
  });
}
