// Worker thread: renders batches of pages taken from the shared queue with the page emitters, from a copy of the model.
import { parentPort } from 'node:worker_threads';
import { Diagnostics } from './messages/diagnostics.js';
import { buildRegistry } from './registry/build-registry.js';
import { kinds } from './kinds.js';
import { createEmitContext } from './emit/emit-context.js';
import { pageEntries, producePage, type PageProducts } from './render/page-products.js';
import { pageById } from './render/page-index.js';
import { drainQueue } from './render/page-queue.js';
import type { RenderAnswer, RenderJob } from './render/render-jobs.js';

function run({ model, queue }: RenderJob): void {
  const diagnostics = new Diagnostics();
  // The registry is a pure function of the model and the kind table, so it comes out the same as the main thread's.
  const registry = buildRegistry(model, kinds, diagnostics);
  if (!registry) throw new Error('the registry did not build in the worker');
  const context = createEmitContext(model, registry, diagnostics);
  const entries = pageEntries(registry);
  drainQueue(queue, (ids) => {
    const products = ids.map((id): [string, PageProducts | null] => {
      const page = pageById(model, id);
      const own = entries.get(id);
      return [id, page && own ? (producePage(page, own, kinds, context, diagnostics) ?? null) : null];
    });
    parentPort!.postMessage({ type: 'batch', products } satisfies RenderAnswer);
  });
}

// Started before the content is loaded (see RenderPool), the worker gets its job as its first message.
parentPort!.once('message', (job: RenderJob) => {
  try {
    run(job);
    parentPort!.postMessage({ type: 'done' } satisfies RenderAnswer);
  } catch (error) {
    parentPort!.postMessage({
      type: 'failed',
      error: error instanceof Error ? error.message : String(error),
    } satisfies RenderAnswer);
  }
});
