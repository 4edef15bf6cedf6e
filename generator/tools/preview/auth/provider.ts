// The preview authorization server's OAuth provider: auto-approves as the preview user, issues signed tokens bound
// to the MCP resource with the requested scopes, spends a code on any exchange, and rotates refresh tokens with reuse
// detection. Preview-only behaviour throughout.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import {
  InvalidGrantError,
  InvalidScopeError,
  InvalidTargetError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { SignedClientsStore } from './clients.js';
import { PendingCodes, type CodeLimits } from './codes.js';
import { RefreshFamilies } from './families.js';
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
  codeLimits?: CodeLimits;
  /** Refresh token families kept at once (default MAX_FAMILIES). */
  refreshFamilies?: number;
}

export interface AuthorizationRequest {
  scopes: string[];
  codeChallenge: string;
  redirectUri: string;
  redirectUriGiven: boolean;
  resource?: string;
}

export const DEFAULT_CODE_LIMITS: CodeLimits = { pending: 1_000, pendingPerClient: 10 };

/** RFC 7636 section 4.1: 43 to 128 characters of the unreserved set. */
const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export class PreviewOAuthProvider implements OAuthTokenVerifier {
  readonly clientsStore: SignedClientsStore;
  /** Codes and refresh families are the only state (lost on restart, like any pending sign-in). */
  private readonly codes: PendingCodes;
  private readonly families: RefreshFamilies;
  private readonly canonicalResource: string;

  constructor(private readonly options: PreviewProviderOptions) {
    this.clientsStore = new SignedClientsStore(options.secret);
    this.codes = new PendingCodes(options.codeLimits ?? DEFAULT_CODE_LIMITS);
    this.families = new RefreshFamilies(options.refreshFamilies);
    this.canonicalResource = new URL(options.resource).href;
  }

  /** Codes waiting for their exchange (tests, load checks). */
  pendingCodes(): number {
    return this.codes.size;
  }

  /** What the provider holds, each bounded (tests, load checks). */
  heldState(): { pendingCodes: number; spentCodes: number; refreshFamilies: number } {
    return { pendingCodes: this.codes.size, spentCodes: this.codes.spentSize, refreshFamilies: this.families.size };
  }

  /** The preview user every authorization signs in as. */
  get userId(): string {
    return this.options.userId;
  }

  /** The scopes an authorization request would be granted; its scope or resource refused by an OAuth error. */
  grantFor(request: Pick<AuthorizationRequest, 'scopes' | 'resource'>): string[] {
    this.checkResource(request.resource);
    return this.grantableScopes(request.scopes);
  }

  /** A code for an approved authorization request; OAuth errors (scope, target, capacity) are thrown. */
  issueCode(client: OAuthClientInformationFull, request: AuthorizationRequest): string {
    return this.codes.issue({
      clientId: client.client_id,
      userId: this.options.userId,
      scopes: this.grantFor(request),
      codeChallenge: request.codeChallenge,
      redirectUri: request.redirectUri,
      redirectUriGiven: request.redirectUriGiven,
    });
  }

  /** Spends a code named in a failed token request (a spent code's replay is then refused). */
  spendCode(code: string): void {
    const taken = this.codes.take(code);
    if (taken.kind === 'spent' && taken.family) this.families.revoke(taken.family);
  }

  /** Exchanges a code: it is spent first, so any failure below leaves it unusable (RFC 9700, OAuth 2.1). */
  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
    codeVerifier: string | undefined,
    redirectUri: string | undefined,
    resource: string | undefined,
  ): Promise<OAuthTokens> {
    const taken = this.codes.take(code);
    if (taken.kind === 'spent') {
      if (taken.family) this.families.revoke(taken.family);
      throw new InvalidGrantError('The authorization code was already used; the tokens issued from it are revoked.');
    }
    if (taken.kind === 'unknown') throw new InvalidGrantError('The authorization code is unknown or expired.');
    const pending = taken.code;
    if (pending.clientId !== client.client_id) {
      throw new InvalidGrantError('The authorization code was issued to another client.');
    }
    if (
      codeVerifier === undefined ||
      !PKCE_VERIFIER.test(codeVerifier) ||
      !challengeMatches(codeVerifier, pending.codeChallenge)
    ) {
      throw new InvalidGrantError('code_verifier does not match the code_challenge of the authorization request.');
    }
    if (
      pending.redirectUriGiven
        ? redirectUri !== pending.redirectUri
        : redirectUri !== undefined && redirectUri !== pending.redirectUri
    ) {
      throw new InvalidGrantError('redirect_uri differs from the one of the authorization request.');
    }
    this.checkResource(resource);
    const started = this.families.start(this.options.refreshTokenLifetimeSeconds);
    this.codes.exchanged(code, started.family);
    return this.issue(client.client_id, pending.userId, pending.scopes, started);
  }

  async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
    scopes: string[] | undefined,
    resource: string | undefined,
  ): Promise<OAuthTokens> {
    const checked = await checkToken(refreshToken, this.options.secret, 'refresh');
    if (!checked.ok) throw new InvalidGrantError(checked.problem);
    const { claims } = checked;
    if (claims.client_id !== client.client_id)
      throw new InvalidGrantError('The refresh token was issued to another client.');
    if (claims.iss !== this.options.issuer || claims.aud !== this.options.resource) {
      throw new InvalidGrantError('The refresh token was issued for another server or resource.');
    }
    const verdict = claims.fam === undefined ? 'unknown' : this.families.judge(claims.fam, claims.jti);
    if (verdict === 'replayed') {
      throw new InvalidGrantError(
        'The refresh token was already used: every token of its grant is revoked; authorize again.',
      );
    }
    if (verdict === 'unknown') {
      throw new InvalidGrantError(
        'The refresh token is no longer valid (revoked, or issued before the preview restarted); authorize again.',
      );
    }
    this.checkResource(resource);
    const held = claims.scope.split(' ').filter(Boolean);
    const wanted = scopes && scopes.length > 0 ? scopes : held;
    const extra = wanted.filter((s) => !held.includes(s));
    // RFC 6749 section 6: a refresh may narrow the scope, never widen it.
    if (extra.length > 0) throw new InvalidScopeError(`A refresh cannot add scopes: ${extra.join(' ')}.`);
    const tokenId = this.families.rotate(claims.fam!, this.options.refreshTokenLifetimeSeconds);
    return this.issue(client.client_id, claims.sub, wanted, { family: claims.fam!, tokenId });
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const checked = await checkToken(token, this.options.secret, 'access');
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

  /**
   * Mints tokens: an access token, and a refresh token of `refresh`'s family when given. Without a client flow (the
   * token command, tests) there is no family, so no refresh token.
   */
  async issue(
    clientId: string,
    userId: string,
    scopes: string[],
    refresh?: { family: string; tokenId: string },
  ): Promise<OAuthTokens> {
    const common = {
      secret: this.options.secret,
      issuer: this.options.issuer,
      userId,
      resource: this.options.resource,
      scopes,
      clientId,
    };
    const accessToken = await mintToken({
      ...common,
      use: 'access',
      lifetimeSeconds: this.options.accessTokenLifetimeSeconds,
    });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.options.accessTokenLifetimeSeconds,
      scope: scopes.join(' '),
      ...(refresh
        ? {
            refresh_token: await mintToken({
              ...common,
              use: 'refresh',
              lifetimeSeconds: this.options.refreshTokenLifetimeSeconds,
              family: refresh.family,
              tokenId: refresh.tokenId,
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
        `Unknown scope(s): ${unknown.join(' ').slice(0, 200)}. Supported: ${this.options.scopesSupported.join(' ')}.`,
      );
    }
    return asked.length > 0 ? [...new Set(asked)] : [...this.options.scopesSupported];
  }

  /** RFC 8707: the resource, when named, is this server's one protected resource exactly (no slash, no fragment). */
  private checkResource(resource: string | undefined): void {
    if (resource === undefined) return;
    if (!URL.canParse(resource) || new URL(resource).href !== this.canonicalResource || resource.includes('#')) {
      throw new InvalidTargetError(`This authorization server issues tokens only for ${this.options.resource}.`);
    }
  }
}

/** RFC 7636 section 4.6: BASE64URL(SHA256(code_verifier)) equals the challenge (S256, the only method offered). */
function challengeMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
