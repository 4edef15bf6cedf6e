// The Netlify Edge Function and the Cloudflare Pages Function, in-process with Web-standard Request/Response, in front
// of a simulated static layer that reads the generated `_headers`: held to the expectations table every way of serving
// the site is held to (the cases a CDN's own static layer answers left out). Then the
// function files as the CDNs bundle them (esbuild, as Cloudflare's wrangler does): they resolve, pull in no Node
// built-in (Web-standard only), and the bundled functions answer from the table the build wrote.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as bundle, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { bundleNetlifyHandler } from '../../../generator/tools/cli/edge-bundle.js';
import { answerEdgeRequest } from '../../../generator/runtime/edge/handler.js';
import type { ServingTable } from '../../../generator/runtime/site/table.js';
import { parseHeadersFile } from '../serving/cdn-config-parsers.js';
import { serveWith } from '../serving/cdn-edge.js';
import { buildInMemory, type TestBuild } from '../serving/fixture.js';
import { checkServing, foldedFolders } from '../serving/site-answers.js';

const ORIGIN = 'https://www.example.com';

let build: TestBuild;
let table: ServingTable;
let dir: string;
let tablePath: string;

beforeAll(async () => {
  build = await buildInMemory();
  const tableArtifact = build.artifacts.get('deploy', 'edge-table.json');
  if (!tableArtifact) throw new Error('no edge table in the deploy files');
  table = JSON.parse(build.artifacts.text(tableArtifact)) as ServingTable;
  dir = mkdtempSync(join(tmpdir(), 'cdn-bundle-'));
  tablePath = join(dir, 'edge-table.json');
  writeFileSync(tablePath, build.artifacts.text(tableArtifact));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.each(['netlify', 'cloudflare'] as const)('the %s handler in front of the static files', (dialect) => {
  it('answers as the expectations table says', async () => {
    // The static files answer with what `_headers` promises, folded sections included.
    const rules = parseHeadersFile(build.artifacts.text(build.artifacts.get('site', '_headers')!), dialect);
    const folded = foldedFolders(rules.map((r) => r.pattern));
    expect(await checkServing(serveWith(build, table, dialect), build, { scope: 'every', folded })).toEqual([]);
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

  it('answers other methods on the addresses it runs on, and leaves them to the CDN elsewhere', async () => {
    const post = await answerEdgeRequest(
      new Request(`${ORIGIN}/?mode=agent`, { method: 'POST', body: '{}' }),
      table,
      noAsset,
    );
    expect(post?.status).toBe(405);
    expect(
      await answerEdgeRequest(new Request(`${ORIGIN}/openapi.json`, { method: 'POST', body: '{}' }), table, noAsset),
    ).toBeUndefined();
  });

  it('carries the twins and the agent-mode view in its table, and no other body', () => {
    const carried = [...table.negotiation.pages.map((p) => p.twin), table.agentMode!.file].sort();
    expect(Object.keys(table.bodies ?? {}).sort()).toEqual(carried);
    expect(table.files.map((f) => f.path)).toEqual(expect.arrayContaining([...carried, '/mcp', '/mcp/llms.txt']));
    expect(table.files.map((f) => f.path)).not.toContain('/openapi.json');
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
    expect([found.status, await found.text()]).toEqual([200, JSON.stringify({ path: '/pricing', title: 'Pricing' })]);
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
    const stale = { ...table, version: 2 } as unknown as ServingTable;
    await expect(answerEdgeRequest(new Request(`${ORIGIN}/`), stale, noAsset)).rejects.toThrow(/version 2/);
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
