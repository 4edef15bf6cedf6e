// Site host: every registry entry with its headers, negotiation, query routes, MCP misdirection, 404s, no escape from the tree.
import { request as httpRequest } from 'node:http';
import { expect, it } from 'vitest';
import { at, expectEnvelope, type GetPreview } from '../harness.js';

export function siteSuite(get: GetPreview): void {
  const site = (path: string, init: RequestInit = {}) => get().site(new Request(at(get(), 'base_url', path), init));

  it('serves every site entry of the registry with its media type, nosniff and an ETag', async () => {
    const entries = get().registry.served('site');
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      const response = await site(entry.path);
      expect(response.status, entry.path).toBe(200);
      expect(response.headers.get('content-type'), entry.path).toBe(entry.mediaType);
      expect(response.headers.get('x-content-type-options'), entry.path).toBe('nosniff');
      expect(response.headers.get('etag'), entry.path).toMatch(/^"[^"]+"$/);
      const body = new Uint8Array(await response.arrayBuffer());
      expect(Buffer.compare(Buffer.from(body), Buffer.from(get().files.of(entry)!.bytes)), entry.path).toBe(0);
    }
  });

  it('opens discovery documents to every origin, cacheable', async () => {
    const discovery = get()
      .registry.served('site')
      .filter((e) => e.discovery);
    expect(discovery.length).toBeGreaterThan(3);
    for (const entry of discovery) {
      const response = await site(entry.path);
      expect(response.headers.get('access-control-allow-origin'), entry.path).toBe('*');
      expect(response.headers.get('cache-control'), entry.path).toMatch(/^public, max-age=\d+/);
    }
  });

  it('answers HEAD like GET without a body; the API catalog carries its Link', async () => {
    const catalog = get().registry.ofKind('api-catalog')[0]!;
    const head = await site(catalog.path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('link')).toBe(`<${catalog.path}>; rel="api-catalog"`);
    expect(head.headers.get('content-type')).toBe(catalog.mediaType);
    expect(head.headers.get('content-length')).toBe(String(get().files.of(catalog)!.bytes.byteLength));
    expect(await head.text()).toBe('');
  });

  it('answers If-None-Match with 304', async () => {
    const first = await site('/openapi.json');
    const again = await site('/openapi.json', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('links HTML pages to the API catalog and their Markdown twin', async () => {
    for (const entry of get()
      .registry.served('site')
      .filter((e) => e.kind === 'html-page' && e.twin)) {
      const link = (await site(entry.path)).headers.get('link') ?? '';
      expect(link, entry.path).toContain('rel="api-catalog"');
      expect(link, entry.path).toContain(`<${entry.twin}>; rel="alternate"; type="text/markdown"`);
    }
  });

  it('answers Accept: text/markdown with the twin and Vary: Accept; a browser gets HTML', async () => {
    const page = get().registry.get('/mcp')!;
    const twin = get().registry.get(page.twin!)!;
    const markdown = await site('/mcp', { headers: { accept: 'text/markdown, text/html;q=0.5' } });
    expect(markdown.headers.get('content-type')).toBe(twin.mediaType);
    expect(markdown.headers.get('vary')).toBe('Accept');
    expect(await markdown.text()).toBe(new TextDecoder().decode(get().files.of(twin)!.bytes));
    const html = await site('/mcp', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(html.headers.get('content-type')).toBe(page.mediaType);
    expect(html.headers.get('vary')).toBe('Accept');
  });

  it('answers /?mode=agent from the built agent-mode data', async () => {
    const data = get()
      .registry.ofKind('agent-mode')
      .find((e) => e.dataFor)!;
    const response = await site('/?mode=agent');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(get().files.json(data));
  });

  it('answers page context for a published page, 404 for an unknown one, 400 for a missing or malformed path', async () => {
    const ok = await site('/api/agent/page-context?path=/pricing');
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { path: string }).path).toBe('/pricing');
    const unknown = await site('/api/agent/page-context?path=/no-such-page');
    expect(unknown.status).toBe(404);
    expectEnvelope(await unknown.json(), 404, 'page_not_found');
    const missing = await site('/api/agent/page-context');
    expect(missing.status).toBe(400);
    expectEnvelope(await missing.json(), 400, 'missing_path');
    const malformed = await site(`/api/agent/page-context?path=${encodeURIComponent('/../../package.json')}`);
    expect(malformed.status).toBe(400);
    expectEnvelope(await malformed.json(), 400, 'invalid_path');
  });

  it('answers unknown paths with a 404 envelope naming where the resources are listed', async () => {
    const response = await site('/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as { error: { resolution: string } };
    expectEnvelope(body, 404, 'not_found');
    expect(body.error.resolution).toContain('/.well-known/api-catalog');
  });

  it('never serves a file outside the built tree, whatever the path or query', async () => {
    const attempts = [
      '/../package.json',
      '/%2e%2e/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/%2e%2e%2fpackage.json',
      '/.git/config',
      '/node_modules/express/package.json',
      '/content/service.yaml',
      '//etc/passwd',
      '/openapi.json/..%2f..%2fpackage.json',
      '/?path=../../package.json',
      '/index.html',
    ];
    for (const path of attempts) {
      const response = await site(path);
      const text = await response.text();
      expect(text, path).not.toContain('"devDependencies"');
      expect(text, path).not.toContain('[core]');
      expect(text, path).not.toContain('root:');
      if (path !== '/?path=../../package.json') expect(response.status, path).toBe(404);
    }
  });

  it('refuses other methods with 405 and Allow', async () => {
    const response = await site('/openapi.json', { method: 'PUT', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expectEnvelope(await response.json(), 405, 'method_not_allowed');
  });

  it('tells an MCP client at {base_url}/mcp or a legacy path where the endpoint is; a browser still gets the guide', async () => {
    const { model } = get();
    const endpoint = `${get().addresses.mcp_url}${model.mcpServer.endpointPath}`;
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} };
    const paths = ['/mcp', ...model.mcpServer.legacyPaths.examples];
    for (const path of paths) {
      const post = await site(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(init),
      });
      expect(post.status, path).toBe(404);
      const body = (await post.json()) as { error: { message: string; resolution: string } };
      expectEnvelope(body, 404, 'not_an_mcp_endpoint');
      expect(body.error.message, path).toContain(endpoint);
      expect(body.error.resolution, path).toContain(endpoint);
    }
    const stream = await site('/mcp', { headers: { accept: 'text/event-stream' } });
    expect(stream.status).toBe(404);
    expectEnvelope(await stream.json(), 404, 'not_an_mcp_endpoint');
    const browser = await site('/mcp', { headers: { accept: 'text/html' } });
    expect(browser.status).toBe(200);
    expect(browser.headers.get('content-type')).toBe(get().registry.get('/mcp')!.mediaType);
  });

  it('redirects a trailing slash to the page', async () => {
    const response = await site('/docs/');
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/docs');
  });

  it('serves the same over a real socket (HEAD without a body)', async () => {
    const response = await fetch(at(get(), 'base_url', '/llms.txt'), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(get().registry.get('/llms.txt')!.mediaType);
    expect(await response.text()).toBe('');
  });

  it('keeps raw request targets inside the tree over a socket (no URL normalisation by a client)', async () => {
    const { port } = new URL(get().addresses.base_url);
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: Number(port), path, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of [
      '/../package.json',
      '/../../../etc/passwd',
      '//evil.example/openapi.json',
      '/%2e%2e/package.json',
      '/..\\package.json',
    ]) {
      const { status, body } = await raw(path);
      expect(status, path).toBe(404);
      expect(body, path).not.toContain('devDependencies');
      expectEnvelope(JSON.parse(body), 404, 'not_found');
    }
  });

  it('answers a CORS preflight on discovery documents', async () => {
    const response = await site('/.well-known/mcp.json', {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('refuses writes on query routes with 405', async () => {
    const response = await site('/api/agent/page-context?path=/pricing', { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expectEnvelope(await response.json(), 405, 'method_not_allowed');
  });
}
