// Preview tokens: HS256 JSON Web Tokens signed with the preview secret (jose), so a token minted by one process
// (`npm run token`, a test) is valid in another without shared state. Preview-only: the real service's tokens differ.
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenUse = 'access' | 'refresh';

export interface TokenClaims {
  /** The authorization server that issued it. */
  iss: string;
  /** The preview user id. */
  sub: string;
  /** The protected resource the token is bound to (RFC 8707): `{mcp_url}/mcp`. */
  aud: string;
  /** Space-separated scopes. */
  scope: string;
  client_id: string;
  token_use: TokenUse;
  iat: number;
  exp: number;
  jti: string;
  /** Refresh tokens: the family every rotation of one grant shares, so a replayed one can revoke them all. */
  fam?: string;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; problem: string };

const ALGORITHM = 'HS256';

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export interface MintInput {
  secret: string;
  issuer: string;
  userId: string;
  resource: string;
  scopes: string[];
  clientId: string;
  use: TokenUse;
  lifetimeSeconds: number;
  /** Seconds since the epoch; injected so tests can mint tokens that are already expired. */
  now?: number;
  /** Refresh tokens: the grant's family (see TokenClaims.fam) and the token's id within it. */
  family?: string;
  tokenId?: string;
}

export async function mintToken(input: MintInput): Promise<string> {
  const iat = input.now ?? Math.floor(Date.now() / 1000);
  const claims: TokenClaims = {
    iss: input.issuer,
    sub: input.userId,
    aud: input.resource,
    scope: input.scopes.join(' '),
    client_id: input.clientId,
    token_use: input.use,
    iat,
    exp: iat + input.lifetimeSeconds,
    jti: input.tokenId ?? randomUUID(),
    ...(input.family === undefined ? {} : { fam: input.family }),
  };
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).sign(keyOf(input.secret));
}

/** Checks the signature, the use and the expiry. The audience is the caller's to compare (it knows its resource). */
export async function checkToken(
  token: string,
  secret: string,
  use: TokenUse,
  now = Math.floor(Date.now() / 1000),
): Promise<TokenCheck> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      typ: 'JWT',
      currentDate: new Date(now * 1000),
    }));
  } catch (error) {
    return { ok: false, problem: problemOf(error) };
  }
  // A signed payload is still checked member by member: a token signed with a leaked secret must not crash a host.
  if (!isClaims(payload)) return { ok: false, problem: 'The token payload is not a preview token.' };
  const claims = payload;
  if (claims.token_use !== use) return { ok: false, problem: `The token is not an ${use} token.` };
  return { ok: true, claims };
}

/** The refusal in the preview's own words (jose's name the claim or the step that failed, for developers). */
function problemOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The token has expired.';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The token signature is not valid.';
  if (error instanceof errors.JWTClaimValidationFailed) return 'The token payload is not a preview token.';
  return 'The token is not a preview token.';
}

const STRING_CLAIMS = ['iss', 'sub', 'aud', 'scope', 'client_id', 'token_use', 'jti'] as const;

/** Whether a payload has every claim of a preview token with its type (`fam` is optional: refresh tokens only). */
function isClaims(payload: unknown): payload is TokenClaims {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return false;
  const record = payload as Record<string, unknown>;
  if (!STRING_CLAIMS.every((name) => typeof record[name] === 'string')) return false;
  if (!Number.isSafeInteger(record.iat) || !Number.isSafeInteger(record.exp)) return false;
  if (record.fam !== undefined && typeof record.fam !== 'string') return false;
  return URL.canParse(record.aud as string) && (record.sub as string).length > 0;
}
