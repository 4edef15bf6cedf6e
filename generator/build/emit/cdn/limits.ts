// The limits the CDNs put on their configuration files, as named constants.

/**
 * Cloudflare Pages reads at most this many rules from `_headers`; Netlify has no documented limit, so Cloudflare's
 * is the one the build keeps.
 * @see https://developers.cloudflare.com/pages/configuration/headers/
 */
export const CLOUDFLARE_HEADERS_MAX_RULES = 100;

/** @see https://developers.cloudflare.com/pages/configuration/headers/ (2,000 characters a line) */
export const CLOUDFLARE_HEADERS_MAX_LINE = 2000;

/**
 * Cloudflare Pages: 2,000 static and 100 dynamic redirects; a line is at most 1,000 characters.
 * @see https://developers.cloudflare.com/pages/configuration/redirects/
 */
export const CLOUDFLARE_REDIRECTS_MAX_STATIC = 2000;
export const CLOUDFLARE_REDIRECTS_MAX_LINE = 1000;

export interface HeadersLimits {
  maxRules: number;
  maxLine: number;
}

export const CLOUDFLARE_HEADERS_LIMITS: HeadersLimits = {
  maxRules: CLOUDFLARE_HEADERS_MAX_RULES,
  maxLine: CLOUDFLARE_HEADERS_MAX_LINE,
};

/**
 * Cloudflare Pages `_routes.json`: at least one include rule, at most 100 include and exclude rules together, each at
 * most 100 characters; a deploy over them fails.
 * @see https://developers.cloudflare.com/pages/functions/routing/#limits
 */
export const CLOUDFLARE_ROUTES_MAX_RULES = 100;
export const CLOUDFLARE_ROUTES_MAX_RULE_LENGTH = 100;
