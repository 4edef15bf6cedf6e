import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runVerify } from '../../../generator/tools/audit/run-verify.js';
import type { Check } from '../../../generator/tools/audit/scorecard.js';
import { stubKinds } from '../../helpers/stub-kinds.js';
import { GOOD_TOKEN, startDeployment, type Deployment } from './fake-deployment.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

let deployment: Deployment;
let content: TempContent;
// A snapshot of the content, so that the deployment and the local build agree even while people edit content/.
beforeAll(async () => {
  content = await copyContent('verify-');
  deployment = await startDeployment(content);
});
beforeEach(() => deployment.reset());
afterAll(async () => {
  await deployment?.close();
  await content?.remove();
});

const verify = (credentials: Parameters<typeof runVerify>[0]['credentials'] = { token: GOOD_TOKEN }) =>
  runVerify({
    addresses: deployment.addresses,
    credentials,
    kinds: stubKinds,
    contentDir: content.contentDir,
    schemaDir: content.schemaDir,
  });

const failures = (checks: Check[]) => checks.filter((c) => c.outcome === 'fail').map((c) => `${c.check} ${c.subject}`);

describe('runVerify', () => {
  it('passes against a correct deployment, having checked every registry path, the chain and tools/list', async () => {
    const result = await verify();
    expect(failures(result.card.checks)).toEqual([]);
    expect(result.ok).toBe(true);
    const checked = (name: string) =>
      result.card.checks.filter((c) => c.check === name && c.outcome === 'pass').map((c) => c.subject);
    expect(checked('media-type')).toContain(`${deployment.addresses.base_url}/llms.txt`);
    expect(checked('content')).toContain(`${deployment.addresses.base_url}/.well-known/mcp/server-card.json`);
    expect(checked('media-type')).toContain(`${deployment.addresses.mcp_url}/.well-known/oauth-protected-resource`);
    expect(checked('link-markdown-twin')).toContain(`${deployment.addresses.base_url}/mcp`);
    expect(checked('head-link')).toHaveLength(1);
    expect(checked('resource')).toHaveLength(2);
    expect(checked('issuer')).toHaveLength(1);
    expect(checked('requires-token')).toHaveLength(1);
    expect(checked('not-an-endpoint')).toContain(`${deployment.addresses.base_url}/mcp`);
    expect(checked('declared-tools')).toHaveLength(1);
    expect(checked('read-only')).toHaveLength(3);
  });

  it('fails, naming the file, when a file is served with the wrong media type', async () => {
    deployment.wrap('site', (good) => async (request) => {
      const response = await good(request);
      if (request.url !== `${deployment.addresses.base_url}/llms.txt`) return response;
      const headers = new Headers(response.headers);
      headers.set('content-type', 'text/plain');
      return new Response(await response.arrayBuffer(), { status: response.status, headers });
    });
    const result = await verify();
    expect(result.ok).toBe(false);
    expect(failures(result.card.checks)).toEqual([`media-type ${deployment.addresses.base_url}/llms.txt`]);
    expect(result.card.failures[0]!.detail).toBe('served as "text/plain", expected "text/plain; charset=utf-8"');
  });

  it('fails when the server card is stale, saying what differs', async () => {
    deployment.wrap('site', (good) => async (request) => {
      const response = await good(request);
      if (!request.url.endsWith('/server-card.json')) return response;
      const card = (await response.json()) as Record<string, unknown>;
      card.mcp = 'https://old.example.com/mcp';
      return new Response(`${JSON.stringify(card, null, 2)}\n`, { headers: response.headers });
    });
    const result = await verify();
    const stale = `${deployment.addresses.base_url}/.well-known/mcp/server-card.json`;
    // The build's cross-file checks may also see that the aliases no longer repeat the manifest's bytes.
    expect(new Set(result.card.failures.map((c) => c.subject))).toEqual(new Set([stale]));
    const content = result.card.failures.find((c) => c.check === 'content')!;
    expect(content.detail).toContain('/mcp is "https://old.example.com/mcp" there');
  });

  it('fails when tools/list offers a tool the contract does not declare', async () => {
    deployment.extraTools.push('create_order');
    const result = await verify();
    expect(failures(result.card.checks)).toEqual([`no-undeclared-tools ${deployment.addresses.mcp_url}/mcp`]);
    expect(result.card.failures[0]!.detail).toContain('create_order');
  });

  it('fails when the chain names the wrong resource or issuer, or the endpoint takes no token', async () => {
    deployment.wrap('auth', (good) => async (request) => {
      const response = await good(request);
      const json = (await response.json()) as Record<string, unknown>;
      return Response.json({ ...json, issuer: 'https://auth.example.com' });
    });
    deployment.wrap('mcp', (good) => async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/mcp' && !request.headers.get('authorization')) return new Response('{}', { status: 200 });
      const response = await good(request);
      if (!path.startsWith('/.well-known/oauth-protected-resource')) return response;
      const json = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...json, resource: `${deployment.addresses.base_url}/mcp` }), {
        headers: response.headers,
      });
    });
    const result = await runVerify({
      addresses: deployment.addresses,
      kinds: stubKinds,
      contentDir: content.contentDir,
      schemaDir: content.schemaDir,
    });
    const failed = failures(result.card.checks);
    expect(failed).toContain(`issuer ${deployment.addresses.auth_url}/.well-known/oauth-authorization-server`);
    expect(failed).toContain(`resource ${deployment.addresses.mcp_url}/.well-known/oauth-protected-resource`);
    expect(failed).toContain(`resource ${deployment.addresses.mcp_url}/.well-known/oauth-protected-resource/mcp`);
    expect(failed).toContain(`requires-token ${deployment.addresses.mcp_url}/mcp`);
    expect(result.card.checks.find((c) => c.check === 'tools-list')?.outcome).toBe('skip');
  });

  it('fails when a page lacks its Link headers or a discovery file its CORS header', async () => {
    deployment.wrap('site', (good) => async (request) => {
      const response = await good(request);
      const headers = new Headers(response.headers);
      headers.delete('link');
      headers.delete('access-control-allow-origin');
      return new Response(await response.arrayBuffer(), { status: response.status, headers });
    });
    const failed = failures((await verify()).card.checks);
    expect(failed).toContain(`link-api-catalog ${deployment.addresses.base_url}/docs`);
    expect(failed).toContain(`link-markdown-twin ${deployment.addresses.base_url}/docs`);
    expect(failed).toContain(`cors ${deployment.addresses.base_url}/openapi.json`);
    expect(failed).toContain(`head-link ${deployment.addresses.base_url}/.well-known/api-catalog`);
  });

  it("runs the build's validators on the fetched bytes", async () => {
    deployment.wrap('site', (good) => async (request) => {
      const response = await good(request);
      if (!request.url.endsWith('/docs.md')) return response;
      return new Response(`${await response.text()}\nOur webhook API is coming.\n`, { headers: response.headers });
    });
    const failed = failures((await verify()).card.checks);
    expect(failed).toContain(`validity ${deployment.addresses.base_url}/docs.md`);
    expect(failed).toContain(`content ${deployment.addresses.base_url}/docs.md`);
  });

  it('fails when {base_url}/mcp answers as an MCP endpoint', async () => {
    deployment.wrap(
      'site',
      (good) => async (request) =>
        request.method === 'POST' && new URL(request.url).pathname === '/mcp'
          ? Response.json({
              jsonrpc: '2.0',
              id: 1,
              result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'x', version: '1' } },
            })
          : good(request),
    );
    const result = await verify();
    expect(failures(result.card.checks)).toEqual([`not-an-endpoint ${deployment.addresses.base_url}/mcp`]);
  });

  it('fails on a missing file with its status', async () => {
    deployment.wrap(
      'site',
      (good) => async (request) =>
        request.url.endsWith('/pricing.md') ? new Response('gone', { status: 404 }) : good(request),
    );
    const result = await verify();
    expect(failures(result.card.checks)).toEqual([`status ${deployment.addresses.base_url}/pricing.md`]);
  });

  it("says a page differs only by a script the server added (npm run dev's live reload), not by its content", async () => {
    deployment.wrap('site', (good) => async (request) => {
      const response = await good(request);
      if (!request.url.endsWith('/docs')) return response;
      const page = (await response.text()).replace(
        '</body>',
        '<script type="module" src="/reload.js"></script></body>',
      );
      return new Response(page, { headers: response.headers });
    });
    const result = await verify();
    const content = result.card.failures.find((c) => c.check === 'content')!;
    expect(content.subject).toBe(`${deployment.addresses.base_url}/docs`);
    expect(content.detail).toContain('a script the build did not write');
    expect(content.detail).toContain('npm run dev');
  });
});

/** A loopback port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('runVerify against an address nothing answers', () => {
  it('says so once, with the address and why, and checks nothing else', async () => {
    const base = `http://127.0.0.1:${await closedPort()}`;
    const result = await runVerify({
      addresses: { base_url: base, mcp_url: base, auth_url: base, api_url: base },
      env: 'preview',
      kinds: stubKinds,
      contentDir: content.contentDir,
      schemaDir: content.schemaDir,
    });
    expect(result.ok).toBe(false);
    expect(result.card.failures).toHaveLength(1);
    expect(result.card.failures[0]).toMatchObject({ check: 'reachable', subject: base });
    expect(result.card.failures[0]!.detail).toContain('connection refused');
  });
});
