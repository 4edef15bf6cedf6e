// Which redirect URIs a client may register, and whether a requested one matches a registered one: OAuth 2.1 and
// RFC 9700 (exact match, no fragment), RFC 8252 for native clients (loopback http on any port).

/**
 * Loopback hosts of an `http` redirect. RFC 8252 section 8.3 prefers the IP literals and calls `localhost` NOT
 * RECOMMENDED (a client's concern: its listener may bind another interface); MCP authorization allows "localhost or
 * HTTPS" and its own examples register http://localhost:3000/callback, so widely used MCP clients send it: accepted,
 * and matched only against itself.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

const isLoopback = (url: URL) => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);

/** Whether a (registered, checked) redirect URI leads back to this machine. */
export const isLoopbackRedirect = (uri: string): boolean => isLoopback(new URL(uri));

/** Why a redirect URI cannot be registered, in words, or undefined when it can. */
export function redirectUriProblem(uri: unknown): string | undefined {
  if (typeof uri !== 'string' || uri.length === 0) return 'is not a string';
  if (uri.length > 2000) return 'is longer than 2,000 characters';
  if (!URL.canParse(uri)) return 'is not an absolute URI';
  const url = new URL(uri);
  if (uri.includes('#')) return 'has a fragment, which a redirect URI must not have (RFC 6749 section 3.1.2)';
  if (url.username || url.password) return 'carries user information';
  if (url.protocol === 'https:' || isLoopback(url)) return undefined;
  if (url.protocol === 'http:') {
    return 'uses http on a host other than the loopback: use https, or http://127.0.0.1:{port}/… or http://[::1]:{port}/… (RFC 8252)';
  }
  return `uses the scheme ${url.protocol.slice(0, -1)}: only https and loopback http redirect URIs are accepted`;
}

/** Exact string match, except that a loopback redirect may name any port (RFC 8252 section 7.3). */
export function redirectUriMatches(requested: string, registered: string): boolean {
  if (requested === registered) return true;
  if (!URL.canParse(requested) || !URL.canParse(registered)) return false;
  const asked = new URL(requested);
  const known = new URL(registered);
  // Only the port may differ, and only for loopback http: the rest must be the registered text itself.
  if (!isLoopback(asked) || !isLoopback(known) || requested !== asked.href) return false;
  asked.port = '';
  known.port = '';
  return asked.href === known.href && registered === new URL(registered).href;
}
