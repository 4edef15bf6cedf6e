// A CDN in a test: the Netlify Edge Function or the Cloudflare Pages Function in front of the simulated static layer,
// each run only on the paths its platform would run it on (Netlify's `config`, Cloudflare's `_routes.json`).
import { cloudflarePagesFunction } from '../../../generator/runtime/edge/cloudflare.js';
import { netlifyEdgeConfig, netlifyEdgeFunction } from '../../../generator/runtime/edge/netlify.js';
import type { ServingTable } from '../../../generator/runtime/site/table.js';
import { parseHeadersFile, type Dialect } from './cdn-config-parsers.js';
import { staticLayer } from './cdn-simulator.js';
import type { TestBuild } from './fixture.js';

/** A path pattern of either platform's function routes: `*` matches anything, the rest is literal. */
const matches = (patterns: string[], path: string) =>
  patterns.some((p) =>
    new RegExp(
      `^${p
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    ).test(path),
  );

/** What the handler reads from the CDN's files, changed by a test (the file's answer as the CDN gave it). */
export type AssetChange = (url: URL, answer: Response) => Response | Promise<Response>;

/**
 * The CDN of one platform serving a build, with the edge table given (the build's own, or one changed by a test) and,
 * when a test changes them, other bytes for the files the handler reads.
 */
export function serveWith(
  build: TestBuild,
  table: ServingTable,
  dialect: Dialect,
  changeAsset?: AssetChange,
): (r: Request) => Promise<Response> {
  const rules = parseHeadersFile(build.artifacts.text(build.artifacts.get('site', '_headers')!), dialect);
  const files = staticLayer(build.artifacts, rules);
  // The handlers read twins and context files from the CDN's own static files.
  const fetchAsset = async (url: URL) => {
    const answer = await files(new Request(url));
    return changeAsset ? changeAsset(url, answer) : answer;
  };
  if (dialect === 'netlify') {
    // Netlify runs the function only on the paths of its `config`; the rest go straight to the files.
    const edge = netlifyEdgeFunction(table, fetchAsset);
    const paths = netlifyEdgeConfig(table).path;
    return (r) => (matches(paths, new URL(r.url).pathname) ? edge(r, { next: () => files(r) }) : files(r));
  }
  // Cloudflare runs the function only on the paths `_routes.json` includes; the rest go straight to the files.
  const routes = JSON.parse(build.artifacts.text(build.artifacts.get('site', '_routes.json')!)) as {
    include: string[];
    exclude: string[];
  };
  const pages = cloudflarePagesFunction(table);
  return (r) => {
    const path = new URL(r.url).pathname;
    if (!matches(routes.include, path) || matches(routes.exclude, path)) return files(r);
    return pages({
      request: r,
      next: () => files(r),
      env: { ASSETS: { fetch: (u) => fetchAsset(new URL(u instanceof Request ? u.url : u)) } },
    });
  };
}
