// A site of 1,000 more pages deploys within every target the content names: the edge function bundle and the nginx
// configuration do not grow with the pages, the files (a page and its twin, the contexts in a few shards) stay within
// Cloudflare's Free plan, and every way of serving
// (nginx, both edge functions in front of their CDN's files, the preview) still answers the expectations table.
import { rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeployBudgets } from '../../../../generator/build/emit/cdn/deploy-budgets.js';
import { build, runPipeline, type PipelineResult } from '../../../../generator/build/pipeline.js';
import type { ServingTable } from '../../../../generator/runtime/site/table.js';
import { builtFilesFromArtifacts } from '../../../../generator/tools/preview/built-files.js';
import { createSiteHost } from '../../../../generator/tools/preview/site/site-host.js';
import { copyContent, type TempContent } from '../../../helpers/temp-content.js';
import { parseHeadersFile } from '../../../runtime/serving/cdn-config-parsers.js';
import { serveWith } from '../../../runtime/serving/cdn-edge.js';
import { checkServing, foldedFolders } from '../../../runtime/serving/expectations.js';
import type { TestBuild } from '../../../runtime/serving/fixture.js';
import { findNginx, startNginx, type RunningNginx } from '../../../runtime/serving/nginx-server.js';

const PAGES = 1000;
const SECTIONS = ['help', 'docs', 'developers', 'ai'];
const nginx = findNginx();

let work: TempContent;
let large: PipelineResult;
let shipped: PipelineResult;
let served: TestBuild;

const budgetsOf = (result: PipelineResult) =>
  JSON.parse(result.artifacts!.text(result.artifacts!.get('deploy', 'deploy-budgets.json')!)) as DeployBudgets;
const text = (result: PipelineResult, host: 'site' | 'deploy', file: string) =>
  result.artifacts!.text(result.artifacts!.get(host, file)!);

beforeAll(async () => {
  work = await copyContent('deploy-size-');
  for (const section of SECTIONS) await mkdir(join(work.contentDir, 'pages', section), { recursive: true });
  await Promise.all(
    Array.from({ length: PAGES }, (_, i) =>
      writeFile(
        join(work.contentDir, 'pages', SECTIONS[i % SECTIONS.length]!, `topic-${String(i).padStart(4, '0')}.md`),
        `---\ntitle: Topic ${i}\ndescription: A synthetic page of a large site, number ${i}.\norder: ${100 + i}\n---\n\nSome words about topic ${i}.\n`,
      ),
    ),
  );
  const options = { env: 'production' as const, contentDir: work.contentDir, schemaDir: work.schemaDir };
  large = await build({ ...options, outDir: join(work.root, 'dist') });
  shipped = await runPipeline({ env: 'production' });
  served = { registry: large.registry!, artifacts: large.artifacts!, model: large.model!, cdnMessages: [] };
}, 300_000);

afterAll(() => work?.remove());

describe(`the shipped content with ${PAGES} more pages`, () => {
  it('builds within every target the content names', () => {
    expect(large.diagnostics.hasErrors, large.diagnostics.report()).toBe(false);
    const budgets = budgetsOf(large);
    expect(budgets.targets.filter((t) => t.named).length).toBe(3);
    for (const target of budgets.targets)
      for (const line of target.lines) expect(line.fits, `${target.title}: ${line.title}`).toBe(true);
  });

  it('has an edge function bundle under 1 MB compressed and the size of the shipped content’s (±5 %)', () => {
    const bundle = budgetsOf(large).measured.functionBundle;
    const small = budgetsOf(shipped).measured.functionBundle;
    expect(bundle).toBeLessThan(1_000_000);
    expect(Math.abs(bundle - small) / small).toBeLessThanOrEqual(0.05);
    // No page is in the table the function is bundled with, but for the route families' few example paths.
    const table = JSON.parse(text(large, 'deploy', 'edge-table.json')) as ServingTable;
    for (const family of table.pageContext!.data.routeFamilies) family.examplePaths = [];
    expect(JSON.stringify(table)).not.toContain('topic-');
  });

  it('has an nginx configuration under 100 KB that does not grow with the pages', () => {
    const config = budgetsOf(large).measured.nginxConfig;
    expect(config).toBeLessThan(100_000);
    expect(config - budgetsOf(shipped).measured.nginxConfig).toBeLessThan(2_000);
    expect(text(large, 'deploy', 'nginx.conf')).not.toContain('topic-0');
  });

  it('counts every file of dist/, the page contexts in a few shards, within the Free plan of Cloudflare Pages', () => {
    const { files } = budgetsOf(large).measured;
    const streamed = large.artifacts!.streams().flatMap((s) => [...s.files()]);
    const site = large.artifacts!.values().filter((a) => a.entry.host === 'site').length;
    expect(files).toBe(site + streamed.length);
    // The contexts of the 2,000-odd pages and twins are S shard files, not a file each.
    const { shards } = JSON.parse(text(large, 'site', '_agent/page-context.json')).contexts;
    expect(streamed.map((f) => f.file).sort()).toEqual(
      Array.from({ length: shards }, (_, k) => `_agent/page-context/${k}.json`).sort(),
    );
    const pages = large.registry!.ofKind('html-page').length;
    expect(pages).toBeGreaterThan(PAGES);
    expect(shards).toBeLessThan(pages / 10);
    for (const shard of streamed) expect(Buffer.byteLength(shard.body), shard.file).toBeLessThanOrEqual(64 * 1024);
    expect(files).toBeLessThan(20_000);
  });

  it.each(['netlify', 'cloudflare'] as const)(
    'is answered as the expectations table says by the %s function in front of its static files',
    async (dialect) => {
      const table = JSON.parse(text(large, 'deploy', 'edge-table.json')) as ServingTable;
      const rules = parseHeadersFile(text(large, 'site', '_headers'), dialect);
      const folded = foldedFolders(rules.map((r) => r.pattern));
      expect(await checkServing(serveWith(served, table, dialect), served, { scope: 'every', folded })).toEqual([]);
    },
    300_000,
  );

  it('is answered as the expectations table says by the preview', async () => {
    const site = createSiteHost({
      model: served.model,
      registry: served.registry,
      files: builtFilesFromArtifacts(served.artifacts),
    });
    expect(await checkServing(site, served)).toEqual([]);
  }, 300_000);

  it.skipIf(!nginx)(
    'is answered as the expectations table says by nginx',
    async () => {
      let server: RunningNginx | undefined;
      try {
        server = await startNginx(
          nginx!,
          text(large, 'deploy', 'nginx.conf'),
          join(work.root, 'dist'),
          join(work.root, 'nginx'),
        );
        expect(await checkServing(server.origin, served)).toEqual([]);
      } finally {
        await server?.stop();
        rmSync(join(work.root, 'nginx'), { recursive: true, force: true });
      }
    },
    300_000,
  );
});
