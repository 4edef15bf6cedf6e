// Render workers started before the content loads: only when the build will want them, and always ended, even by a
// build that stops at a content error before any page is rendered.
import { DEFAULT_CONTENT_DIR } from '../../../generator/build/files/project-paths.js';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDER_WORKER, runPipeline } from '../../../generator/build/pipeline.js';
import type { Worker } from 'node:worker_threads';
import type { Model } from '../../../generator/model/types.js';
import { RenderPool, startEarly } from '../../../generator/build/render/render-pool.js';
import { pageQueue } from '../../../generator/build/render/page-queue.js';

let work: string;
let content: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'render-pool-'));
  content = join(work, 'content');
  await cp(DEFAULT_CONTENT_DIR, content, { recursive: true });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await rm(work, { recursive: true, force: true });
});

describe('early render workers', () => {
  it('are started only for enough pages and an empty render cache', async () => {
    // The shipped content has far fewer pages than 'auto' starts workers for; an explicit count starts them.
    expect(startEarly(RENDER_WORKER, content, 'auto')).toBeUndefined();
    expect(startEarly(RENDER_WORKER, content, 0)).toBeUndefined();
    expect(startEarly(RENDER_WORKER, content, 1, false)).toBeUndefined();
    expect(startEarly(RENDER_WORKER, join(work, 'no-such-folder'), 1)).toBeUndefined();
    const pool = startEarly(RENDER_WORKER, content, 1)!;
    expect(pool.size).toBe(1);
    await pool.close();
  });

  it('report a worker that ended while it waited for its job, instead of waiting for it', async () => {
    const pool = new RenderPool(1, RENDER_WORKER);
    const [idle] = (pool as unknown as { workers: { worker: Worker }[] }).workers;
    await idle!.worker.terminate();
    const [answer] = pool.render({} as Model, pageQueue(['a-page']), () => undefined);
    await expect(answer).rejects.toThrow(/exited/);
    await pool.close();
  });

  it('are ended by a build that stops at a content error', async () => {
    const close = vi.spyOn(RenderPool.prototype, 'close');
    await writeFile(join(content, 'service.yaml'), 'identity: [unclosed\n');
    const result = await runPipeline({ env: 'production', contentDir: content, workers: 1 });
    expect(result.diagnostics.hasErrors).toBe(true);
    expect(result.renderStats).toBeUndefined();
    expect(close).toHaveBeenCalledTimes(1);
    expect(await close.mock.results[0]!.value).toBeUndefined();
  });
});
