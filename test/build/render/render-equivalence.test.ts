// Whichever path renders the pages (plainly, from a cold or warm render cache, or on a worker thread), the build's
// files are byte-identical, and a page with a mistake reports the same messages every time.
import { appendFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline, type PipelineOptions } from '../../../generator/build/pipeline.js';
import { builtFiles, writeSyntheticContent } from '../../helpers/synthetic-content.js';
import { syntheticPage } from '../../../bench/synthetic/pages.js';

// Few enough that the CDN _headers file stays within its 100 rules (it has one rule per path of a small section).
const PAGES = 8;
let work: string;
let content: string;

beforeAll(async () => {
  ({ work, content } = await writeSyntheticContent('render-equivalence-', PAGES));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const run = (options: Partial<PipelineOptions> = {}) =>
  runPipeline({ env: 'production', contentDir: content, ...options });

describe('page rendering paths give the same bytes', () => {
  it('plain, cold cache, warm cache and a worker thread agree', async () => {
    const plain = await run();
    expect(plain.renderStats).toBeUndefined();
    const expected = builtFiles(plain);
    const pageCount = plain.model!.pages.length;

    const cacheDir = join(work, 'cache');
    const cold = await run({ cacheDir, workers: 0 });
    expect(cold.renderStats).toMatchObject({ pages: pageCount, fromCache: 0, inWorkers: 0 });
    expect(builtFiles(cold)).toEqual(expected);

    const warm = await run({ cacheDir, workers: 0 });
    expect(warm.renderStats).toMatchObject({ pages: pageCount, fromCache: pageCount });
    expect(builtFiles(warm)).toEqual(expected);

    // Only the worker renders: every page comes from the worker path.
    const parallel = await run({ workers: 1, renderOnMainThread: false });
    expect(parallel.renderStats).toMatchObject({ workers: 1, inWorkers: pageCount });
    expect(builtFiles(parallel)).toEqual(expected);

    // Two workers and this thread share one queue: whichever takes a page, the bytes are the same.
    const shared = await run({ workers: 2 });
    expect(shared.renderStats!.workers).toBe(2);
    expect(builtFiles(shared)).toEqual(expected);
    // Five whole builds: 20 s on a quiet machine, more than the default 30 s when other suites run beside it.
  }, 120_000);

  it('after one page is edited, only that page is rendered again, to what a plain build gives', async () => {
    const cacheDir = join(work, 'cache-edit');
    await run({ cacheDir, workers: 0 });
    const edited = syntheticPage(3, PAGES);
    await appendFile(join(content, 'pages', edited.section, `${edited.slug}.md`), '\nA sentence added by an editor.\n');
    const cached = await run({ cacheDir, workers: 0 });
    expect(cached.renderStats!.fromCache).toBe(cached.renderStats!.pages - 1);
    const result = builtFiles(cached);
    expect([...result.values()].some((body) => body.includes('A sentence added by an editor.'))).toBe(true);
    expect(result).toEqual(builtFiles(await run()));
  });

  it('a page with a mistake is never cached: its message comes back on every build, as in a plain build', async () => {
    const broken = join(content, 'pages', 'help', 'broken-page.md');
    await writeFile(
      broken,
      '---\ntitle: Broken\ndescription: A page with an unknown directive.\norder: 99\n---\n\n::no-such-directive\n',
    );
    try {
      const cacheDir = join(work, 'cache-broken');
      const plain = (await run()).diagnostics.list().filter((m) => m.ruleId === 'unknown-directive');
      expect(plain).toHaveLength(1);
      for (let i = 0; i < 2; i++) {
        const cached = await run({ cacheDir, workers: 0 });
        expect(cached.diagnostics.list().filter((m) => m.ruleId === 'unknown-directive')).toEqual(plain);
      }
      const parallel = await run({ workers: 1, renderOnMainThread: false });
      expect(parallel.diagnostics.list().filter((m) => m.ruleId === 'unknown-directive')).toEqual(plain);
    } finally {
      await rm(broken);
    }
  });
});
