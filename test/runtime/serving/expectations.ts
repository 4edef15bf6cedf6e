// The one table of expectations for every way of serving the site (the Netlify and Cloudflare handlers in front of a
// CDN's static files, nginx, the preview, dev): request → status, headers, body digest. Derived from the registry, the
// built bytes and the content, with the rules restated here in the tests' own words (never from the serving table the
// runtime answers from), and checked by one runner that takes a base URL or a `(Request) => Promise<Response>`.
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Registry } from '../../../generator/build/registry/registry.js';
import type { ArtifactSet, RegistryEntry } from '../../../generator/build/registry/types.js';
import type { Model } from '../../../generator/model/types.js';
import { CACHE_POLICIES, cachePolicyName } from '../../../generator/runtime/headers.js';
import {
  pageContextNotFound,
  readPageContextRequest,
  type PageContextData,
} from '../../../generator/runtime/query-routes/index.js';
import { METHOD_NOT_ALLOWED, notAnMcpEndpointError, notFoundError } from '../../../generator/runtime/site/errors.js';
import { findRouteFamily } from '../../../generator/runtime/query-routes/route-pattern.js';
import { fillAddresses } from '../../../generator/build/registry/registry.js';
import { oracleChoice } from '../negotiation/accept-oracle.js';

/** The headers every answer is compared on; each expectation gives each one a value or null (must be absent). */
export const COMPARED_HEADERS = [
  'content-type',
  'cache-control',
  'x-content-type-options',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
  'allow',
  'link',
  'location',
  'vary',
] as const;

export type ComparedHeader = (typeof COMPARED_HEADERS)[number];

export interface Expectation {
  /** What the case checks, for failure messages. */
  name: string;
  method: string;
  /** Path and query, as a client sends them. */
  target: string;
  requestHeaders?: Record<string, string>;
  status: number;
  headers: Record<ComparedHeader, string | null>;
  /** The body's sha256 (hex); `any` for a redirect, whose note each server writes its own way. */
  body: string | 'any';
  /** The answer carries an ETag, and the same request with `If-None-Match` of it is answered 304 without a body. */
  revalidates?: boolean;
  /** Only the CDN's static layer may send the media type of the file's extension (a folded section of `_headers`). */
  contentTypeByExtension?: boolean;
  /**
   * `server` when only a whole server (nginx, the preview, dev) answers it: on a CDN the platform's own static layer
   * answers it (its 404s, its methods, its trailing-slash handling), which no file of the build decides.
   */
  scope: 'every' | 'server';
}

export interface Build {
  registry: Registry;
  artifacts: ArtifactSet;
  model: Model;
}

export interface ExpectationOptions {
  /**
   * Folders (`/help/`) that `_headers` folds into one rule: on a CDN their static files promise only what is right
   * for all of them. Empty for anything that gives each path its exact headers.
   */
  folded?: string[];
}

const HTML = /^text\/html\b/;
const digest = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const EMPTY = digest('');

/** The Accept headers every negotiated page is asked with: agents', browsers', curl's, and the RFC's corners. */
export const PAGE_ACCEPT_HEADERS = [
  null,
  'text/markdown, text/html',
  'text/html, text/markdown;q=0.5',
  'text/markdown',
  'text/markdown, text/html, */*',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  '*/*',
  'text/markdown;q=0, text/html',
  'text/html;q=0, */*',
  'text/markdown;q=2, text/html;q=0.5',
];

function none(): Record<ComparedHeader, string | null> {
  return Object.fromEntries(COMPARED_HEADERS.map((h) => [h, null])) as Record<ComparedHeader, string | null>;
}

const ERROR = {
  ...none(),
  'content-type': 'application/json',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'access-control-allow-origin': '*',
};

