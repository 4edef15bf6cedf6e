// Site host: the expectations table every way of serving the site is held to, and no escape from the built tree.
import { request as httpRequest } from 'node:http';
import { expect, it } from 'vitest';
import { checkServing } from '../../../runtime/serving/expectations.js';
import { at, expectEnvelope, type GetPreview } from '../harness.js';

export function siteSuite(get: GetPreview): void {
  const site = (path: string, init: RequestInit = {}) => get().site(new Request(at(get(), 'base_url', path), init));

  it('answers every request of the expectations table as it says, in-process and over a socket', async () => {
    const build = { model: get().model, registry: get().registry, artifacts: get().artifacts };
    expect(await checkServing(get().site, build)).toEqual([]);
    expect(await checkServing(get().addresses.base_url, build)).toEqual([]);
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
      '/_agent/page-context/..%2F..%2F..%2Fpackage.json',
      '/_agent/page-context/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/agent/page-context?path=%2F..%2F..%2F..%2Fpackage',
    ];
    for (const path of attempts) {
      const response = await site(path);
      const text = await response.text();
      expect(text, path).not.toContain('"devDependencies"');
      expect(text, path).not.toContain('[core]');
      expect(text, path).not.toContain('root:');
      if (!path.includes('?')) expect(response.status, path).toBe(404);
    }
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
}
