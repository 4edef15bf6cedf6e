// How the site is served, derived from the registry once: every file with its response headers, the pages that
// negotiate Markdown, and the query routes. `_headers`, `_redirects`, nginx, the manifest and the edge table read it.
import type { KindName } from '../../../model/kinds.js';
import type { Registry } from '../../registry/registry.js';
import type { RegistryEntry } from '../../registry/types.js';
import { fileHeaders, type HeaderList, headerValue, queryRouteHeaders } from '../../../runtime/headers.js';
import { PAGE_CONTEXT_FOLDER } from '../../../runtime/query-routes/context-files.js';

/** Kinds whose files configure a CDN: they are in dist/ for the CDN to read, and are never served. */
export const CDN_CONFIG_KINDS: ReadonlySet<KindName> = new Set(['cdn-headers', 'cdn-redirects', 'cdn-routes']);

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
  /** Headers of the route's answers (its errors are the runtime's, with their own). */
  headers: HeaderList;
  /**
   * The files streamed beside the data that the route answers from, as a path pattern ("/_agent/page-context/*"): a
   * CDN serves them as the uploaded files they are, with the route's headers.
   */
  files?: string;
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
  const shared = sharedHeaders();
  for (const entry of site) {
    if (CDN_CONFIG_KINDS.has(entry.kind)) continue;
    // A query route's data is served at its file's path (a CDN serves every uploaded file) and answers the route.
    const path = entry.dataFor ? `/${entry.file}` : entry.path;
    const headers = shared(fileHeaders({ ...entry, isTwin: twins.has(entry.path), apiCatalog }));
    const served: ServedFile = { path, file: entry.file, entry, headers };
    files.push(served);
    if (entry.dataFor) queryRoutes.push(queryRoute(entry.dataFor, served));
  }
  // Only the twins are looked up by path: a map of every file would be 200,000 entries for a catalog.
  const twinFiles = new Map<string, ServedFile>();
  for (const file of files) if (twins.has(file.path)) twinFiles.set(file.path, file);
  const negotiated: NegotiatedRoute[] = [];
  for (const file of files) {
    const twin = file.entry.kind === 'html-page' && file.entry.twin ? twinFiles.get(file.entry.twin) : undefined;
    if (twin) negotiated.push({ path: file.path, twin });
  }
  return { files, negotiated, queryRoutes, cdnConfig, apiCatalog };
}

/**
 * Header lists as the plan keeps them: a catalog's 200,000 files carry a handful of distinct lists, and its pages
 * differ only by their Link. Each distinct pair is one array shared by every list that has it, and each distinct list
 * without a Link one list shared by every file that has it: the plan of 100,000 pages held 119 MB, 45 MB so.
 * Nothing changes a plan's lists or pairs: every reader makes lists of its own.
 */
function sharedHeaders(): (headers: HeaderList) => HeaderList {
  const pairs = new Map<string, HeaderList[number]>();
  const lists = new Map<string, HeaderList>();
  const pairOf = (pair: HeaderList[number]) => {
    const key = `${pair[0]}\n${pair[1]}`;
    const known = pairs.get(key);
    if (known) return known;
    pairs.set(key, pair);
    return pair;
  };
  return (headers) => {
    // A Link names the page's own twin: a pair of its own, kept out of the maps.
    if (headers.some(([name]) => name === 'Link'))
      return headers.map((pair) => (pair[0] === 'Link' ? pair : pairOf(pair)));
    const key = headers.map(([name, value]) => `${name}\n${value}`).join('\n\n');
    const known = lists.get(key);
    if (known) return known;
    const list = headers.map(pairOf);
    lists.set(key, list);
    return list;
  };
}

function queryRoute(route: string, data: ServedFile): QueryRoutePlan {
  const url = new URL(route, 'http://route.invalid');
  const [first] = [...url.searchParams];
  return {
    route,
    pathname: url.pathname,
    match: first ? { name: first[0], value: first[1] } : undefined,
    data,
    headers: queryRouteHeaders(data.headers),
    files: data.entry.kind === 'page-context' ? `/${PAGE_CONTEXT_FOLDER}*` : undefined,
  };
}

export { headerValue };
