// Remembers which access tokens a stateless verifier has accepted, so a client's every call does not redo the signature check.
import type { OAuthTokenVerifier } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';

/** Tokens remembered at once; beyond it the oldest is forgotten (and simply verified again on its next use). */
export const REMEMBERED_TOKENS = 1024;

/**
 * Wraps a verifier whose answer depends only on the token and the clock (the preview provider: signed tokens, no
 * revocation). Only acceptances are remembered; a remembered token past its expiry is handed back to the verifier, so
 * an expired token is refused with the verifier's own words. Never wrap a verifier that can revoke a token.
 */
export function rememberVerifiedTokens(verifier: OAuthTokenVerifier, limit = REMEMBERED_TOKENS): OAuthTokenVerifier {
  const accepted = new Map<string, AuthInfo>();
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const known = accepted.get(token);
      if (known && typeof known.expiresAt === 'number' && known.expiresAt > Date.now() / 1000) return known;
      accepted.delete(token);
      const auth = await verifier.verifyAccessToken(token);
      if (accepted.size >= limit) accepted.delete(accepted.keys().next().value!);
      accepted.set(token, auth);
      return auth;
    },
  };
}
