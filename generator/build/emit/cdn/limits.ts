// The limits the CDNs put on their configuration files, as named constants read from the platform budgets table.
import { limitValue, platformLimit, type MeasureName } from './platform-budgets.js';

const cloudflare = (measure: MeasureName) => limitValue(platformLimit('cloudflare-pages', measure)!);

/** Cloudflare Pages reads at most this many rules from `_headers`; Netlify documents none, so Cloudflare's is kept. */
export const CLOUDFLARE_HEADERS_MAX_RULES = cloudflare('headersRules');

/** Characters a line of `_headers` may have on Cloudflare Pages. */
export const CLOUDFLARE_HEADERS_MAX_LINE = cloudflare('headersLine');

/** Cloudflare Pages: static redirects, and the characters of one. */
export const CLOUDFLARE_REDIRECTS_MAX_STATIC = cloudflare('redirectsStatic');
export const CLOUDFLARE_REDIRECTS_MAX_LINE = cloudflare('redirectsLine');

export interface HeadersLimits {
  maxRules: number;
  maxLine: number;
}

export const CLOUDFLARE_HEADERS_LIMITS: HeadersLimits = {
  maxRules: CLOUDFLARE_HEADERS_MAX_RULES,
  maxLine: CLOUDFLARE_HEADERS_MAX_LINE,
};

/** Cloudflare Pages `_routes.json`: at most this many include and exclude rules together, each this long at most. */
export const CLOUDFLARE_ROUTES_MAX_RULES = cloudflare('routesRules');
export const CLOUDFLARE_ROUTES_MAX_RULE_LENGTH = cloudflare('routesRuleLength');
