// The edge table the Netlify and Cloudflare handlers are bundled with: the serving table's part they answer, of a size
// that does not grow with the site (the routes, the addresses that are not MCP endpoints, a rule that finds any page's
// twin by path, the path patterns they run on). Written outside dist/ so that it is never uploaded as content.
import type { HeaderList } from '../../../runtime/headers.js';
import type { PageRule, ServingTable } from '../../../runtime/site/table.js';
import type { Emitter } from '../../registry/types.js';
import { functionRoutes } from './routes-file.js';
import { servingOf } from './serving-table.js';

export const emitEdgeTable: Emitter = (_entry, context) => `${JSON.stringify(edgeTable(servingOf(context).table))}\n`;

/**
 * The handlers read every body they send from the CDN (a twin, the agent-mode view, a page's context), and know a page
 * by its twin's path: the table lists only what the rule cannot say (a page whose twin is elsewhere or whose headers
 * differ from the others', a file at a twin's path that is no page's twin) and the files at the fixed addresses they
 * run on (a guide that is not an MCP endpoint), so that they know a file there from an unknown path.
 */
export function edgeTable(whole: ServingTable): ServingTable {
  const { rule, follows } = pageRuleOf(whole);
  const listedPages = whole.negotiation.pages.filter((p) => !follows(p));
  const fixed = new Set([
    ...whole.mcp.notEndpoints.map((n) => n.path),
    ...listedPages.flatMap((p) => [p.path, p.twin]),
  ]);
  const { include, fits } = functionRoutes(whole);
  return {
    ...whole,
    bodies: undefined,
    files: whole.files.filter((f) => fixed.has(f.path)),
    negotiation: { ...whole.negotiation, pages: listedPages },
    ...(rule ? { pageRule: rule } : {}),
    runsOn: fits ? include : ['/*'],
  };
}

/**
 * The rule most pages follow (their twin's path from theirs, one set of headers for the pages, their own Link aside,
 * and one for the twins), and whether a page follows it: what the edge table and nginx need not list page by page.
 */
export function pageRuleOf(
  whole: ServingTable,
  headersOf: Map<string, HeaderList> = headersByPath(whole),
): {
  rule: PageRule | undefined;
  follows: (page: { path: string; twin: string }) => boolean;
} {
  const rule = pageRule(whole, headersOf);
  const follows = (page: { path: string; twin: string }) =>
    rule !== undefined &&
    page.twin === twinOf(rule, page.path) &&
    same(withoutLink(headersOf.get(page.path) ?? []), rule.page) &&
    same(headersOf.get(page.twin) ?? [], rule.twin);
  return { rule, follows };
}

/** Each served file's headers by its path (a reader that needs them too passes its own to `pageRuleOf`). */
export function headersByPath(whole: Pick<ServingTable, 'files'>): Map<string, HeaderList> {
  return new Map(whole.files.map((f) => [f.path, f.headers]));
}

export function twinOf(rule: Pick<PageRule, 'homeTwin' | 'twinSuffix'>, path: string): string {
  return path === '/' ? rule.homeTwin : `${path}${rule.twinSuffix}`;
}

/**
 * The rule most pages follow: the suffix their twins add to their path, and the headers most pages (their own Link
 * aside) and most twins share. Undefined when no page has a twin.
 */
function pageRule(whole: ServingTable, headersOf: Map<string, HeaderList>): PageRule | undefined {
  const pages = whole.negotiation.pages;
  // Counted as they are made (a catalog has 100,000 pages): no list of every page's suffix or headers is held.
  const suffix = mostCommon(
    function* () {
      for (const p of pages) if (p.path !== '/' && p.twin.startsWith(p.path)) yield p.twin.slice(p.path.length);
    },
    (s) => s,
  );
  if (suffix === undefined) return undefined;
  const home = pages.find((p) => p.path === '/')?.twin ?? `/index${suffix}`;
  const page = mostCommonList(function* () {
    for (const p of pages) yield withoutLink(headersOf.get(p.path) ?? []);
  });
  const twin = mostCommonList(function* () {
    for (const p of pages) yield headersOf.get(p.twin) ?? [];
  });
  if (!page || !twin) return undefined;
  // A file at the path a page's twin would have that is not that page's twin: the rule must not read it as one.
  const twinOfPage = new Map(pages.map((p) => [p.path, p.twin]));
  const except: string[] = [];
  for (const file of whole.files) {
    const path = file.path === home ? '/' : file.path.endsWith(suffix) ? file.path.slice(0, -suffix.length) : undefined;
    if (path !== undefined && twinOfPage.get(path) !== file.path) except.push(path);
  }
  return { twinSuffix: suffix, homeTwin: home, page, twin, except };
}

function withoutLink(headers: HeaderList): HeaderList {
  return headers.filter(([name]) => name.toLowerCase() !== 'link');
}

/** The same pairs in the same order (as their JSON would be the same), compared without making any. */
function same(a: HeaderList, b: HeaderList): boolean {
  return a.length === b.length && a.every(([name, value], i) => b[i]![0] === name && b[i]![1] === value);
}

/** The value made most often (the first made, of equally many), keyed by `key`; undefined when none is made. */
function mostCommon<T>(values: () => Iterable<T>, key: (value: T) => string): T | undefined {
  const counts = new Map<string, { value: T; count: number }>();
  for (const value of values()) {
    const k = key(value);
    const known = counts.get(k);
    if (known) known.count += 1;
    else counts.set(k, { value, count: 1 });
  }
  let most: { value: T; count: number } | undefined;
  for (const counted of counts.values()) if (!most || counted.count > most.count) most = counted;
  return most?.value;
}

function mostCommonList(lists: () => Iterable<HeaderList>): HeaderList | undefined {
  const list = mostCommon(lists, (l) => JSON.stringify(l));
  return list === undefined ? undefined : (JSON.parse(JSON.stringify(list)) as HeaderList);
}
