// The Netlify Edge Function and the Cloudflare Pages Function, in-process with Web-standard Request/Response, in front
// of a simulated static layer that reads the generated `_headers`: held to the same expectations as nginx. Then the
// function files as the CDNs bundle them (esbuild, as Cloudflare's wrangler does): they resolve, pull in no Node
// built-in (Web-standard only), and the bundled functions answer from the table the build wrote.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as bundle, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { cloudflarePagesFunction } from '../../../generator/runtime/edge/cloudflare.js';
import { bundleNetlifyHandler } from '../../../generator/tools/cli/edge-bundle.js';
import { answerEdgeRequest } from '../../../generator/runtime/edge/handler.js';
import { netlifyEdgeConfig, netlifyEdgeFunction } from '../../../generator/runtime/edge/netlify.js';
import type { EdgeTable } from '../../../generator/runtime/edge/table.js';
import { parseHeadersFile, type Dialect } from '../serving/cdn-config-parsers.js';
import { staticLayer } from '../serving/cdn-simulator.js';
import { expectations, foldedFolders, problems, type Expectation } from '../serving/expectations.js';
import { buildInMemory, type TestBuild } from '../serving/fixture.js';

const ORIGIN = 'https://www.example.com';

let build: TestBuild;
let table: EdgeTable;
let dir: string;
let tablePath: string;

