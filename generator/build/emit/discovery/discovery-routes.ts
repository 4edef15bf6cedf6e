// The public discovery resources of the registry, once per route: what /openapi.json and agent.json list.
import type { Registry } from '../../registry/registry.js';
import type { RegistryEntry } from '../../registry/types.js';

export interface DiscoveryRoute {
  /** The route as the registry writes it ("/?mode=agent", "/api/agent/page-context"). */
  route: string;
  /** The OpenAPI path: the route without its query string (OpenAPI paths cannot carry one). */
  pathname: string;
  /** Query parameters fixed by the route itself (mode=agent), each a required one-value parameter. */
  fixedQuery: [string, string][];
  entry: RegistryEntry;
}

/**
 * Every site entry the contract's section 4.1 lists, once per route: a query route's data file (`dataFor`)
 * stands for its route. Supporting files (home page, robots.txt, sitemap) are not discovery resources.
 */
export function discoveryRoutes(registry: Registry): DiscoveryRoute[] {
  const routes = new Map<string, DiscoveryRoute>();
  for (const entry of registry.of('site')) {
    if (!entry.inContract) continue;
    const route = entry.dataFor ?? entry.path;
    if (routes.has(route)) continue;
    const q = route.indexOf('?');
    const pathname = q === -1 ? route : route.slice(0, q);
    const fixedQuery = q === -1 ? [] : [...new URLSearchParams(route.slice(q + 1)).entries()];
    routes.set(route, { route, pathname, fixedQuery, entry });
  }
  return [...routes.values()];
}

/** A stable operationId from a route: "/.well-known/mcp.json" → "get_well_known_mcp_json". */
export function operationIdOf(route: string): string {
  const words = route.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return `get_${words || 'root'}`;
}
