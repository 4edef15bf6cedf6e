// The site's header policy: the headers of every answer (files, query routes, errors, redirects, preflights), for
// every way of serving it. The build applies it to each registry entry; the runtime to everything it computes.

/** Response headers as ordered name/value pairs (names as they are written on the wire). */
export type HeaderList = [name: string, value: string][];

/**
 * How long clients and CDNs may keep a file. Documents agents and scanners poll (discovery documents, query-route data)
 * change with a deploy, rarely; pages are re-read more often; static assets hardly ever change. The theme's files are
 * named by a hash of their bytes: a change is a new name, so those are kept for a year and never revalidated.
 */
export const CACHE_POLICIES = {
  document: 'public, max-age=3600',
  page: 'public, max-age=300',
  asset: 'public, max-age=86400',
  immutable: 'public, max-age=31536000, immutable',
} as const;

/** Kinds whose file names carry a hash of their bytes. */
export const HASHED_KINDS: readonly string[] = ['theme-asset'];

export type CachePolicyName = keyof typeof CACHE_POLICIES;

/** Computed answers (errors) are never stored: a page published by the next deploy must not stay a cached 404. */
export const NO_STORE = 'no-store';

/** The methods the site answers; every other one gets 405 (or, from an MCP client, the not-an-endpoint 404). */
export const READ_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/** What a registry entry tells the policy about a file. */
export interface FileFacts {
  path: string;
  mediaType: string;
  kind: string;
  discovery: boolean;
  /** Set on the data file behind a query route. */
  dataFor?: string;
  /** A page's Markdown twin. */
  twin?: string;
  /** True for a twin: its bytes are also the Markdown answer at its page's address. */
  isTwin: boolean;
  /** The API catalog's path, linked from every HTML page (RFC 9727). */
  apiCatalog?: string;
}

export function cachePolicyName(file: Pick<FileFacts, 'kind' | 'discovery' | 'dataFor'>): CachePolicyName {
  if (HASHED_KINDS.includes(file.kind)) return 'immutable';
  if (file.kind === 'static') return 'asset';
  if (file.discovery || file.dataFor) return 'document';
  return 'page';
}

export function isHtml(mediaType: string): boolean {
  return mediaType.startsWith('text/html');
}

/**
 * Every header a file is served with, besides what a server adds itself (Date, ETag, Content-Length). Pages stay
 * same-origin; every other file is public data for agents, in browsers too (no credentials are ever involved).
 */
export function fileHeaders(file: FileFacts): HeaderList {
  const html = isHtml(file.mediaType);
  const headers: HeaderList = [
    ['Content-Type', file.mediaType],
    ['Cache-Control', CACHE_POLICIES[cachePolicyName(file)]],
    ['X-Content-Type-Options', 'nosniff'],
  ];
  if (!html) headers.push(['Access-Control-Allow-Origin', '*']);
  const links: string[] = [];
  if (file.apiCatalog && (html || file.path === file.apiCatalog)) links.push(`<${file.apiCatalog}>; rel="api-catalog"`);
  if (html && file.twin) links.push(`<${file.twin}>; rel="alternate"; type="text/markdown"`);
  if (links.length > 0) headers.push(['Link', links.join(', ')]);
  // A page and its twin are two answers at one URL: caches must key them on Accept.
  if ((html && file.twin) || file.isTwin) headers.push(['Vary', 'Accept']);
  return headers;
}

/** A query route answers with its data file's headers, without the file's own Link and Vary. */
export function queryRouteHeaders(dataFile: HeaderList): HeaderList {
  return dataFile.filter(([name]) => name !== 'Link' && name !== 'Vary');
}

/** Every error of the site is the API error envelope: JSON, never stored, readable from any origin. */
export const ERROR_HEADERS: HeaderList = [
  ['Content-Type', 'application/json'],
  ['Cache-Control', NO_STORE],
  ['X-Content-Type-Options', 'nosniff'],
  ['Access-Control-Allow-Origin', '*'],
];

/** A page sent as an error (the not-found page): the error's headers, with the page's own media type. */
export function errorPageHeaders(mediaType: string): HeaderList {
  return [['Content-Type', mediaType], ...withoutHeaders(ERROR_HEADERS, 'Content-Type')];
}

/** The 405's headers: the error's, with the methods that are answered. */
export const METHOD_NOT_ALLOWED_HEADERS: HeaderList = [...ERROR_HEADERS, ['Allow', READ_METHODS.join(', ')]];

/**
 * The answer to OPTIONS (204): the methods, and for a file readable from any origin the CORS preflight's grant, so
 * that a browser agent may send `Accept` and `If-None-Match`; a page (same-origin) gets the methods only.
 */
export function preflightHeaders(file: HeaderList): HeaderList {
  const headers: HeaderList = [['Allow', READ_METHODS.join(', ')]];
  if (headerValue(file, 'Access-Control-Allow-Origin') === '*') {
    headers.push(
      ['Access-Control-Allow-Origin', '*'],
      ['Access-Control-Allow-Methods', READ_METHODS.join(', ')],
      ['Access-Control-Allow-Headers', 'Accept, If-None-Match'],
      ['Access-Control-Max-Age', '86400'],
    );
  }
  headers.push(['X-Content-Type-Options', 'nosniff']);
  return headers;
}

/** A permanent redirect (a page asked for with a trailing "/"): where to, relative to the site. */
export function redirectHeaders(location: string): HeaderList {
  return [
    ['Location', location],
    ['X-Content-Type-Options', 'nosniff'],
  ];
}

/** The value of a header in a list, names compared without case. */
export function headerValue(headers: HeaderList, name: string): string | undefined {
  return headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}

/** The list without the named headers (a 304 carries no Content-Type). */
export function withoutHeaders(headers: HeaderList, ...names: string[]): HeaderList {
  const drop = new Set(names.map((n) => n.toLowerCase()));
  return headers.filter(([name]) => !drop.has(name.toLowerCase()));
}
