// The preview authorization server: the SDK's mcpAuthRouter over the preview provider, serving the built RFC 8414 document.
import express, { type Express } from 'express';
import { createOAuthMetadata, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { apiError } from '../../../runtime/api-error.js';
import type { Model } from '../../../model/types.js';
import type { Registry } from '../../../build/registry/registry.js';
import type { BuiltFiles } from '../built-files.js';
import { CORS_ANY, DISCOVERY_CACHE_CONTROL, NO_STORE, NOSNIFF } from '../http/headers.js';
import { mcpResourceUrl, requirePreview } from '../preview-model.js';
import { metadataProblems } from './metadata-check.js';
import { PreviewOAuthProvider } from './provider.js';

// Re-exported for the modules that took them from here first (generator/dev, bench).
export { mcpResourceUrl, requirePreview };

export interface AuthHostOptions {
  model: Model;
  registry: Registry;
  files: BuiltFiles;
  /** The preview user authorizations sign in as (default: the content's preview default user). */
  userId?: string;
}

export interface AuthHost {
  app: Express;
  provider: PreviewOAuthProvider;
}

export function createPreviewProvider(model: Model, userId?: string): PreviewOAuthProvider {
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
  });
}

export function createAuthHost({ model, registry, files, userId }: AuthHostOptions): AuthHost {
  const provider = createPreviewProvider(model, userId);
  const metadataPath = model.authentication.authorizationServerMetadataPath;
  const entry = registry.get(metadataPath, 'auth');
  const built = entry ? files.of(entry) : undefined;
  if (!entry || !built) {
    throw new Error(
      `The build has no ${model.addresses.auth_url}${metadataPath} (dist-preview-hosts/auth/). Build with --env preview.`,
    );
  }
  const options = {
    provider,
    issuerUrl: new URL(model.addresses.auth_url),
    scopesSupported: model.authentication.scopes.map((s) => s.name),
    resourceServerUrl: new URL(mcpResourceUrl(model)),
    resourceName: model.mcpServer.title,
  };
  const problems = metadataProblems(
    JSON.parse(new TextDecoder().decode(built.bytes)) as Record<string, unknown>,
    createOAuthMetadata(options),
    model.addresses.auth_url,
  );
  if (problems.length > 0) {
    throw new Error(`The built ${metadataPath} disagrees with the authorization server: ${problems.join('; ')}.`);
  }

  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.set(NOSNIFF);
    next();
  });
  // The built document is the one published; serving it keeps the preview and the build from drifting apart.
  app.get(metadataPath, (req, res) => {
    // setHeader, not res.set: express would append a charset the standards table does not give this media type.
    for (const [name, value] of Object.entries({
      'content-type': entry.mediaType,
      'cache-control': DISCOVERY_CACHE_CONTROL,
      etag: built.etag,
      ...CORS_ANY,
    })) {
      res.setHeader(name, value);
    }
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.status(200).send(Buffer.from(built.bytes));
  });
  // The router would also answer protected resource metadata here; that document belongs to the MCP host alone.
  app.use(model.authentication.protectedResourceMetadataPath, (_req, res) => {
    sendError(
      res,
      404,
      'not_found',
      'Protected resource metadata is not served by the authorization server.',
      `Read it at ${model.addresses.mcp_url}${model.authentication.protectedResourceMetadataPath}.`,
    );
  });
  app.use(
    mcpAuthRouter({
      ...options,
      authorizationOptions: { rateLimit: false },
      tokenOptions: { rateLimit: false },
      clientRegistrationOptions: { rateLimit: false },
      revocationOptions: { rateLimit: false },
    }),
  );
  app.use((req, res) => {
    sendError(
      res,
      404,
      'not_found',
      `Nothing is published at ${req.path}.`,
      `The authorization server's endpoints are listed in ${model.addresses.auth_url}${metadataPath}.`,
    );
  });
  return { app, provider };
}

function sendError(res: express.Response, status: number, code: string, message: string, resolution: string): void {
  res
    .status(status)
    .set({ 'cache-control': NO_STORE, ...CORS_ANY })
    .json(apiError(status, code, message, resolution));
}