/** The folders a parsed `_headers` folds: every splat rule below the root (`/help/*` → `/help/`). */
export function foldedFolders(patterns: string[]): string[] {
  return patterns.filter((p) => p !== '/*' && /^\/[^*]+\/\*$/.test(p)).map((p) => p.slice(0, -1));
}

export function expectations(build: Build, options: ExpectationOptions = {}): Expectation[] {
  const { registry, artifacts, model } = build;
  const site = registry.of('site');
  const apiCatalog = site.find((e) => e.kind === 'api-catalog' && !e.aliasOf)?.path;
  const twins = new Set(site.flatMap((e) => (HTML.test(e.mediaType) && e.twin ? [e.twin] : [])));
  const bytesOf = (entry: RegistryEntry) => {
    const artifact = artifacts.get('site', entry.file);
    if (!artifact) throw new Error(`no artifact for ${entry.path}`);
    return typeof artifact.body === 'string' ? new TextEncoder().encode(artifact.body) : artifact.body;
  };
  const catalogs = [
    ...site.filter((e) => e.kind === 'api-catalog' && !e.aliasOf),
    ...site.filter((e) => e.kind === 'llms-root'),
  ].map((e) => registry.url(e));
  const notFound = digest(JSON.stringify(notFoundError(catalogs, registry.origin('site'))));
  const served = (entry: RegistryEntry) => (entry.dataFor ? `/${entry.file}` : entry.path);

  // What each file is served with: the header policy, in the tests' words.
  const exact = (entry: RegistryEntry): Record<ComparedHeader, string | null> => {
    const html = HTML.test(entry.mediaType);
    const links = [
      ...(apiCatalog && (html || entry.path === apiCatalog) ? [`<${apiCatalog}>; rel="api-catalog"`] : []),
      ...(html && entry.twin ? [`<${entry.twin}>; rel="alternate"; type="text/markdown"`] : []),
    ];
    return {
      ...none(),
      'content-type': entry.mediaType,
      'cache-control': CACHE_POLICIES[cachePolicyName(entry)],
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': html ? null : '*',
      link: links.length > 0 ? links.join(', ') : null,
      vary: (html && entry.twin) || twins.has(entry.path) ? 'Accept' : null,
    };
  };
  const files = site.filter((e) => !e.kind.startsWith('cdn-'));
  const promised = (entry: RegistryEntry): { headers: Record<ComparedHeader, string | null>; byExtension?: true } => {
    const folder = options.folded?.find((f) => served(entry).startsWith(f));
    if (!folder) return { headers: exact(entry) };
    const inFolder = files.filter((e) => served(e).startsWith(folder)).map(exact);
    // A folder whose files all promise the same headers is folded without loss.
    if (inFolder.every((p) => isDeepStrictEqual(p, inFolder[0]))) return { headers: exact(entry) };
    const maxAge = (c: string | null) => Number(/max-age=(\d+)/.exec(c ?? '')?.[1] ?? 0);
    return {
      byExtension: true,
      headers: {
        ...exact(entry),
        'access-control-allow-origin': inFolder.some((p) => p['access-control-allow-origin'] === '*') ? '*' : null,
        'cache-control': inFolder.map((p) => p['cache-control']).sort((a, b) => maxAge(a) - maxAge(b))[0]!,
        // The Markdown twin is linked from the page's HTML, not from the folded rule.
        link: apiCatalog ? `<${apiCatalog}>; rel="api-catalog"` : null,
        vary: inFolder.some((p) => p.vary) ? 'Accept' : null,
      },
    };
  };

  const out: Expectation[] = [];
  for (const entry of site) {
    if (entry.kind.startsWith('cdn-')) {
      out.push(error(`${entry.path} is CDN configuration, never served`, 'GET', entry.path, 404, notFound, 'server'));
      continue;
    }
    const bytes = bytesOf(entry);
    const { headers, byExtension } = promised(entry);
    const file = { headers, contentTypeByExtension: byExtension };
    out.push({
      name: `GET ${served(entry)}`,
      method: 'GET',
      target: served(entry),
      status: 200,
      ...file,
      body: digest(bytes),
      revalidates: true,
      scope: 'every',
    });
    if (entry.dataFor) {
      out.push(...queryRouteCases(build, entry, exact(entry), notFound));
      continue;
    }
    if (entry.path === apiCatalog || entry.path === '/')
      out.push({
        name: `HEAD ${entry.path}`,
        method: 'HEAD',
        target: entry.path,
        status: 200,
        ...file,
        body: EMPTY,
        scope: 'every',
      });
    if (HTML.test(entry.mediaType) && entry.twin) {
      const twin = site.find((e) => e.path === entry.twin)!;
      const twinAnswer = { headers: exact(twin), body: digest(bytesOf(twin)) };
      const onTie = model.pageNegotiation.onTie === 'text/markdown' ? 'twin' : 'page';
      for (const accept of PAGE_ACCEPT_HEADERS) {
        const choice = oracleChoice(accept, entry.mediaType, twin.mediaType, onTie);
        const answer = choice === 'twin' ? twinAnswer : { headers, body: digest(bytes) };
        out.push({
          name: `GET ${entry.path} with Accept: ${accept ?? '(none)'} → ${choice}`,
          method: 'GET',
          target: entry.path,
          requestHeaders: accept === null ? undefined : { accept },
          status: 200,
          ...answer,
          contentTypeByExtension: choice === 'twin' ? undefined : byExtension,
          revalidates: true,
          scope: 'every',
        });
      }
      out.push({
        name: `HEAD ${entry.path} with Accept: text/markdown`,
        method: 'HEAD',
        target: entry.path,
        requestHeaders: { accept: 'text/markdown' },
        status: 200,
        headers: twinAnswer.headers,
        body: EMPTY,
        scope: 'every',
      });
    }
  }

  // Methods: OPTIONS and the 405 on a file, a page and a query route.
  const someFile = files.find((e) => !HTML.test(e.mediaType) && !e.dataFor)!;
  const somePage = files.find((e) => HTML.test(e.mediaType) && e.twin && e.path !== '/')!;
  const preflight = (entry: RegistryEntry) => {
    const open = exact(entry)['access-control-allow-origin'] === '*';
    return {
      ...none(),
      allow: 'GET, HEAD, OPTIONS',
      'x-content-type-options': 'nosniff',
      ...(open
        ? {
            'access-control-allow-origin': '*',
            'access-control-allow-methods': 'GET, HEAD, OPTIONS',
            'access-control-allow-headers': 'Accept, If-None-Match',
            'access-control-max-age': '86400',
          }
        : {}),
    };
  };
  const methodNotAllowed = digest(JSON.stringify(METHOD_NOT_ALLOWED));
  const notAllowedHeaders = { ...ERROR, allow: 'GET, HEAD, OPTIONS' };
  for (const entry of [someFile, somePage]) {
    const scope = entry === somePage ? 'every' : 'server';
    out.push(
      {
        name: `OPTIONS ${entry.path}`,
        method: 'OPTIONS',
        target: entry.path,
        requestHeaders: { origin: 'https://agent.example', 'access-control-request-method': 'GET' },
        status: 204,
        headers: preflight(entry),
        body: EMPTY,
        scope,
      },
      {
        name: `PUT ${entry.path}`,
        method: 'PUT',
        target: entry.path,
        status: 405,
        headers: notAllowedHeaders,
        body: methodNotAllowed,
        scope,
      },
    );
  }
  for (const route of files.filter((e) => e.dataFor)) {
    out.push({
      name: `POST ${route.dataFor}`,
      method: 'POST',
      target: route.dataFor!,
      status: 405,
      headers: notAllowedHeaders,
      body: methodNotAllowed,
      scope: 'every',
    });
  }

  // MCP clients at addresses of the site that are not the MCP endpoint.
  const endpoint = `${model.addresses.mcp_url}${model.mcpServer.endpointPath}`;
  const mcp = {
    endpoint,
    authStart: fillAddresses(model.authentication.discoveryChain[0]!.url, model.addresses),
  };
  const misdirected = new Map<string, string>();
  for (const path of model.mcpServer.legacyPaths.examples) misdirected.set(path, model.mcpServer.legacyPaths.statement);
  for (const item of model.mcpServer.notEndpoints) {
    const url = fillAddresses(item.url, model.addresses);
    if (url.startsWith(model.addresses.base_url))
      misdirected.set(url.slice(model.addresses.base_url.length) || '/', fillAddresses(item.reason, model.addresses));
  }
  const misdirectHeaders = { ...ERROR, link: `<${endpoint}>; rel="service"` };
  for (const [path, reason] of misdirected) {
    const body = digest(JSON.stringify(notAnMcpEndpointError(`${registry.origin('site')}${path}`, reason, mcp)));
    out.push(
      {
        name: `an MCP client's POST to ${path}`,
        method: 'POST',
        target: path,
        requestHeaders: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        status: 404,
        headers: misdirectHeaders,
        body,
        scope: 'every',
      },
      {
        name: `an MCP client's event stream at ${path}`,
        method: 'GET',
        target: path,
        requestHeaders: { accept: 'text/event-stream' },
        status: 404,
        headers: misdirectHeaders,
        body,
        scope: 'every',
      },
      {
        name: `an MCP client's DELETE at ${path}`,
        method: 'DELETE',
        target: path,
        status: 404,
        headers: misdirectHeaders,
        body,
        scope: 'every',
      },
    );
    if (!files.some((e) => served(e) === path))
      out.push(error(`a browser at the legacy path ${path}`, 'GET', path, 404, notFound, 'every'));
  }

  // Paths nothing is published at, and a page asked for with a trailing "/".
  out.push(
    error('an unpublished path', 'GET', '/no-such-page-anywhere', 404, notFound, 'server'),
    error('HEAD of an unpublished path', 'HEAD', '/no-such-page-anywhere', 404, EMPTY, 'server'),
    error('a POST to an unpublished path', 'POST', '/no-such-page-anywhere', 404, notFound, 'server'),
    error('a PUT to an unpublished Markdown path', 'PUT', '/no-such-page-anywhere.md', 404, notFound, 'server'),
    error('an OPTIONS of an unpublished page-like path', 'OPTIONS', '/help/no-such-page', 404, notFound, 'server'),
    error('a page by its file name', 'GET', `/${somePage.file}`, 404, notFound, 'server'),
    error('a file with a trailing "/"', 'GET', `${someFile.path}/`, 404, notFound, 'server'),
    ...notFoundPageCases(build, notFound),
    {
      name: 'a page with a trailing "/"',
      method: 'GET',
      target: `${somePage.path}/?x=1`,
      status: 308,
      headers: { ...none(), location: `${somePage.path}?x=1`, 'x-content-type-options': 'nosniff' },
      body: 'any',
      scope: 'server',
    },
  );
  return out;
}

