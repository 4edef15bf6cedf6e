// The preview authorization server's OAuth provider: auto-approves as the preview user, issues signed tokens
// bound to the MCP resource with the requested scopes, and refreshes them. Preview-only behaviour throughout.
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import {
  InvalidGrantError,
  InvalidScopeError,
  InvalidTargetError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { SignedClientsStore } from './clients.js';
import { checkToken, mintToken } from './tokens.js';

export interface PreviewProviderOptions {
  /** The authorization server's issuer, `{auth_url}`. */
  issuer: string;
  /** The one protected resource: `{mcp_url}/mcp`. */
  resource: string;
  scopesSupported: string[];
  secret: string;
  /** The preview user every authorization signs in as. */
  userId: string;
  accessTokenLifetimeSeconds: number;
  refreshTokenLifetimeSeconds: number;
}

interface PendingCode {
  clientId: string;
  userId: string;
  scopes: string[];
  codeChallenge: string;
  redirectUri: string;
  expiresAt: number;
}

/** How long an authorization code may wait for its exchange. */
const CODE_LIFETIME_MS = 60_000;

export class PreviewOAuthProvider implements OAuthServerProvider {
  readonly clientsStore: SignedClientsStore;
  /** Codes are single-use, so they are the one piece of state (lost on restart, like any pending sign-in). */
  private readonly codes = new Map<string, PendingCode>();

  constructor(private readonly options: PreviewProviderOptions) {
    this.clientsStore = new SignedClientsStore(options.secret);
  }

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    this.checkResource(params.resource);
    const scopes = this.grantableScopes(params.scopes);
    this.dropExpiredCodes();
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, {
      clientId: client.client_id,
      userId: this.options.userId,
      scopes,
      codeChallenge: params.codeChallenge,
      redirectUri: params.redirectUri,
      expiresAt: Date.now() + CODE_LIFETIME_MS,
    });
    const target = new URL(params.redirectUri);
    target.searchParams.set('code', code);
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    res.redirect(302, target.href);
  }

  async challengeForAuthorizationCode(client: OAuthClientInformationFull, authorizationCode: string): Promise<string> {
    return this.pendingCode(client, authorizationCode).codeChallenge;
  }

  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    authorizationCode: string,
    _codeVerifier?: string,
    redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    const pending = this.pendingCode(client, authorizationCode);
    this.codes.delete(authorizationCode);
    if (redirectUri !== undefined && redirectUri !== pending.redirectUri) {
      throw new InvalidGrantError('redirect_uri differs from the one of the authorization request.');
    }
    this.checkResource(resource);
    return this.issue(client.client_id, pending.userId, pending.scopes, true);
  }

  async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
    scopes?: string[],
    resource?: URL,
  ): Promise<OAuthTokens> {
    const checked = checkToken(refreshToken, this.options.secret, 'refresh');
    if (!checked.ok) throw new InvalidGrantError(checked.problem);
    const { claims } = checked;
    if (claims.client_id !== client.client_id)
      throw new InvalidGrantError('The refresh token was issued to another client.');
    if (claims.iss !== this.options.issuer || claims.aud !== this.options.resource) {
      throw new InvalidGrantError('The refresh token was issued for another server or resource.');
    }
    this.checkResource(resource);
    const held = claims.scope.split(' ').filter(Boolean);
    const wanted = scopes && scopes.length > 0 ? scopes : held;
    const extra = wanted.filter((s) => !held.includes(s));
    // RFC 6749 section 6: a refresh may narrow the scope, never widen it.
    if (extra.length > 0) throw new InvalidScopeError(`A refresh cannot add scopes: ${extra.join(' ')}.`);
    return this.issue(client.client_id, claims.sub, wanted, true);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const checked = checkToken(token, this.options.secret, 'access');
    if (!checked.ok) throw new InvalidTokenError(checked.problem);
    const { claims } = checked;
    if (claims.iss !== this.options.issuer) throw new InvalidTokenError('The token was issued by another server.');
    return {
      token,
      clientId: claims.client_id,
      scopes: claims.scope.split(' ').filter(Boolean),
      expiresAt: claims.exp,
      resource: new URL(claims.aud),
      extra: { userId: claims.sub },
    };
  }

  /** Mints tokens directly, without a client flow: the token command and tests. */
  issue(clientId: string, userId: string, scopes: string[], withRefresh: boolean): OAuthTokens {
    const common = {
      secret: this.options.secret,
      issuer: this.options.issuer,
      userId,
      resource: this.options.resource,
      scopes,
      clientId,
    };
    const accessToken = mintToken({
      ...common,
      use: 'access',
      lifetimeSeconds: this.options.accessTokenLifetimeSeconds,
    });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.options.accessTokenLifetimeSeconds,
      scope: scopes.join(' '),
      ...(withRefresh
        ? {
            refresh_token: mintToken({
              ...common,
              use: 'refresh',
              lifetimeSeconds: this.options.refreshTokenLifetimeSeconds,
            }),
          }
        : {}),
    };
  }

  /** Requested scopes must be supported; none requested means every supported scope (all are read-only). */
  grantableScopes(requested: string[] | undefined): string[] {
    const asked = (requested ?? []).filter(Boolean);
    const unknown = asked.filter((s) => !this.options.scopesSupported.includes(s));
    if (unknown.length > 0) {
      throw new InvalidScopeError(
        `Unknown scope(s): ${unknown.join(' ')}. Supported: ${this.options.scopesSupported.join(' ')}.`,
      );
    }
    return asked.length > 0 ? [...new Set(asked)] : [...this.options.scopesSupported];
  }

  private checkResource(resource: URL | undefined): void {
    if (resource === undefined) return;
    if (resource.href.replace(/\/$/, '') !== this.options.resource.replace(/\/$/, '')) {
      throw new InvalidTargetError(`This authorization server issues tokens only for ${this.options.resource}.`);
    }
  }

  private pendingCode(client: OAuthClientInformationFull, code: string): PendingCode {
    const pending = this.codes.get(code);
    if (!pending || pending.expiresAt < Date.now())
      throw new InvalidGrantError('The authorization code is unknown or expired.');
    if (pending.clientId !== client.client_id)
      throw new InvalidGrantError('The authorization code was issued to another client.');
    return pending;
  }

  private dropExpiredCodes(): void {
    const now = Date.now();
    for (const [code, pending] of this.codes) if (pending.expiresAt < now) this.codes.delete(code);
  }
}
