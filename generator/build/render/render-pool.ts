// Renders pages on worker threads: the other cores take batches from the same queue as the main thread.
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Model } from '../../model/types.js';
import type { PageProducts } from './page-products.js';
import type { PageQueueShare } from './page-queue.js';
import type { RenderAnswer, RenderJob } from './render-jobs.js';

/** Below this many pages to render, starting a worker (module loading, copying the model) costs more than it saves. */
export const WORKER_MIN_PAGES = 400;

/** How many worker threads to start for `pending` pages: one fewer than the cores, as the main thread renders too. */
export function workerCount(pending: number, requested: number | 'auto' = 'auto'): number {
  if (requested !== 'auto') return Math.max(0, Math.min(requested, pending));
  if (pending < WORKER_MIN_PAGES) return 0;
  return Math.max(0, availableParallelism() - 1);
}

/**
 * Starts the workers before the content is loaded when the build will clearly want them: enough Markdown files in
 * `<contentDir>/pages` and no render cache to take them from (a rebuild renders few pages and starts its workers,
 * if any, once it knows how many). Undefined: start none now.
 */
export function startEarly(
  workerFile: URL,
  contentDir: string,
  requested: number | 'auto' = 'auto',
  cacheIsEmpty = true,
): RenderPool | undefined {
  if (!cacheIsEmpty) return undefined;
  let files = 0;
  try {
    for (const name of readdirSync(join(contentDir, 'pages'), { recursive: true }))
      if (String(name).endsWith('.md')) files++;
  } catch {
    return undefined;
  }
  const count = workerCount(files, requested);
  return count > 0 ? new RenderPool(count, workerFile) : undefined;
}

/**
 * Render workers started before the model exists: loading their modules takes a second or more, which then runs
 * while this thread loads the content instead of after it. A worker waits for its job; one never given a job is
 * ended by `close`. `workerFile` is the worker's module (the build's render-worker, which assembles the stages that
 * render a page; this folder only runs it).
 */
export class RenderPool {
  private readonly workers: { worker: Worker; exited: Promise<number> }[];

  constructor(
    readonly size: number,
    workerFile: URL,
  ) {
    this.workers = Array.from({ length: size }, () => {
      // Run from TypeScript sources (tsx, vitest), the worker registers tsx's loader before it loads its module;
      // a worker does not inherit the loader hooks of the thread that starts it.
      const worker = workerFile.pathname.endsWith('.ts')
        ? new Worker(
            `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerFile.href)}); })`,
            { eval: true },
          )
        : new Worker(workerFile);
      // An idle worker must not keep the process alive (a build that stops at a content error never uses it).
      worker.unref();
      // Until a job is sent, a failure only means this worker is not used: `render` reports it then, from `exited`
      // (kept from the start, so that a worker that died while idle is not waited for).
      worker.on('error', () => undefined);
      return { worker, exited: new Promise<number>((resolve) => worker.once('exit', resolve)) };
    });
  }

  /**
   * Gives every worker the job of taking batches from `queue`; `onBatch` receives each batch's products (null where
   * the page must be rendered on the main thread). Each promise resolves when the queue is empty for its worker and
   * rejects if the worker fails, leaving the pages it took and did not answer to the main thread.
   */
  render(
    model: Model,
    queue: PageQueueShare,
    onBatch: (products: [string, PageProducts | null][]) => void,
  ): Promise<void>[] {
    const job: RenderJob = { model, queue };
    return this.workers.map(
      ({ worker, exited }) =>
        new Promise<void>((resolve, reject) => {
          worker.ref();
          worker.on('message', (answer: RenderAnswer) => {
            if (answer.type === 'batch') return onBatch(answer.products);
            if (answer.type === 'done') resolve();
            else reject(new Error(answer.error));
          });
          worker.once('error', reject);
          void exited.then((code) => reject(new Error(`the render worker exited with code ${code}`)));
          worker.postMessage(job);
        }),
    );
  }

  /** Ends every worker, used or not. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}