/** A browser's Accept header, and an agent's that asks for Markdown first. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const AGENT = 'text/markdown, text/html;q=0.5';

/**
 * An address with nothing published, asked for by a person or an agent reading pages: the not-found page of the
 * content (404.html, or its Markdown twin for a request that prefers Markdown), with a 404 and an error's headers.
 * A client that names neither HTML nor Markdown (curl's bare wildcard, JSON) still gets the error envelope.
 */
function notFoundPageCases(build: Build, notFound: string): Expectation[] {
  const { registry, artifacts } = build;
  const page = registry.of('site').find((e) => e.kind === 'not-found-page');
  const twin = registry.of('site').find((e) => e.kind === 'not-found-markdown');
  if (!page || !twin) return [];
  const answer = (
    name: string,
    method: string,
    accept: string,
    entry: RegistryEntry | undefined,
    target = '/no-such-page-anywhere',
  ): Expectation => ({
    name,
    method,
    target,
    requestHeaders: { accept },
    status: 404,
    headers: entry ? { ...ERROR, 'content-type': entry.mediaType } : ERROR,
    body: !entry ? notFound : method === 'HEAD' ? EMPTY : digest(artifacts.text(artifacts.get('site', entry.file)!)),
    scope: 'server',
  });
  return [
    answer('a browser at an unpublished path: the not-found page', 'GET', BROWSER, page),
    answer('HEAD from a browser at an unpublished path', 'HEAD', BROWSER, page),
    answer('an agent preferring Markdown at an unpublished path: the page in Markdown', 'GET', AGENT, twin),
    answer('a browser at an unpublished path below a folder', 'GET', BROWSER, page, '/help/no-such-page/deeper'),
    answer('curl at an unpublished path: the error envelope', 'GET', '*/*', undefined),
    answer('a JSON client at an unpublished path: the error envelope', 'GET', 'application/json', undefined),
    answer('a browser that refuses HTML and Markdown: the error envelope', 'GET', 'text/html;q=0, */*', undefined),
  ];
}

