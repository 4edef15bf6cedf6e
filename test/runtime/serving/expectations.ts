// The one table of expectations for every way of serving the site (nginx, the Netlify and Cloudflare handlers):
// derived from the registry and the emitted bytes, never from the cdn family's own serving plan. nginx and the edge
// handlers promise each path its exact headers; a CDN's static files under a section folded in `_headers` get the
// section's promise instead (see `folded` below).
import { isDeepStrictEqual } from 'node:util';
import { CACHE_POLICIES, cachePolicyName } from '../../../generator/runtime/headers.js';
import type { Registry } from '../../../generator/build/registry/registry.js';
import type { ArtifactSet, RegistryEntry } from '../../../generator/build/registry/types.js';

export interface Expectation {
  /** What the case checks, for failure messages. */
  name: string;
  method: 'GET' | 'HEAD';
  /** Path and query, as a client sends them. */
  target: string;
  requestHeaders?: Record<string, string>;
  status: number;
  contentType: string;
  /** The CDN sends the type of the file's extension: only the media type itself is promised, not its parameters. */
  contentTypeByExtension?: boolean;
  /** `*` when the answer must be CORS-open, null when it must carry no CORS header. */
  cors?: '*' | null;
  cacheControl?: string;
  /** Link values the answer must carry. */
  links?: string[];
  varyAccept?: boolean;
  /** Exact bytes, a JSON value, or an API error code. */
  body?: { bytes: Uint8Array } | { json: unknown } | { errorCode?: string; errorStatus: number } | { empty: true };
  /** Only a full web server answers it (a CDN's own 404s and config files are outside the handlers). */
  serverOnly?: boolean;
}

