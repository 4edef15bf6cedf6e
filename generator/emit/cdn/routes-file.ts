// `_routes.json` for Cloudflare Pages: the paths its Pages Function must see (the query routes' paths and the pages
// that negotiate Markdown); every other request is a static file, served without invoking the function.
import type { Emitter } from '../../registry/types.js';
import { CLOUDFLARE_ROUTES_MAX_RULE_LENGTH, CLOUDFLARE_ROUTES_MAX_RULES } from './limits.js';
import { servingPlan } from './serving-plan.js';

export interface RoutesFile {
  version: 1;
  include: string[];
  exclude: string[];
}

export const emitRoutesFile: Emitter = (entry, { registry, memo, diagnostics }) => {
  const plan = memo('cdn:serving-plan', () => servingPlan(registry));
  const include = [...new Set([...plan.queryRoutes.map((r) => r.pathname), ...plan.negotiated.map((n) => n.path)])];
  const fits = include.length > 0 && include.length <= CLOUDFLARE_ROUTES_MAX_RULES && include.every((r) => r.length <= CLOUDFLARE_ROUTES_MAX_RULE_LENGTH);
  if (!fits) {
    // Still correct, only costlier: the function sees every request and hands static ones on.
    diagnostics.warn('emit', {
      ruleId: 'cdn-routes-every-path',
      reason: `The Pages Function needs ${include.length} paths, more than _routes.json may list (${CLOUDFLARE_ROUTES_MAX_RULES} rules of ${CLOUDFLARE_ROUTES_MAX_RULE_LENGTH} characters); it will run on every path.`,
      fix: 'Nothing is broken. To save invocations, serve fewer negotiated pages or shorten their paths.',
      place: entry.source,
    });
  }
  const routes: RoutesFile = { version: 1, include: fits ? include : ['/*'], exclude: [] };
  return `${JSON.stringify(routes, null, 2)}\n`;
};
