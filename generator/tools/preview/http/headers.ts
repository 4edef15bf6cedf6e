// Response headers the preview's other hosts share (the site's own come from the runtime's header policy).

/** Every response: browsers must not guess a media type. */
export const NOSNIFF = { 'x-content-type-options': 'nosniff' } as const;

/**
 * Machine-readable discovery documents are public and cacheable; the MCP and A2A drafts and scanners expect CORS `*`.
 * @see https://www.rfc-editor.org/rfc/rfc9111#section-5.2.2.1
 */
export const DISCOVERY_CACHE_CONTROL = 'public, max-age=300';
/** Answers computed per request (errors, query routes, API and MCP answers). */
export const NO_STORE = 'no-store';

export const CORS_ANY = { 'access-control-allow-origin': '*' } as const;

/** Conditional requests are judged as the site's runtime judges them. */
export { matchesEtag } from '../../../runtime/site/respond.js';
