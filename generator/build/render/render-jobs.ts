// What the main thread and a render worker say to each other: the job (a model and the shared queue), then the answers.
import type { Model } from '../../model/types.js';
import type { PageProducts } from './page-products.js';
import type { PageQueueShare } from './page-queue.js';

export interface RenderJob {
  model: Model;
  queue: PageQueueShare;
}

/** One message per batch (null where the page must be rendered on the main thread), then `done` or a failure. */
export type RenderAnswer =
  | { type: 'batch'; products: [string, PageProducts | null][] }
  | { type: 'done' }
  | { type: 'failed'; error: string };
