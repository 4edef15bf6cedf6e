// The pages to render as one queue shared by every thread: each takes the next batch when it is free, so a thread
// that starts late (a worker loading its modules) or runs slower (the main thread's larger heap) simply takes fewer.
// The position is an integer in shared memory, so taking a batch needs no message and no turn of an event loop.

/** What a thread needs to take from the queue: the pages in order, the batch size and the shared position. */
export interface PageQueueShare {
  ids: string[];
  batch: number;
  position: SharedArrayBuffer;
}

/** Pages per batch: small enough that the threads finish together, large enough that a batch outweighs its message. */
export const PAGE_BATCH = 16;

export function pageQueue(ids: string[], batch = PAGE_BATCH): PageQueueShare {
  return { ids, batch, position: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT) };
}

/** Takes batches until the queue is empty, handing each to `render`. Safe to run on several threads at once. */
export function drainQueue(share: PageQueueShare, render: (ids: string[]) => void): void {
  const position = new Int32Array(share.position);
  for (;;) {
    const start = Atomics.add(position, 0, share.batch);
    if (start >= share.ids.length) return;
    render(share.ids.slice(start, start + share.batch));
  }
}