beforeAll(async () => {
  build = await buildInMemory();
  const tableArtifact = build.artifacts.get('deploy', 'edge-table.json');
  if (!tableArtifact) throw new Error('no edge table in the deploy files');
  table = JSON.parse(build.artifacts.text(tableArtifact)) as EdgeTable;
  dir = mkdtempSync(join(tmpdir(), 'cdn-bundle-'));
  tablePath = join(dir, 'edge-table.json');
  writeFileSync(tablePath, build.artifacts.text(tableArtifact));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function request(expected: Expectation): Request {
  return new Request(ORIGIN + expected.target, { method: expected.method, headers: expected.requestHeaders });
}

async function received(response: Response) {
  return { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
}

function serveWith(dialect: Dialect): (r: Request) => Promise<Response> {
  const rules = parseHeadersFile(build.artifacts.text(build.artifacts.get('site', '_headers')!), dialect);
  const files = staticLayer(build.artifacts, rules);
  // The handlers fetch a page's context file from the CDN's own static files.
  const fetchAsset = (url: URL) => files(new Request(url));
  if (dialect === 'netlify') {
    // Netlify runs the function only on the paths of its `config`; the rest go straight to the files.
    const edge = netlifyEdgeFunction(table, fetchAsset);
    const paths = new Set(netlifyEdgeConfig(table).path);
    return (r) => (paths.has(new URL(r.url).pathname) ? edge(r, { next: () => files(r) }) : files(r));
  }
  // Cloudflare runs the function only on the paths `_routes.json` includes; the rest go straight to the files.
  const routes = JSON.parse(build.artifacts.text(build.artifacts.get('site', '_routes.json')!)) as {
    include: string[];
    exclude: string[];
  };
  const matches = (patterns: string[], path: string) =>
    patterns.some((p) =>
      new RegExp(
        `^${p
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      ).test(path),
    );
  const pages = cloudflarePagesFunction(table);
  return (r) => {
    const path = new URL(r.url).pathname;
    if (!matches(routes.include, path) || matches(routes.exclude, path)) return files(r);
    return pages({
      request: r,
      next: () => files(r),
      env: { ASSETS: { fetch: (u) => fetchAsset(new URL(u instanceof Request ? u.url : u)) } },
    });
  };
}

describe.each(['netlify', 'cloudflare'] as const)('the %s handler in front of the static files', (dialect) => {
  it('answers every registry path as expected', async () => {
    const serve = serveWith(dialect);
    // The static files answer with what `_headers` promises, folded sections included.
    const rules = parseHeadersFile(build.artifacts.text(build.artifacts.get('site', '_headers')!), dialect);
    const cases = expectations(build.registry, build.artifacts, {
      folded: foldedFolders(rules.map((r) => r.pattern)),
    }).filter((e) => !e.serverOnly);
    const found: string[] = [];
    for (const expected of cases) found.push(...problems(expected, await received(await serve(request(expected)))));
    expect(found).toEqual([]);
    expect(cases.some((c) => c.target.includes('?'))).toBe(true);
  });
});

describe('the shared edge handler', () => {
  const noAsset = async () => new Response('no asset expected', { status: 500 });
  it('leaves ordinary requests to the static files', async () => {
    expect(await answerEdgeRequest(new Request(`${ORIGIN}/openapi.json`), table, noAsset)).toBeUndefined();
    expect(
      await answerEdgeRequest(new Request(`${ORIGIN}/mcp`, { headers: { accept: 'text/html' } }), table, noAsset),
    ).toBeUndefined();
    expect(await answerEdgeRequest(new Request(`${ORIGIN}/?mode=human`), table, noAsset)).toBeUndefined();
  });

  it('does not answer other methods', async () => {
    expect(
      await answerEdgeRequest(new Request(`${ORIGIN}/?mode=agent`, { method: 'POST', body: '{}' }), table, noAsset),
    ).toBeUndefined();
  });

  it('answers HEAD on a query route without a body', async () => {
    const response = (await answerEdgeRequest(
      new Request(`${ORIGIN}/?mode=agent`, { method: 'HEAD' }),
      table,
      noAsset,
    ))!;
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('holds no page context in its table, and fetches only the asked page’s context file', async () => {
    expect(JSON.stringify(table.pageContext!.data)).not.toContain('canonicalUrl');
    const fetched: string[] = [];
    const fetchAsset = async (url: URL) => {
      fetched.push(url.pathname);
      return url.pathname === '/_agent/page-context/pricing.json'
        ? new Response(JSON.stringify({ path: '/pricing', title: 'Pricing' }), {
            headers: { 'content-type': 'application/json' },
          })
        : new Response('Not found', { status: 404 });
    };
    const found = (await answerEdgeRequest(
      new Request(`${ORIGIN}/api/agent/page-context?path=%2Fpricing`),
      table,
      fetchAsset,
    ))!;
    expect([found.status, await found.json()]).toEqual([200, { path: '/pricing', title: 'Pricing' }]);
    const missing = (await answerEdgeRequest(
      new Request(`${ORIGIN}/api/agent/page-context?path=/help/none`),
      table,
      fetchAsset,
    ))!;
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'page_not_found', status: 404 } });
    const bad = (await answerEdgeRequest(
      new Request(`${ORIGIN}/api/agent/page-context?path=/../x`),
      table,
      fetchAsset,
    ))!;
    expect(bad.status).toBe(400);
    expect(fetched).toEqual(['/_agent/page-context/pricing.json', '/_agent/page-context/help/none.json']);
  });

  it('fails loudly, not with a 404, when the context file cannot be fetched', async () => {
    const broken = async () => new Response('upstream', { status: 503 });
    await expect(
      answerEdgeRequest(new Request(`${ORIGIN}/api/agent/page-context?path=/pricing`), table, broken),
    ).rejects.toThrow(/503/);
  });

  it('refuses a table of another version instead of answering wrongly', async () => {
    const stale = { ...table, version: 1 } as unknown as EdgeTable;
    await expect(answerEdgeRequest(new Request(`${ORIGIN}/`), stale, noAsset)).rejects.toThrow(/version 1/);
  });
});

/**
 * The wrappers import dist-hosts/deploy/edge-table.json (here the test build's table) and, for Netlify,
 * netlify/edge-functions/lib/agent-interface-handler.js (here a bundle written by the same function the CLI runs).
 */
const generatedFiles = (): Plugin => ({
  name: 'generated-files',
  setup(b) {
    b.onResolve({ filter: /edge-table\.json$/ }, () => ({ path: tablePath }));
    b.onResolve({ filter: /agent-interface-handler\.js$/ }, () => ({ path: join(dir, 'netlify-edge-handler.js') }));
  },
});

async function load(entry: string): Promise<Record<string, unknown>> {
  const result = await bundle({
    entryPoints: [join(PROJECT_ROOT, entry)],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
    plugins: [generatedFiles()],
  });
  const file = join(dir, `${entry.replace(/\W/g, '_')}.mjs`);
  writeFileSync(file, result.outputFiles[0]!.text);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

const passedOn = () => new Response('static', { status: 200, headers: { 'content-type': 'text/plain' } });

describe('netlify/edge-functions/agent-interface.ts, bundled', () => {
  it('imports a handler bundle with no import left, for Deno', async () => {
    await bundleNetlifyHandler(join(dir, 'netlify-edge-handler.js'));
    const code = readFileSync(join(dir, 'netlify-edge-handler.js'), 'utf8');
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).toMatch(/export\s*\{[^}]*netlifyEdgeFunction/);
  });

  it('answers the agent-mode route and hands the rest to Netlify', async () => {
    const mod = await load('netlify/edge-functions/agent-interface.ts');
    const handler = mod.default as (r: Request, c: { next(): Promise<Response> }) => Promise<Response>;
    const paths = (mod.config as { path: string[] }).path;
    expect(paths).toEqual(expect.arrayContaining(['/', '/api/agent/page-context', '/mcp']));
    expect(paths).not.toContain('/openapi.json');
    const agent = await handler(new Request('https://www.example.com/?mode=agent'), { next: async () => passedOn() });
    expect(agent.status).toBe(200);
    expect((await agent.json()) as unknown).toMatchObject({ mode: 'agent' });
    const other = await handler(new Request('https://www.example.com/openapi.json'), { next: async () => passedOn() });
    expect(await other.text()).toBe('static');
  });
});

describe('functions/_middleware.ts, bundled', () => {
  it('answers a page context and hands the rest to Cloudflare', async () => {
    const mod = await load('functions/_middleware.ts');
    const onRequest = mod.onRequest as (c: { request: Request; next(): Promise<Response> }) => Promise<Response>;
    const missing = await onRequest({
      request: new Request('https://www.example.com/api/agent/page-context'),
      next: async () => passedOn(),
    });
    expect(missing.status).toBe(400);
    const other = await onRequest({
      request: new Request('https://www.example.com/mcp'),
      next: async () => passedOn(),
    });
    expect(await other.text()).toBe('static');
  });
});
