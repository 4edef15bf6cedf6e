// How the site is served, derived from the registry once: every file with its response headers, the pages that
// negotiate Markdown, and the query routes. `_headers`, `_redirects`, nginx, the manifest and the edge table read it.
import type { Registry } from '../../registry/registry.js';
import type { RegistryEntry } from '../../registry/types.js';
import { CACHE_POLICIES, cachePolicyName } from '../../../runtime/cache-policy.js';
import type { HeaderList } from '../../../runtime/edge/table.js';

/** Kinds whose files configure a CDN: they are in dist/ for the CDN to read, and are never served. */
export const CDN_CONFIG_KINDS = new Set(['cdn-headers', 'cdn-redirects', 'cdn-routes']);

export interface ServedFile {
  /** The path a client requests ("/mcp", "/_agent/agent-mode.json"). */
  path: string;
  /** Where the bytes are, relative to dist/ ("mcp.html"). */
  file: string;
  entry: RegistryEntry;
  /** Every header the response carries (besides what the server adds itself: Date, ETag, Content-Length). */
  headers: HeaderList;
}

export interface NegotiatedRoute {
  /** The HTML page's path. */
  path: string;
  /** The served file of its Markdown twin. */
  twin: ServedFile;
}

export interface QueryRoutePlan {
  /** The route as the registry writes it: "/?mode=agent", "/api/agent/page-context". */
  route: string;
  pathname: string;
  /** For a fixed-value route ("/?mode=agent"): the parameter and value that select it. */
  match?: { name: string; value: string };
  /** The data file the route is answered from. */
  data: ServedFile;
  /** Headers of every answer of the route (errors included). */
  headers: HeaderList;
}

export interface ServingPlan {
  files: ServedFile[];
  negotiated: NegotiatedRoute[];
  queryRoutes: QueryRoutePlan[];
  /** Site entries that are CDN configuration (dist/_headers…): never served. */
  cdnConfig: RegistryEntry[];
  /** The API catalog's path, linked from every HTML page. */
  apiCatalog?: string;
}

export function servingPlan(registry: Registry): ServingPlan {
  const site = registry.of('site');
  const apiCatalog = registry.ofKind('api-catalog').find((e) => e.host === 'site' && !e.aliasOf)?.path;
  const cdnConfig = site.filter((e) => CDN_CONFIG_KINDS.has(e.kind));
  const twins = new Set(site.flatMap((e) => (e.kind === 'html-page' && e.twin ? [e.twin] : [])));
  const files: ServedFile[] = [];
  const queryRoutes: QueryRoutePlan[] = [];
  for (const entry of site) {
    if (CDN_CONFIG_KINDS.has(entry.kind)) continue;
    // A query route's data is served at its file's path (a CDN serves every uploaded file) and answers the route.
    const path = entry.dataFor ? `/${entry.file}` : entry.path;
    const served: ServedFile = { path, file: entry.file, entry, headers: fileHeaders(entry, apiCatalog, twins) };
    files.push(served);
    if (entry.dataFor) queryRoutes.push(queryRoute(entry.dataFor, served));
  }
  const byPath = new Map(files.map((f) => [f.path, f]));
  const negotiated: NegotiatedRoute[] = [];
  for (const file of files) {
    const twin = file.entry.kind === 'html-page' && file.entry.twin ? byPath.get(file.entry.twin) : undefined;
    if (twin) negotiated.push({ path: file.path, twin });
  }
  return { files, negotiated, queryRoutes, cdnConfig, apiCatalog };
}

function fileHeaders(entry: RegistryEntry, apiCatalog: string | undefined, twins: Set<string>): HeaderList {
  const headers: HeaderList = [
    ['Content-Type', entry.mediaType],
    ['Cache-Control', CACHE_POLICIES[cachePolicyName(entry)]],
    ['X-Content-Type-Options', 'nosniff'],
  ];
  // Pages stay same-origin; every machine-readable or text resource is public data for agents in browsers too.
  if (!isHtml(entry)) headers.push(['Access-Control-Allow-Origin', '*']);
  const links: string[] = [];
  if (apiCatalog && (isHtml(entry) || entry.path === apiCatalog)) links.push(`<${apiCatalog}>; rel="api-catalog"`);
  if (isHtml(entry) && entry.twin) links.push(`<${entry.twin}>; rel="alternate"; type="text/markdown"`);
  if (links.length > 0) headers.push(['Link', links.join(', ')]);
  // A page and its twin are two answers at one URL: caches must key them on Accept.
  if ((isHtml(entry) && entry.twin) || twins.has(entry.path)) headers.push(['Vary', 'Accept']);
  return headers;
}

function queryRoute(route: string, data: ServedFile): QueryRoutePlan {
  const url = new URL(route, 'http://route.invalid');
  const [first] = [...url.searchParams];
  return {
    route,
    pathname: url.pathname,
    match: first ? { name: first[0], value: first[1] } : undefined,
    data,
    headers: data.headers.filter(([name]) => name !== 'Link' && name !== 'Vary'),
  };
}

function isHtml(entry: RegistryEntry): boolean {
  return entry.mediaType.startsWith('text/html');
}

/** Headers of a list as one record, lower-case names. */
export function headerValue(headers: HeaderList, name: string): string | undefined {
  return headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}
