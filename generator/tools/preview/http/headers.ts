// Response headers the preview hosts share (standards.md, "Media types and headers"), as named constants.

/** Every response: browsers must not guess a media type. */
export const NOSNIFF = { 'x-content-type-options': 'nosniff' } as const;

/**
 * Machine-readable discovery documents are public and cacheable; the MCP and A2A drafts and scanners expect CORS `*`.
 * @see https://www.rfc-editor.org/rfc/rfc9111#section-5.2.2.1
 */
export const DISCOVERY_CACHE_CONTROL = 'public, max-age=300';
/** Pages and guidance change with each deploy: short, revalidated. */
export const PAGE_CACHE_CONTROL = 'public, max-age=60, must-revalidate';
/** Answers computed per request (errors, query routes, API and MCP answers). */
export const NO_STORE = 'no-store';

export const CORS_ANY = { 'access-control-allow-origin': '*' } as const;

/** Whether an If-None-Match header matches an ETag (weak comparison, RFC 9110 section 13.1.2). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}