function error(
  name: string,
  method: string,
  target: string,
  status: number,
  body: string,
  scope: 'every' | 'server',
): Expectation {
  return { name, method, target, status, headers: ERROR, body, scope };
}

function queryRouteCases(
  build: Build,
  entry: RegistryEntry,
  dataHeaders: Record<ComparedHeader, string | null>,
  notFound: string,
): Expectation[] {
  const { artifacts } = build;
  const text = artifacts.text(artifacts.get('site', entry.file)!);
  const headers = { ...dataHeaders, link: null, vary: null };
  const route = new URL(entry.dataFor!, 'http://route.invalid');
  if (route.search) {
    return [
      {
        name: `GET ${entry.dataFor}`,
        method: 'GET',
        target: entry.dataFor!,
        status: 200,
        headers,
        body: digest(text),
        revalidates: true,
        scope: 'every',
      },
      {
        name: `HEAD ${entry.dataFor}`,
        method: 'HEAD',
        target: entry.dataFor!,
        status: 200,
        headers,
        body: EMPTY,
        scope: 'every',
      },
      {
        name: `GET ${entry.dataFor} with the parameter's name in capitals`,
        method: 'GET',
        target: `${route.pathname}?${[...route.searchParams].map(([n, v]) => `${n.toUpperCase()}=${v}`).join('&')}`,
        status: 200,
        headers,
        body: digest(text),
        scope: 'every',
      },
    ];
  }
  const data = JSON.parse(text) as PageContextData;
  // Each shard holds, under each of its site paths, that path's context: the route answers with those bytes.
  const pages = new Map<string, string>();
  const shards = new Map<string, string>();
  for (const file of artifacts.streamOf(entry)?.files() ?? []) {
    shards.set(`/${file.file}`, file.body);
    for (const [path, context] of Object.entries(JSON.parse(file.body) as Record<string, unknown>))
      pages.set(path, JSON.stringify(context));
  }
  if (pages.size === 0) throw new Error(`${entry.path} streams no page context`);
  const at = (value: string) => `${route.pathname}?path=${value}`;
  const ok = (name: string, target: string, page: string): Expectation => ({
    name,
    method: 'GET',
    target,
    status: 200,
    headers,
    body: digest(pages.get(page)!),
    scope: 'every',
  });
  const refused = (name: string, target: string, raw: string | null): Expectation => {
    const read = readPageContextRequest(data, raw);
    if (read.ok) throw new Error(`${raw} is not refused`);
    return {
      name,
      method: 'GET',
      target,
      status: 400,
      headers: ERROR,
      body: digest(JSON.stringify(read.answer.body)),
      scope: 'every',
    };
  };
  const unknown = (name: string, target: string, path: string): Expectation => ({
    name,
    method: 'GET',
    target,
    status: 404,
    headers: ERROR,
    body: digest(JSON.stringify(pageContextNotFound(data, findRouteFamily(data.routeFamilies, path)?.pattern))),
    scope: 'every',
  });
  const cases: Expectation[] = [...pages.keys()].map((path) => ok(`page context of ${path}`, at(path), path));
  const deepest = [...pages.keys()].sort((a, b) => b.split('/').length - a.split('/').length)[0]!;
  // The shard of the deepest page, by the layout as the data describes it: k = FNV-1a of the path's bytes mod S.
  const [before, after] = data.contexts.file.split('{shard}') as [string, string];
  const shardPath = (k: number) => `${before}${k}${after}`;
  const deepestShard = shardPath(fnv1a(deepest) % data.contexts.shards);
  if (!shards.has(deepestShard)) throw new Error(`the context of ${deepest} is not in ${deepestShard}`);
  cases.push(
    ok('page context, the path percent-encoded as a form sends it', at(encodeURIComponent(deepest)), deepest),
    ok('page context, trailing "/"', at(`${deepest}/`), deepest),
    ok('page context, the page URL with its query', at(`${deepest}?utm=x`), deepest),
    ok('page context, the parameter name in capitals', `${route.pathname}?PATH=${deepest}`, deepest),
    {
      name: 'HEAD of a page context',
      method: 'HEAD',
      target: at(deepest),
      status: 200,
      headers,
      body: EMPTY,
      scope: 'every',
    },
    unknown('page context of a path below a page', at(`${deepest}/deeper`), `${deepest}/deeper`),
    unknown('page context of an unknown page', at('/no-such-page-anywhere'), '/no-such-page-anywhere'),
    unknown('page context of a path with another escape', at('/pric%69ng'), '/pric%69ng'),
    unknown('page context of a path with no context file', at('/_agent/page-context'), '/_agent/page-context'),
    refused('page context without path', route.pathname, null),
    refused('page context with an empty path', at(''), ''),
    refused('page context of a relative path', at('pricing'), 'pricing'),
    refused('page context of an absolute URL', at('https://elsewhere.example/x'), 'https://elsewhere.example/x'),
    refused(
      'page context of a traversal',
      at(encodeURIComponent('/help/../../_agent/page-context')),
      encodeURIComponent('/help/../../_agent/page-context'),
    ),
    refused('page context of "//"', at('/help//x'), '/help//x'),
    refused('page context of a backslash', at('/help\\x'), '/help\\x'),
    refused('page context of a path too long', at(`/${'a'.repeat(1100)}`), `/${'a'.repeat(1100)}`),
    {
      name: 'a shard of the page contexts at its own path',
      method: 'GET',
      target: deepestShard,
      status: 200,
      headers,
      body: digest(shards.get(deepestShard)!),
      scope: 'every',
    },
    error('a shard number the site does not have', 'GET', shardPath(data.contexts.shards), 404, notFound, 'server'),
    error(
      'a shard number written with a leading 0',
      'GET',
      shardPath(0).replace('/0.', '/00.'),
      404,
      notFound,
      'server',
    ),
    error('a page context at a path of its own', 'GET', `${before}${deepest}.json`, 404, notFound, 'server'),
  );
  if (pages.has('/')) cases.push(ok('page context of the home page', at(encodeURIComponent('/')), '/'));
  return cases;
}

