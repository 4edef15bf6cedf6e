// Turns a decision into a Web-standard Response: a file's bytes with its headers (304 on a matching ETag, no body for
// HEAD), a page's context, the error envelope, a redirect or a preflight.
import type { ApiErrorBody } from '../api-error.js';
import { ERROR_HEADERS, type HeaderList, redirectHeaders, withoutHeaders } from '../headers.js';
import { pageContextAnswer } from '../query-routes/answer.js';
import { contextInShard } from '../query-routes/context-files.js';
import type { PageContext } from '../query-routes/types.js';
import type { Decision } from './decide.js';
import { notFoundError } from './errors.js';
import type { ServingTable } from './table.js';

/** A file's bytes, and its strong validator when the source has one. */
export interface Asset {
  body: Uint8Array | string;
  etag?: string;
}

/**
 * Reads a file of the built site by the path it is served at ("/mcp.md", "/_agent/page-context/7.json"); undefined
 * when there is none. The preview reads its build, an edge handler the CDN's static files (or the table's bodies).
 */
export type AssetReader = (path: string) => Promise<Asset | undefined> | Asset | undefined;

export async function respond(
  request: Request,
  decision: Decision,
  table: ServingTable,
  read: AssetReader,
): Promise<Response> {
  const head = request.method === 'HEAD';
  switch (decision.kind) {
    case 'file': {
      const asset = await read(decision.path);
      if (!asset || !decision.headers) return error(head, 404, notFoundError(table.catalogs, table.origin));
      return fileResponse(request, asset, decision.headers);
    }
    case 'page-context': {
      const route = table.pageContext!;
      const shard = await read(decision.file);
      const text = shard && contextInShard(textOf(shard.body), decision.path);
      const answer = pageContextAnswer(route.data, decision.path, text ? (JSON.parse(text) as PageContext) : undefined);
      // The entry's own bytes, as nginx sends its per-path copy; its validator made from them.
      if (text && answer.status === 200) {
        const bytes = bytesOf(text);
        return fileResponse(request, { body: bytes, etag: await strongEtag(bytes) }, route.headers);
      }
      return error(head, answer.status, answer.body as ApiErrorBody);
    }
    case 'error': {
      const page = decision.page && (await read(decision.page.path));
      if (page && decision.page) {
        const bytes = bytesOf(page.body);
        const out = new Headers(decision.page.headers);
        out.set('content-length', String(bytes.byteLength));
        return new Response(head ? null : (bytes as BodyInit), { status: decision.status, headers: out });
      }
      return error(head, decision.status, decision.body, decision.headers);
    }
    case 'redirect':
      return new Response(null, { status: 308, headers: redirectHeaders(decision.location) });
    case 'preflight':
      return new Response(null, { status: 204, headers: decision.headers });
  }
}

function textOf(body: Uint8Array | string): string {
  return typeof body === 'string' ? body : new TextDecoder().decode(body);
}

/** A strong validator over bytes: their SHA-256 in base64url, cut to 27 characters, quoted (as the preview's files). */
export async function strongEtag(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
  const base64 = btoa(String.fromCharCode(...digest));
  return `"${base64.replace(/\+/g, '-').replace(/\//g, '_').slice(0, 27)}"`;
}

function bytesOf(body: Uint8Array | string): Uint8Array {
  return typeof body === 'string' ? new TextEncoder().encode(body) : body;
}

/** A file: 200 with its bytes (none for HEAD), or 304 when If-None-Match matches its ETag. */
export function fileResponse(request: Request, asset: Asset, headers: HeaderList): Response {
  const out = new Headers(headers);
  if (asset.etag) {
    out.set('etag', asset.etag);
    if (matchesEtag(request.headers.get('if-none-match'), asset.etag))
      return new Response(null, { status: 304, headers: withoutHeaders([...out], 'content-type') });
  }
  const bytes = bytesOf(asset.body);
  out.set('content-length', String(bytes.byteLength));
  return new Response(request.method === 'HEAD' ? null : (bytes as BodyInit), { status: 200, headers: out });
}

function error(head: boolean, status: number, body: ApiErrorBody, headers: HeaderList = ERROR_HEADERS): Response {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  const out = new Headers(headers);
  out.set('content-length', String(bytes.byteLength));
  return new Response(head ? null : bytes, { status, headers: out });
}

/** Whether an If-None-Match header matches an ETag (weak comparison, RFC 9110 §13.1.2 and §13.1.3). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}
