// `_routes.json` for Cloudflare Pages: the paths its Pages Function must see (the runtime's `answeredPaths`: the query
// routes' paths, the pages that negotiate Markdown, the addresses that are not MCP endpoints; a large folder folded into
// one splat); every other request is a static file, served without invoking the function.
import type { Emitter } from '../../registry/types.js';
import { CLOUDFLARE_ROUTES_MAX_RULE_LENGTH, CLOUDFLARE_ROUTES_MAX_RULES } from './limits.js';
import { folderOf } from './header-rules.js';
import { answeredPaths } from '../../../runtime/edge/handler.js';
import { servingOf } from './serving-table.js';
import type { ServingTable } from '../../../runtime/site/table.js';

export interface RoutesFile {
  version: 1;
  include: string[];
  exclude: string[];
}

export const emitRoutesFile: Emitter = (entry, context) => {
  const { diagnostics } = context;
  const { include, fits } = functionRoutes(servingOf(context).table);
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

/**
 * The path patterns the edge handler runs on, for both platforms (`_routes.json`, Netlify's function `config`): the
 * runtime's answered paths, large folders folded; `fits` false when even folded they pass Cloudflare's limits.
 */
export function functionRoutes(table: ServingTable): { include: string[]; fits: boolean } {
  const include = routeRules(answeredPaths(table));
  const fits =
    include.length > 0 &&
    include.length <= CLOUDFLARE_ROUTES_MAX_RULES &&
    include.every((r) => r.length <= CLOUDFLARE_ROUTES_MAX_RULE_LENGTH);
  return { include, fits };
}

/**
 * The paths as rules, folding the folders with the most paths into `/folder/*` until they fit. A folded folder also
 * sends its static files (the twins, llms.txt) through the function, which hands them on: correct, one invocation more.
 */
export function routeRules(paths: string[], maxRules = CLOUDFLARE_ROUTES_MAX_RULES): string[] {
  const counts = new Map<string, number>();
  for (const path of paths) {
    const folder = folderOf(path);
    if (folder) counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  const folded = new Set<string>();
  const size = () => paths.filter((p) => !folded.has(folderOf(p) ?? '')).length + folded.size;
  for (const [folder] of [...counts].filter(([, n]) => n > 1).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    if (size() <= maxRules) break;
    folded.add(folder);
  }
  const rules = new Set<string>();
  for (const path of paths) {
    const folder = folderOf(path);
    rules.add(folder && folded.has(folder) ? `${folder}*` : path);
  }
  return [...rules];
}