/** FNV-1a, 32 bits, of a string's UTF-8 bytes (the published layout of the page contexts' shards). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

export interface Received {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/** What is wrong with an answer, as sentences; empty when it meets the expectation. */
export function problems(expected: Expectation, got: Received): string[] {
  const out: string[] = [];
  const say = (what: string) => out.push(`${expected.name} (${expected.method} ${expected.target}): ${what}`);
  if (got.status !== expected.status) say(`status ${got.status}, expected ${expected.status}`);
  const essence = (type: string | null) => (type ?? '').split(';')[0]!.trim().toLowerCase();
  const links = (value: string | null) => new Set((value ?? '').split(/,\s*(?=<)/).filter(Boolean));
  const tokens = (value: string | null) =>
    new Set(
      (value ?? '')
        .split(/\s*,\s*/)
        .filter(Boolean)
        .map((v) => v.toLowerCase()),
    );
  for (const name of COMPARED_HEADERS) {
    const want = expected.headers[name];
    const have = got.headers.get(name);
    if (name === 'content-type' && expected.status === 308) continue;
    const same =
      name === 'content-type' && expected.contentTypeByExtension
        ? essence(have) === essence(want)
        : name === 'link'
          ? isDeepStrictEqual(links(have), links(want))
          : name === 'vary'
            ? isDeepStrictEqual(tokens(have), tokens(want))
            : have === want;
    if (!same)
      say(`${name} ${have === null ? '(none)' : `"${have}"`}, expected ${want === null ? 'none' : `"${want}"`}`);
  }
  if (expected.body !== 'any' && digest(got.body) !== expected.body) {
    const text = new TextDecoder().decode(got.body.slice(0, 160));
    say(`body differs (${got.body.byteLength} bytes${got.body.byteLength ? `: ${JSON.stringify(text)}` : ''})`);
  }
  return out;
}

