// Renders pages on worker threads: the other cores take batches from the same queue as the main thread.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Model } from '../model/types.js';
import type { PageProducts } from '../cache/page-products.js';
import type { PageQueueShare } from './page-queue.js';
import type { RenderAnswer, RenderJob } from './render-worker.js';

/** Below this many pages to render, starting a worker (module loading, copying the model) costs more than it saves. */
export const WORKER_MIN_PAGES = 400;

/** How many worker threads to start for `pending` pages: one fewer than the cores, as the main thread renders too. */
export function workerCount(pending: number, requested: number | 'auto' = 'auto'): number {
  if (requested !== 'auto') return Math.max(0, Math.min(requested, pending));
  if (pending < WORKER_MIN_PAGES) return 0;
  return Math.max(0, availableParallelism() - 1);
}

const workerFile = new URL(import.meta.url.endsWith('.ts') ? './render-worker.ts' : './render-worker.js', import.meta.url);

/**
 * Starts one worker taking batches from `queue`; `onBatch` receives each batch's products (null where the page must
 * be rendered on the main thread). Resolves when the queue is empty for this worker; rejects if it fails, leaving
 * the pages it took and did not answer to the main thread.
 */
export function renderInWorker(
  model: Model,
  queue: PageQueueShare,
  onBatch: (products: [string, PageProducts | null][]) => void,
): Promise<void> {
  const job: RenderJob = { model, queue };
  return new Promise((resolve, reject) => {
    // Run from TypeScript sources (tsx, vitest), the worker registers tsx's loader before it loads its module;
    // a worker does not inherit the loader hooks of the thread that starts it.
    const worker = workerFile.pathname.endsWith('.ts')
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerFile.href)}); })`,
          { eval: true, workerData: job },
        )
      : new Worker(workerFile, { workerData: job });
    worker.on('message', (answer: RenderAnswer) => {
      if (answer.type === 'batch') return onBatch(answer.products);
      void worker.terminate();
      if (answer.type === 'done') resolve();
      else reject(new Error(answer.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the render worker exited with code ${code}`));
    });
  });
}
