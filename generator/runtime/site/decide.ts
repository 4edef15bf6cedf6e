// How the site answers a request, decided from the request and the serving table alone: which file, which error,
// which redirect. nginx's configuration is compiled from these same rules; `respond` turns a decision into a Response.
import type { ApiErrorBody } from '../api-error.js';
import {
  ERROR_HEADERS,
  type HeaderList,
  headerValue,
  isHtml,
  METHOD_NOT_ALLOWED_HEADERS,
  preflightHeaders,
} from '../headers.js';
import { chooseRepresentation, namesMediaType } from '../negotiation/choose.js';
import { isQueryRoute, readPageContextRequest } from '../query-routes/answer.js';
import { shardOfFile } from '../query-routes/context-files.js';
import { rawQueryParameter } from '../query-routes/site-path.js';
import { METHOD_NOT_ALLOWED, notAnMcpEndpointError, notFoundError } from './errors.js';
import { ROUTE_ANSWERS } from '../query-routes/answers.js';
import { SERVING_TABLE_VERSION, type ServingTable, type TableFile } from './table.js';

export type Decision =
  /**
   * The file at `path`, as the site serves it (200, or 304 for a matching If-None-Match); `headers` undefined when the
   * table does not carry the file (an edge table: the CDN serves it).
   */
  | { kind: 'file'; path: string; headers: HeaderList | undefined }
  /** A page's context: its shard (`file`) is read, and the page's entry answered (200), or 404 when it has none. */
  | { kind: 'page-context'; path: string; file: string }
  /**
   * An error in the API error envelope; for a 404 that a person or an agent reading pages asked for, `page` is the
   * not-found page sent instead (when it can be read).
   */
  | { kind: 'error'; status: number; body: ApiErrorBody; headers: HeaderList; page?: TableFile }
  /** 308 to a page asked for with a trailing "/". */
  | { kind: 'redirect'; location: string }
  /** 204 to OPTIONS. */
  | { kind: 'preflight'; headers: HeaderList };

/** An MCP client: JSON-RPC over POST, a session ended with DELETE, or a GET that opens an event stream. */
export const MCP_CLIENT_METHODS = ['POST', 'DELETE'];
export const EVENT_STREAM = 'text/event-stream';

export function isMcpClientRequest(method: string, accept: string | null): boolean {
  if (MCP_CLIENT_METHODS.includes(method)) return true;
  return (method === 'GET' || method === 'HEAD') && namesMediaType(accept, EVENT_STREAM);
}

interface TableIndex {
  files: Map<string, TableFile>;
  pages: Map<string, string>;
  notEndpoints: Map<string, string>;
  htmlPages: Set<string>;
  contextFolder?: string;
}

const indexes = new WeakMap<ServingTable, TableIndex>();

function indexOf(table: ServingTable): TableIndex {
  let index = indexes.get(table);
  if (index) return index;
  if (table.version !== SERVING_TABLE_VERSION) {
    throw new Error(
      `The serving table has version ${String(table.version)}; this runtime reads ${SERVING_TABLE_VERSION}. Rebuild.`,
    );
  }
  const files = new Map(table.files.map((f) => [f.path, f]));
  const htmlPages = new Set(table.negotiation.pages.map((p) => p.path));
  for (const file of table.files) if (isHtml(headerValue(file.headers, 'Content-Type') ?? '')) htmlPages.add(file.path);
  // Absent from a data file that is not the page-context emitter's (the tests' stub kinds): then no shard is served.
  const contexts = table.pageContext?.data.contexts?.file;
  index = {
    files,
    pages: new Map(table.negotiation.pages.map((p) => [p.path, p.twin])),
    notEndpoints: new Map(table.mcp.notEndpoints.map((n) => [n.path, n.reason])),
    htmlPages,
    contextFolder: contexts ? contexts.slice(0, contexts.lastIndexOf('/') + 1) : undefined,
  };
  indexes.set(table, index);
  return index;
}

/** A request's path, percent-decoded as a web server matches it; undefined when the encoding is malformed. */
export function requestPath(url: URL): string | undefined {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
}