/** A way of serving the site: its base URL (a server), or a Web-standard handler called in-process. */
export type Serve = string | ((request: Request) => Promise<Response>);

async function ask(
  serve: Serve,
  origin: string,
  expected: Expectation,
  extra: Record<string, string> = {},
): Promise<Received> {
  const init = {
    method: expected.method,
    headers: { ...expected.requestHeaders, ...extra },
    redirect: 'manual' as const,
  };
  const response =
    typeof serve === 'string'
      ? await fetch(serve + expected.target, init)
      : await serve(new Request(origin + expected.target, init));
  return { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
}

export interface CheckOptions extends ExpectationOptions {
  /** Which cases: `server` (the default) for nginx, the preview and dev; `every` for the CDN handlers. */
  scope?: 'every' | 'server';
  /** The cases to run (default: `expectations(build)`); a test may change one to show that a difference fails. */
  cases?: Expectation[];
}

/**
 * Runs the table against one way of serving `build` and returns every difference (empty when it answers as the table
 * says). `serve` is a base URL ("http://localhost:4100") or an in-process handler, whose requests carry the site's
 * own origin.
 */
export async function checkServing(serve: Serve, build: Build, options: CheckOptions = {}): Promise<string[]> {
  const origin = build.registry.origin('site');
  const found: string[] = [];
  for (const expected of options.cases ?? expectations(build, options)) {
    if (options.scope === 'every' && expected.scope === 'server') continue;
    const got = await ask(serve, origin, expected);
    const wrong = problems(expected, got);
    found.push(...wrong);
    if (!expected.revalidates || wrong.length > 0) continue;
    const etag = got.headers.get('etag');
    if (!etag) {
      found.push(`${expected.name}: no ETag`);
      continue;
    }
    const again = await ask(serve, origin, expected, { 'if-none-match': etag });
    if (again.status !== 304 || again.body.byteLength !== 0)
      found.push(
        `${expected.name}: If-None-Match ${etag} answered ${again.status} with ${again.body.byteLength} bytes, expected 304 and none`,
      );
    // A 304 carries what a cache must update (RFC 9110 §15.4.5).
    for (const name of ['cache-control', 'vary', 'etag'])
      if (again.headers.get(name) !== got.headers.get(name))
        found.push(
          `${expected.name}: the 304 has ${name} "${again.headers.get(name)}", the 200 "${got.headers.get(name)}"`,
        );
  }
  return found;
}
