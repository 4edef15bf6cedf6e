// Route family patterns ("/help/{slug}"): which family a site path belongs to, exact paths before patterns.
import type { RouteFamily } from './types.js';

const PARAMETER = /^\{[a-zA-Z][a-zA-Z0-9_]*\}$/;

/** True when the pattern is a site path whose segments are literals or whole `{name}` parameters. */
export function isRoutePattern(pattern: string): boolean {
  if (!pattern.startsWith('/') || pattern.includes('//')) return false;
  if (pattern === '/') return true;
  return pattern
    .slice(1)
    .split('/')
    .every((segment) => PARAMETER.test(segment) || /^[A-Za-z0-9._~!$&'()*+,;=:@-]+$/.test(segment));
}

/** Whether one site path matches one pattern: same number of segments, literals equal, parameters non-empty. */
export function matchesPattern(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (PARAMETER.test(segment) ? got[i]!.length > 0 : segment === got[i]));
}

function parameterCount(pattern: string): number {
  return pattern.split('/').filter((segment) => PARAMETER.test(segment)).length;
}

/**
 * The family a path belongs to: an exact pattern first, then the pattern with the fewest parameters,
 * then the first in catalog order, so that `/help` is the section page and `/help/x` a help article.
 */
export function findRouteFamily<F extends Pick<RouteFamily, 'pattern'>>(
  families: readonly F[],
  path: string,
): F | undefined {
  let best: F | undefined;
  let bestCount = Infinity;
  for (const family of families) {
    if (!matchesPattern(family.pattern, path)) continue;
    const count = parameterCount(family.pattern);
    if (count < bestCount) {
      best = family;
      bestCount = count;
    }
  }
  return best;
}

/**
 * A pattern as a regular expression over a whole path, each "/" matched by `slash`: nginx matches the `path` parameter
 * as sent with it (`SLASH_AS_SENT`). With "/" it matches exactly the paths `matchesPattern` accepts.
 */
export function routePatternSource(pattern: string, slash = '/'): string {
  const end = '(?![\\s\\S])';
  if (pattern === '/') return `^${slash}${end}`;
  const segment = `(?:(?!${slash})[\\s\\S])+`;
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const segments = pattern.slice(1).split('/');
  return `^${segments.map((s) => slash + (PARAMETER.test(s) ? segment : literal(s))).join('')}${end}`;
}
