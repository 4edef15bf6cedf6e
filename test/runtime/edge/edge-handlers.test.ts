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
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { bundleNetlifyHandler } from '../../../generator/tools/cli/edge-bundle.js';
import { answerEdgeRequest } from '../../../generator/runtime/edge/handler.js';
import type { ServingTable } from '../../../generator/runtime/site/table.js';
import { parseHeadersFile } from '../serving/cdn-config-parsers.js';
import { serveWith } from '../serving/cdn-edge.js';
import { buildInMemory, type TestBuild } from '../serving/fixture.js';
import { checkServing, foldedFolders } from '../serving/expectations.js';

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
    // A path it does not list might be a page: it looks for the twin, finds none, and passes the request on.
    const asked: string[] = [];
    const none = async (url: URL) => {
      asked.push(url.pathname);
      return new Response('Not found', { status: 404 });
    };
    expect(
      await answerEdgeRequest(new Request(`${ORIGIN}/openapi.json`, { method: 'POST', body: '{}' }), table, none),
    ).toBeUndefined();
    expect(asked).toEqual(['/openapi.json.md']);
  });

  it('carries no body and lists no page that follows the rule: its size does not grow with the site', () => {
    expect(table.bodies).toBeUndefined();
    expect(table.negotiation.pages).toEqual([]);
    // Markdown files that are no page's twin (/auth.md) are exceptions to the rule, listed by their page-like path.
    const twins = new Set(build.registry.ofKind('html-page').flatMap((e) => (e.twin ? [e.twin] : [])));
    const standalone = build.registry
      .of('site')
      .filter((e) => e.path.endsWith('.md') && !twins.has(e.path))
      .map((e) => e.path.slice(0, -'.md'.length));
    expect(table.pageRule).toMatchObject({ twinSuffix: '.md', homeTwin: '/index.md' });
    expect([...table.pageRule!.except].sort()).toEqual(standalone.sort());
    // The files at the fixed addresses it runs on (guides that are not MCP endpoints), and nothing else.
    expect(table.files.map((f) => f.path).sort()).toEqual(
      [...new Set(table.mcp.notEndpoints.map((n) => n.path))].filter((p) => build.registry.get(p)).sort(),
    );
  });

  it('knows a page it does not list by its twin, read from the CDN only when the request prefers the twin', async () => {
    const asked: string[] = [];
    const twin = async (url: URL) => {
      asked.push(url.pathname);
      return url.pathname === '/help/connect-mcp-client.md'
        ? new Response('# Connect', { headers: { etag: '"t1"' } })
        : new Response('Not found', { status: 404 });
    };
    const page = `${ORIGIN}/help/connect-mcp-client`;
    expect(await answerEdgeRequest(new Request(page, { headers: { accept: 'text/html' } }), table, twin)).toBe(
      undefined,
    );
    expect(asked).toEqual([]);
    const markdown = (await answerEdgeRequest(
      new Request(page, { headers: { accept: 'text/markdown' } }),
      table,
      twin,
    ))!;
    expect([markdown.status, markdown.headers.get('content-type'), await markdown.text()]).toEqual([
      200,
      table.pageRule!.twin.find(([n]) => n === 'Content-Type')![1],
      '# Connect',
    ]);
    expect(asked).toEqual(['/help/connect-mcp-client.md']);
  });

  it('answers HEAD on a query route without a body', async () => {
    const agentMode = async () => new Response('{"mode":"agent"}', { headers: { etag: '"a1"' } });
    const response = (await answerEdgeRequest(
      new Request(`${ORIGIN}/?mode=agent`, { method: 'HEAD' }),
      table,
      agentMode,
    ))!;
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('holds no page context in its table, and fetches only the shard of the asked page’s context', async () => {
    expect(JSON.stringify(table.pageContext!.data)).not.toContain('canonicalUrl');
    // The shipped content's contexts fit in one shard.
    expect(table.pageContext!.data.contexts.shards).toBe(1);
    const fetched: string[] = [];
    const shard = { '/pricing': { path: '/pricing', title: 'Pricing' }, '/help': { path: '/help', title: 'Help' } };
    const fetchAsset = async (url: URL) => {
      fetched.push(url.pathname);
      return url.pathname === '/_agent/page-context/0.json'
        ? new Response(JSON.stringify(shard), { headers: { 'content-type': 'application/json' } })
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
    expect(fetched).toEqual(['/_agent/page-context/0.json', '/_agent/page-context/0.json']);
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

  it('answers the agent-mode route (its file fetched from the site) and hands the rest to Netlify', async () => {
    const agentMode = build.artifacts.text(build.artifacts.get('site', '_agent/agent-mode.json')!);
    vi.stubGlobal('fetch', async (url: URL) =>
      new URL(url).pathname === '/_agent/agent-mode.json'
        ? new Response(agentMode)
        : new Response('Not found', { status: 404 }),
    );
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
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
