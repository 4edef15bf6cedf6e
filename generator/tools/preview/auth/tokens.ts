// Preview tokens: HS256 JSON Web Tokens signed with the preview secret, so a token minted by one process
// (`npm run token`, a test) is valid in another without shared state. Preview-only: the real service's tokens differ.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

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

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function sign(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
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

export function mintToken(input: MintInput): string {
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
  const payload = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${payload}.${sign(payload, input.secret)}`;
}

/** Checks the signature, the use and the expiry. The audience is the caller's to compare (it knows its resource). */
export function checkToken(
  token: string,
  secret: string,
  use: TokenUse,
  now = Math.floor(Date.now() / 1000),
): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, problem: 'The token is not a preview token.' };
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`, secret));
  const given = Buffer.from(parts[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, problem: 'The token signature is not valid.' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, problem: 'The token payload cannot be read.' };
  }
  // A signed payload is still checked member by member: a token signed with a leaked secret must not crash a host.
  if (!isClaims(payload)) return { ok: false, problem: 'The token payload is not a preview token.' };
  const claims = payload;
  if (claims.token_use !== use) return { ok: false, problem: `The token is not an ${use} token.` };
  if (claims.exp <= now) return { ok: false, problem: 'The token has expired.' };
  return { ok: true, claims };
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
