// One build served every way (nginx, the Netlify and Cloudflare functions in front of a CDN's files, the preview's
// site host) answers the expectations table alike; and changing any one of them to answer differently (its
// configuration, its table, its facts, or its answers) makes the table fail, naming the difference.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServingTable } from '../../../generator/runtime/site/table.js';
import { builtFilesFromArtifacts } from '../../../generator/tools/preview/built-files.js';
import type { FetchHandler } from '../../../generator/tools/preview/http/fetch-handler.js';
import { createSiteHost } from '../../../generator/tools/preview/site/site-host.js';
import { serveWith } from './cdn-edge.js';
import { checkServing, type Serve } from './expectations.js';
import { freshBuild, type TestBuild } from './fixture.js';
import { findNginx, startNginx, type RunningNginx } from './nginx-server.js';
import { CONTEXTS_VARIABLE, NGINX_CONTEXTS_LINE } from '../../../generator/build/emit/cdn/nginx-config.js';

const nginx = findNginx();
if (!nginx && process.env.CI)
  throw new Error('nginx is not installed: .ci/run installs it with apt-get install -y nginx.');

/** The request on which the content's tie preference shows: Markdown and HTML named equally. */
const TIE = /Accept: text\/markdown, text\/html → twin/;

let build: TestBuild;
let root: string;
let table: ServingTable;
const running: RunningNginx[] = [];

beforeAll(async () => {
  const written = await freshBuild();
  build = written;
  root = written.root;
  table = JSON.parse(build.artifacts.text(build.artifacts.get('deploy', 'edge-table.json')!)) as ServingTable;
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map((r) => r.stop()));
  if (root) rmSync(root, { recursive: true, force: true });
});

const preview = (model = build.model): FetchHandler =>
  createSiteHost({ model, registry: build.registry, files: builtFilesFromArtifacts(build.artifacts) });

async function nginxWith(edit: (config: string) => string): Promise<string> {
  const config = edit(build.artifacts.text(build.artifacts.get('deploy', 'nginx.conf')!));
  const server = await startNginx(nginx!, config, join(root, 'dist'), join(root, `nginx-${running.length}`));
  running.push(server);
  return server.origin;
}

/** A way of serving with one of its answers changed: a header of every page answer rewritten. */
function changingPages(serve: FetchHandler, header: string, value: string | null): FetchHandler {
  return async (request) => {
    const response = await serve(request);
    if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
    const headers = new Headers(response.headers);
    if (value === null) headers.delete(header);
    else headers.set(header, value);
    return new Response(response.body, { status: response.status, headers });
  };
}

const check = (serve: Serve, scope: 'every' | 'server' = 'server') => checkServing(serve, build, { scope });

describe('one build served every way', () => {
  it.skipIf(!nginx)('answers the table alike through nginx, both CDNs and the preview', async () => {
    expect(await check(await nginxWith((c) => c))).toEqual([]);
    expect(await check(serveWith(build, table, 'netlify'), 'every')).toEqual([]);
    expect(await check(serveWith(build, table, 'cloudflare'), 'every')).toEqual([]);
    expect(await check(preview())).toEqual([]);
  });
});

describe('a way of serving changed to answer differently fails the table', () => {
  it.skipIf(!nginx)('nginx without the tie preference, or with another cache lifetime for pages', async () => {
    const noTie = await nginxWith((c) => c.replace(/^ {4}"~\^N\(\(\?!0000\)[^\n]*\n/m, ''));
    expect((await check(noTie)).join('\n')).toMatch(TIE);
    const cache = await nginxWith((c) => c.replaceAll("'public, max-age=300'", "'public, max-age=301'"));
    expect((await check(cache)).join('\n')).toMatch(
      /cache-control "public, max-age=301", expected "public, max-age=300"/,
    );
  });

  it.skipIf(!nginx)('nginx reading the page contexts from a folder that lacks its copy of them', async () => {
    const line = `    set $${CONTEXTS_VARIABLE} ${join(root, 'no-page-contexts')};`;
    const found = await check(await nginxWith((c) => c.replace(NGINX_CONTEXTS_LINE, line)));
    expect(found.join('\n')).toMatch(/page context of \/pricing \(GET [^)]+\): status 404, expected 200/);
  });

  it('the Netlify function reading a shard whose contexts say something else', async () => {
    const otherShard = async (url: URL, answer: Response) => {
      if (!url.pathname.startsWith('/_agent/page-context/')) return answer;
      const shard = (await answer.json()) as Record<string, { title: string }>;
      for (const context of Object.values(shard)) context.title = 'Another title';
      return new Response(JSON.stringify(shard), { status: 200, headers: answer.headers });
    };
    const found = await check(serveWith(build, table, 'netlify', otherShard), 'every');
    expect(found.join('\n')).toMatch(/page context of \/pricing \(GET [^)]+\): body differs/);
  });

  it('the Netlify function with the page preferred on a tie', async () => {
    const changed: ServingTable = { ...table, negotiation: { ...table.negotiation, onTie: 'page' } };
    expect((await check(serveWith(build, changed, 'netlify'), 'every')).join('\n')).toMatch(TIE);
  });

  it('the Cloudflare function reading a twin of other bytes', async () => {
    const otherTwin = (url: URL, answer: Response) =>
      url.pathname.endsWith('.md')
        ? new Response('# Another twin\n', { status: 200, headers: answer.headers })
        : answer;
    const found = await check(serveWith(build, table, 'cloudflare', otherTwin), 'every');
    expect(found.join('\n')).toMatch(/→ twin \(GET [^)]+\): body differs/);
  });

  it('the Cloudflare function with its twins sent with other headers', async () => {
    const rule = table.pageRule!;
    const twin = rule.twin.map(([n, v]): [string, string] => [n, n === 'Cache-Control' ? 'no-store' : v]);
    const found = await check(serveWith(build, { ...table, pageRule: { ...rule, twin } }, 'cloudflare'), 'every');
    expect(found.join('\n')).toMatch(/→ twin \(GET [^)]+\): cache-control "no-store"/);
  });

  it('the preview with the content preferring the page on a tie, or a page without Vary', async () => {
    const model = { ...build.model, pageNegotiation: { onTie: 'text/html' as const } };
    expect((await check(preview(model))).join('\n')).toMatch(TIE);
    expect((await check(changingPages(preview(), 'vary', null))).join('\n')).toMatch(
      /vary \(none\), expected "Accept"/,
    );
  });
});