export interface Received {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

const HTML = /^text\/html\b/;

type Promised = Pick<
  Expectation,
  'contentType' | 'contentTypeByExtension' | 'cors' | 'cacheControl' | 'links' | 'varyAccept'
>;

export interface ExpectationOptions {
  /**
   * Folders (`/help/`) that `_headers` folds into one rule: their static files promise what is right for all of them.
   * Empty for nginx and for anything answering with exact per-path headers.
   */
  folded?: string[];
}

/** The folders a parsed `_headers` folds: every splat rule below the root (`/help/*` → `/help/`). */
export function foldedFolders(patterns: string[]): string[] {
  return patterns.filter((p) => p !== '/*' && /^\/[^*]+\/\*$/.test(p)).map((p) => p.slice(0, -1));
}

export function expectations(
  registry: Registry,
  artifacts: ArtifactSet,
  options: ExpectationOptions = {},
): Expectation[] {
  const site = registry.of('site');
  const apiCatalog = site.find((e) => e.kind === 'api-catalog' && !e.aliasOf)?.path;
  const twins = new Set(site.flatMap((e) => (HTML.test(e.mediaType) && e.twin ? [e.twin] : [])));
  const catalogLink = apiCatalog ? `<${apiCatalog}>; rel="api-catalog"` : undefined;
  const exact = (entry: RegistryEntry): Promised => {
    const html = HTML.test(entry.mediaType);
    return {
      contentType: entry.mediaType,
      cors: html ? null : '*',
      cacheControl: CACHE_POLICIES[cachePolicyName(entry)],
      links: [
        ...(catalogLink && (html || entry.path === apiCatalog) ? [catalogLink] : []),
        ...(html && entry.twin ? [`<${entry.twin}>; rel="alternate"; type="text/markdown"`] : []),
      ],
      varyAccept: (html && !!entry.twin) || twins.has(entry.path),
    };
  };
  const promised = (entry: RegistryEntry): Promised => {
    const folder = options.folded?.find((f) => entry.path.startsWith(f));
    if (!folder) return exact(entry);
    const inFolder = site
      .filter((e) => !e.kind.startsWith('cdn-') && !e.dataFor && e.path.startsWith(folder))
      .map(exact);
    // A folder whose files all promise the same headers is folded without loss.
    if (inFolder.every((p) => isDeepStrictEqual(p, inFolder[0]))) return exact(entry);
    const maxAge = (c: string | undefined) => Number(/max-age=(\d+)/.exec(c ?? '')?.[1] ?? 0);
    return {
      contentType: entry.mediaType,
      contentTypeByExtension: true,
      cors: inFolder.some((p) => p.cors === '*') ? '*' : null,
      cacheControl: inFolder.map((p) => p.cacheControl).sort((a, b) => maxAge(a) - maxAge(b))[0],
      // The Markdown twin is linked from the page's HTML, not from the folded rule.
      links: catalogLink ? [catalogLink] : [],
      varyAccept: inFolder.some((p) => p.varyAccept),
    };
  };
  const out: Expectation[] = [];
  for (const entry of site) {
    const artifact = artifacts.get('site', entry.file);
    if (!artifact) throw new Error(`no artifact for ${entry.path}`);
    const bytes = typeof artifact.body === 'string' ? new TextEncoder().encode(artifact.body) : artifact.body;
    if (entry.kind.startsWith('cdn-')) {
      out.push({
        name: `${entry.path} is CDN configuration, never served`,
        method: 'GET',
        target: entry.path,
        status: 404,
        contentType: 'application/json',
        body: { errorStatus: 404 },
        serverOnly: true,
      });
      continue;
    }
    const cache = CACHE_POLICIES[cachePolicyName(entry)];
    if (entry.dataFor) {
      out.push(...queryRouteCases(entry, artifacts.text(artifact), cache, artifacts));
      continue;
    }
    const html = HTML.test(entry.mediaType);
    const { varyAccept, ...common } = promised(entry);
    out.push({
      name: `GET ${entry.path}`,
      method: 'GET',
      target: entry.path,
      status: 200,
      ...common,
      varyAccept,
      body: { bytes },
    });
    if (entry.path === apiCatalog) {
      out.push({
        name: `HEAD ${entry.path} (RFC 9727)`,
        method: 'HEAD',
        target: entry.path,
        status: 200,
        ...common,
        body: { empty: true },
      });
    }
    if (html && entry.twin) {
      const twin = site.find((e) => e.path === entry.twin)!;
      const twinArtifact = artifacts.get('site', twin.file)!;
      const twinBytes =
        typeof twinArtifact.body === 'string' ? new TextEncoder().encode(twinArtifact.body) : twinArtifact.body;
      for (const accept of ['text/markdown', 'text/markdown, text/html;q=0.9']) {
        out.push({
          name: `GET ${entry.path} with Accept: ${accept}`,
          method: 'GET',
          target: entry.path,
          requestHeaders: { accept },
          status: 200,
          contentType: twin.mediaType,
          cacheControl: CACHE_POLICIES[cachePolicyName(twin)],
          varyAccept: true,
          body: { bytes: twinBytes },
        });
      }
      out.push({
        name: `GET ${entry.path} refusing Markdown (q=0)`,
        method: 'GET',
        target: entry.path,
        requestHeaders: { accept: 'text/markdown;q=0, text/html' },
        status: 200,
        ...common,
        body: { bytes },
      });
    }
  }
  out.push({
    name: 'an unpublished path',
    method: 'GET',
    target: '/no-such-page-anywhere',
    status: 404,
    contentType: 'application/json',
    body: { errorStatus: 404 },
    serverOnly: true,
  });
  return out;
}

function queryRouteCases(entry: RegistryEntry, text: string, cache: string, artifacts: ArtifactSet): Expectation[] {
  const common = { contentType: 'application/json', cors: '*' as const, cacheControl: cache };
  const route = new URL(entry.dataFor!, 'http://route.invalid');
  if (route.search) {
    return [
      {
        name: `GET ${entry.dataFor}`,
        method: 'GET',
        target: entry.dataFor!,
        status: 200,
        ...common,
        body: { json: JSON.parse(text) },
      },
    ];
  }
  // Every page's context, from its own streamed file.
  const pages = new Map<string, unknown>();
  for (const file of artifacts.streamOf(entry)?.files() ?? []) {
    const context = JSON.parse(file.body) as { path: string };
    pages.set(context.path, context);
  }
  if (pages.size === 0) throw new Error(`${entry.path} streams no page context`);
  const param = entry.query?.find((q) => q.required)?.name ?? 'path';
  const at = (value: string) => `${route.pathname}?${param}=${value}`;
  const cases: Expectation[] = [...pages].map(([path, context]) => ({
    name: `page context of ${path}`,
    method: 'GET' as const,
    target: at(path),
    status: 200,
    ...common,
    body: { json: context },
  }));
  // The deepest path, percent-encoded as a form would send it: every "/" becomes %2F; and with a trailing "/".
  const deepest = [...pages.keys()].sort((a, b) => b.split('/').length - a.split('/').length)[0];
  if (deepest) {
    cases.push(
      {
        name: 'page context, percent-encoded path',
        method: 'GET',
        target: at(encodeURIComponent(deepest)),
        status: 200,
        ...common,
        body: { json: pages.get(deepest) },
      },
      {
        name: 'page context, trailing "/"',
        method: 'GET',
        target: at(`${deepest}/`),
        status: 200,
        ...common,
        body: { json: pages.get(deepest) },
      },
      {
        name: 'page context of a path below a page',
        method: 'GET',
        target: at(`${deepest}/deeper`),
        status: 404,
        ...common,
        body: { errorCode: 'page_not_found', errorStatus: 404 },
      },
    );
  }
  cases.push(
    {
      name: 'page context of the home page',
      method: 'GET',
      target: at(encodeURIComponent('/')),
      status: pages.has('/') ? 200 : 404,
      ...common,
      body: pages.has('/') ? { json: pages.get('/') } : { errorStatus: 404 },
    },
    {
      name: 'page context without path',
      method: 'GET',
      target: route.pathname,
      status: 400,
      ...common,
      body: { errorCode: 'missing_path', errorStatus: 400 },
    },
    {
      name: 'page context with an empty path',
      method: 'GET',
      target: at(''),
      status: 400,
      ...common,
      body: { errorCode: 'missing_path', errorStatus: 400 },
    },
    {
      name: 'page context of a relative path',
      method: 'GET',
      target: at('pricing'),
      status: 400,
      ...common,
      body: { errorCode: 'invalid_path', errorStatus: 400 },
    },
    {
      name: 'page context of an unknown page',
      method: 'GET',
      target: at('/no-such-page-anywhere'),
      status: 404,
      ...common,
      body: { errorCode: 'page_not_found', errorStatus: 404 },
    },
    {
      name: 'page context of a path with no context file',
      method: 'GET',
      target: at('/_agent/page-context'),
      status: 404,
      ...common,
      body: { errorCode: 'page_not_found', errorStatus: 404 },
    },
    {
      name: 'page context of a traversal',
      method: 'GET',
      target: at(encodeURIComponent('/help/../../_agent/page-context')),
      status: 400,
      ...common,
      body: { errorCode: 'invalid_path', errorStatus: 400 },
    },
  );
  return cases;
}

/** What is wrong with a response, as sentences; empty when it meets the expectation. */
export function problems(expected: Expectation, got: Received): string[] {
  const out: string[] = [];
  const say = (what: string) => out.push(`${expected.name} (${expected.method} ${expected.target}): ${what}`);
  const header = (name: string) => got.headers.get(name);
  if (got.status !== expected.status) say(`status ${got.status}, expected ${expected.status}`);
  const essence = (type: string | null) => (type ?? '').split(';')[0]!.trim().toLowerCase();
  if (
    expected.contentTypeByExtension
      ? essence(header('content-type')) !== essence(expected.contentType)
      : header('content-type') !== expected.contentType
  )
    say(`Content-Type "${header('content-type')}", expected "${expected.contentType}"`);
  if (header('x-content-type-options') !== 'nosniff')
    say(`X-Content-Type-Options "${header('x-content-type-options')}"`);
  if (expected.cors !== undefined && header('access-control-allow-origin') !== expected.cors) {
    say(
      `Access-Control-Allow-Origin "${header('access-control-allow-origin')}", expected ${expected.cors === null ? 'none' : '"*"'}`,
    );
  }
  if (expected.cacheControl && header('cache-control') !== expected.cacheControl)
    say(`Cache-Control "${header('cache-control')}", expected "${expected.cacheControl}"`);
  for (const link of expected.links ?? []) {
    if (!(header('link') ?? '').split(/,\s*(?=<)/).includes(link)) say(`Link "${header('link')}" lacks ${link}`);
  }
  if (expected.links?.length === 0 && header('link')) say(`unexpected Link "${header('link')}"`);
  const vary = (header('vary') ?? '').split(/\s*,\s*/).map((v) => v.toLowerCase());
  if (expected.varyAccept !== undefined && vary.includes('accept') !== expected.varyAccept)
    say(`Vary "${header('vary')}", Accept ${expected.varyAccept ? 'expected' : 'not expected'}`);
  const body = expected.body;
  if (!body) return out;
  const text = new TextDecoder().decode(got.body);
  if ('bytes' in body && !isDeepStrictEqual(Buffer.from(got.body), Buffer.from(body.bytes)))
    say(`body differs from the built file (${got.body.byteLength} bytes, expected ${body.bytes.byteLength})`);
  if ('empty' in body && got.body.byteLength !== 0) say(`HEAD answered ${got.body.byteLength} bytes of body`);
  if ('json' in body || 'errorStatus' in body) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      say(`body is not JSON: ${text.slice(0, 80)}`);
      return out;
    }
    if ('json' in body && !isDeepStrictEqual(value, body.json)) say(`JSON body differs: ${text.slice(0, 120)}`);
    if ('errorStatus' in body) {
      const error = (value as { error?: Record<string, unknown> }).error;
      const envelope =
        error &&
        ['code', 'message', 'resolution'].every((k) => typeof error[k] === 'string') &&
        error.status === body.errorStatus;
      if (!envelope) say(`not the API error envelope with status ${body.errorStatus}: ${text.slice(0, 120)}`);
      if (body.errorCode && error?.code !== body.errorCode)
        say(`error.code "${String(error?.code)}", expected "${body.errorCode}"`);
    }
  }
  return out;
}
