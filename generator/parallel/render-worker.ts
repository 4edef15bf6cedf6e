// Worker thread: renders a share of the pages with the page emitters, from a copy of the model.
import { parentPort, workerData } from 'node:worker_threads';
import { Diagnostics } from '../messages/diagnostics.js';
import type { Model } from '../model/types.js';
import { buildRegistry } from '../registry/build-registry.js';
import { kinds } from '../registry/kinds.js';
import { createEmitContext } from '../emit/emit-context.js';
import { pageEntries, producePage, type PageProducts } from '../cache/page-products.js';
import { pageById } from '../pages/page-index.js';

export interface RenderJob {
  model: Model;
  pageIds: string[];
}

export type RenderAnswer = { ok: true; products: [string, PageProducts | null][] } | { ok: false; error: string };

function run({ model, pageIds }: RenderJob): RenderAnswer {
  const diagnostics = new Diagnostics();
  // The registry is a pure function of the model and the kind table, so it comes out the same as the main thread's.
  const registry = buildRegistry(model, kinds, diagnostics);
  if (!registry) return { ok: false, error: 'the registry did not build in the worker' };
  const context = createEmitContext(model, registry, diagnostics);
  const entries = pageEntries(registry);
  const products: [string, PageProducts | null][] = pageIds.map((id) => {
    const page = pageById(model, id);
    const own = entries.get(id);
    return [id, page && own ? (producePage(page, own, kinds, context, diagnostics) ?? null) : null];
  });
  return { ok: true, products };
}

try {
  parentPort!.postMessage(run(workerData as RenderJob));
} catch (error) {
  parentPort!.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) } satisfies RenderAnswer);
}
