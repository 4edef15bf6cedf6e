// A CDN's static layer in a test: files from the build, found the way Netlify and Cloudflare Pages find them
// (exact file, then `.html`, then `/index.html`), with the headers `_headers` gives them and an ETag.
import { createHash } from 'node:crypto';
import type { ArtifactSet } from '../../../generator/build/registry/types.js';
import { headersFor, type HeaderRule } from './cdn-config-parsers.js';

/** What both CDNs send by a file's extension before `_headers` is applied. */
const BY_EXTENSION: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  json: 'application/json',
  md: 'text/markdown',
  txt: 'text/plain',
  xml: 'application/xml',
  svg: 'image/svg+xml',
};

/** Files a CDN reads as its configuration and does not serve. */
const CONFIG_FILES = new Set(['_headers', '_redirects', '_routes.json']);

export function staticLayer(artifacts: ArtifactSet, rules: HeaderRule[]) {
  return async (request: Request): Promise<Response> => {
    const path = decodeURIComponent(new URL(request.url).pathname);
    const base = path.replace(/^\//, '');
    const candidates = path === '/' ? ['index.html'] : [base, `${base}.html`, `${base}/index.html`];
    const file = candidates.find((f) => !CONFIG_FILES.has(f) && artifacts.get('site', f));
    // Files streamed beside an artifact (a context per page) are uploaded files like any other.
    const streamed = file ? undefined : streamedFile(artifacts, base);
    if (!file && streamed === undefined)
      return new Response('Not found', { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
    const artifact = file ? artifacts.get('site', file)! : { body: streamed! };
    const headers = new Headers();
    const name = file ?? base;
    const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : '';
    headers.set('content-type', BY_EXTENSION[extension] ?? 'application/octet-stream');
    for (const [name, value] of headersFor(rules, path)) headers.set(name, value);
    // Both CDNs give static files a strong validator and answer If-None-Match with it.
    const etag = `"${createHash('sha256').update(artifact.body).digest('hex').slice(0, 16)}"`;
    headers.set('etag', etag);
    if (request.headers.get('if-none-match') === etag) {
      headers.delete('content-type');
      return new Response(null, { status: 304, headers });
    }
    const body = request.method === 'HEAD' ? null : artifact.body;
    return new Response(body as BodyInit | null, { status: 200, headers });
  };
}

function streamedFile(artifacts: ArtifactSet, file: string): string | undefined {
  const stream = artifacts.streams().find((s) => s.entry.host === 'site' && file.startsWith(s.folder));
  return stream?.file(file);
}