export function decide(request: Request, table: ServingTable): Decision {
  const index = indexOf(table);
  const url = new URL(request.url);
  const path = requestPath(url);
  const method = request.method;
  const accept = request.headers.get('accept');
  const notFound = (): Decision => {
    const page = notFoundPage(table, method, accept);
    return {
      kind: 'error',
      status: ROUTE_ANSWERS.site.notFound.status,
      body: notFoundError(table.catalogs, table.origin),
      headers: ERROR_HEADERS,
      ...(page ? { page } : {}),
    };
  };
  if (path === undefined) return notFound();

  const notEndpoint = index.notEndpoints.get(path);
  if (notEndpoint !== undefined && isMcpClientRequest(method, accept)) {
    return {
      kind: 'error',
      status: ROUTE_ANSWERS.site.notAnMcpEndpoint.status,
      body: notAnMcpEndpointError(`${table.origin}${path}`, notEndpoint, table.mcp),
      headers: [...ERROR_HEADERS, ['Link', `<${table.mcp.endpoint}>; rel="service"`]],
    };
  }

  if (table.agentMode && isQueryRoute(table.agentMode.route, url, path)) {
    return (
      readOnly(method, table.agentMode.headers) ?? {
        kind: 'file',
        path: table.agentMode.file,
        headers: table.agentMode.headers,
      }
    );
  }
  const pageContext = table.pageContext;
  if (pageContext && isQueryRoute(pageContext.route, url, path)) {
    const refused = readOnly(method, pageContext.headers);
    if (refused) return refused;
    const read = readPageContextRequest(pageContext.data, rawQueryParameter(url.search, 'path'));
    if (!read.ok) return { kind: 'error', status: read.answer.status, body: read.answer.body, headers: ERROR_HEADERS };
    return { kind: 'page-context', path: read.path, file: read.file };
  }

  const twin = index.pages.get(path);
  const file = index.files.get(path);
  if (twin !== undefined || file) {
    const refused = readOnly(method, file?.headers ?? []);
    if (refused) return refused;
    if (twin !== undefined && chooseRepresentation(accept, table.negotiation.media, table.negotiation.onTie) === 'twin')
      return { kind: 'file', path: twin, headers: index.files.get(twin)?.headers };
    return { kind: 'file', path, headers: file?.headers };
  }

  if (pageContext && index.contextFolder && path.startsWith(index.contextFolder)) {
    if (shardOfFile(pageContext.data.contexts, path) === undefined) return notFound();
    return readOnly(method, pageContext.headers) ?? { kind: 'file', path, headers: pageContext.headers };
  }

  const withoutSlash = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : undefined;
  if (withoutSlash && index.htmlPages.has(withoutSlash) && (method === 'GET' || method === 'HEAD'))
    return { kind: 'redirect', location: `${withoutSlash}${url.search}` };
  return notFound();
}

/**
 * The not-found page for a GET or HEAD that names HTML or Markdown with a weight above zero (a browser, an agent that
 * reads pages), negotiated as a page is; undefined for everything else (no Accept, a bare wildcard, JSON), which gets
 * the error envelope.
 */
export function notFoundPage(table: ServingTable, method: string, accept: string | null): TableFile | undefined {
  const pages = table.notFound;
  if (!pages || (method !== 'GET' && method !== 'HEAD')) return undefined;
  const { media, onTie } = table.negotiation;
  if (!namesMediaType(accept, media.page) && !namesMediaType(accept, media.twin)) return undefined;
  return pages.twin && chooseRepresentation(accept, media, onTie) === 'twin' ? pages.twin : pages.page;
}

/** OPTIONS answered, other methods refused; undefined for GET and HEAD. */
function readOnly(method: string, headers: HeaderList): Decision | undefined {
  if (method === 'GET' || method === 'HEAD') return undefined;
  if (method === 'OPTIONS') return { kind: 'preflight', headers: preflightHeaders(headers) };
  const status = ROUTE_ANSWERS.site.methodNotAllowed.status;
  return { kind: 'error', status, body: METHOD_NOT_ALLOWED, headers: METHOD_NOT_ALLOWED_HEADERS };
}
