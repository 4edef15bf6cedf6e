// The rules of `_headers`, compacted: folders whose files share every header become one splat rule, and when exact
// rules would still exceed Cloudflare's rule limit the largest folders are folded into section rules.
import type { HeaderList } from '../../../runtime/headers.js';
import type { ServedFile } from './serving-plan.js';

export interface HeaderRule {
  /** The path pattern: an exact path, `/*`, or a folder splat (`/help/*`). */
  pattern: string;
  headers: HeaderList;
  /**
   * How the rule was made: `exact` for one path, `folder` for a folder whose files all carry the same headers (nothing
   * is lost), `section` for a folder folded to fit the limit (only the headers safe for every file in it).
   */
  fold: 'all' | 'exact' | 'folder' | 'section';
  /** The served paths the rule stands for. */
  paths: string[];
}

/** Set by the `/*` rule for every path; no other rule may set it (both CDNs would join the two values). */
const EVERYWHERE: HeaderList = [['X-Content-Type-Options', 'nosniff']];

/**
 * Only a trailing `/*` splat after a folder is used: both CDNs document it. `/*.md`-style patterns work on Cloudflare
 * but Netlify documents no splat inside a segment, so file types under one folder cannot be told apart by a rule.
 * Each path is matched by `/*` and by exactly one other rule (its exact rule or its folder's), and `/*` sets only what
 * no other rule sets: no header is ever joined from two rules.
 */
export function headerRules(files: ServedFile[], apiCatalog: string | undefined, maxRules: number): HeaderRule[] {
  const folders = new Map<string, ServedFile[]>();
  const topLevel: ServedFile[] = [];
  for (const file of files) {
    const folder = folderOf(file.path);
    if (!folder) topLevel.push(file);
    else if (folders.has(folder)) folders.get(folder)!.push(file);
    else folders.set(folder, [file]);
  }
  const everywhere = new Set(EVERYWHERE.map(([name]) => name.toLowerCase()));
  const own = (file: ServedFile): HeaderList => file.headers.filter(([name]) => !everywhere.has(name.toLowerCase()));
  const exact = (file: ServedFile): HeaderRule => ({
    pattern: file.path,
    headers: own(file),
    fold: 'exact',
    paths: [file.path],
  });

  // A folder of two or more files with one header set is one rule, whatever the limit: a pattern does the job. Any
  // other folder is a rule per file, made only if the folder is not folded below (a catalog's section is 100,000).
  const byFolder = new Map<string, HeaderRule[] | { exact: ServedFile[] }>();
  for (const [folder, inFolder] of folders) {
    const first = own(inFolder[0]!);
    const uniform = inFolder.length > 1 && inFolder.every((f) => sameHeaders(own(f), first));
    byFolder.set(
      folder,
      uniform
        ? [{ pattern: `${folder}*`, headers: first, fold: 'folder', paths: inFolder.map((f) => f.path) }]
        : { exact: inFolder },
    );
  }
  const size = (rules: HeaderRule[] | { exact: ServedFile[] }) => ('exact' in rules ? rules.exact : rules).length;
  // Over the limit, fold the folders that save the most rules first, and only as many as needed.
  const count = () => 1 + topLevel.length + [...byFolder.values()].reduce((n, rules) => n + size(rules), 0);
  const candidates = [...byFolder.entries()]
    .filter(([, rules]) => size(rules) > 1)
    .sort((a, b) => size(b[1]) - size(a[1]) || (a[0] < b[0] ? -1 : 1));
  for (const [folder] of candidates) {
    if (count() <= maxRules) break;
    const inFolder = folders.get(folder)!;
    byFolder.set(folder, [
      {
        pattern: `${folder}*`,
        headers: sectionHeaders(inFolder.map(own), apiCatalog),
        fold: 'section',
        paths: inFolder.map((f) => f.path),
      },
    ]);
  }
  // Rules read in files' order; a folder rule takes the place of its first file.
  const ruleAt = new Map<string, HeaderRule>();
  for (const rule of topLevel.map(exact)) ruleAt.set(rule.paths[0]!, rule);
  for (const rules of byFolder.values())
    for (const rule of 'exact' in rules ? rules.exact.map(exact) : rules) ruleAt.set(rule.paths[0]!, rule);
  const rules: HeaderRule[] = [];
  for (const file of files) {
    const rule = ruleAt.get(file.path);
    if (rule) rules.push(rule);
  }
  return [{ pattern: '/*', headers: EVERYWHERE, fold: 'all', paths: [] }, ...rules];
}

/** The first path segment as a folder ("/help/"), for paths below one; top-level paths have none. */
export function folderOf(path: string): string | undefined {
  const second = path.indexOf('/', 1);
  return second > 0 && second < path.length - 1 ? path.slice(0, second + 1) : undefined;
}

/**
 * What a folded section promises every file in it, each value right for all of them: no Content-Type (the CDN sends
 * the type of the file's extension), the shortest cache lifetime of any of them, CORS open when any file is open
 * (every file here is public, static and served without credentials), `Vary: Accept` when any file negotiates, and the
 * API catalog Link. The per-page Link to the Markdown twin is dropped: the page's HTML carries
 * `<link rel="alternate" type="text/markdown">` and the edge handlers answer `Accept: text/markdown`.
 */
export function sectionHeaders(sets: HeaderList[], apiCatalog: string | undefined): HeaderList {
  const values = (name: string) =>
    sets.flatMap((set) => set.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v));
  const headers: HeaderList = [];
  const cache = values('Cache-Control').sort((a, b) => maxAge(a) - maxAge(b))[0];
  if (cache) headers.push(['Cache-Control', cache]);
  if (values('Access-Control-Allow-Origin').includes('*')) headers.push(['Access-Control-Allow-Origin', '*']);
  if (apiCatalog) headers.push(['Link', `<${apiCatalog}>; rel="api-catalog"`]);
  if (values('Vary').some((v) => /\baccept\b/i.test(v))) headers.push(['Vary', 'Accept']);
  return headers;
}

function maxAge(cacheControl: string): number {
  const match = /max-age=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

function sameHeaders(a: HeaderList, b: HeaderList): boolean {
  return a.length === b.length && a.every(([name, value], i) => b[i]![0] === name && b[i]![1] === value);
}
