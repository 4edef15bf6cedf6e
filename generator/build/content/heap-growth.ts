// How the heap grows on a large content set. The live objects of a 100,000-page build stay near 150–300 MB, but V8
// grows its heap by up to four times its size after a full collection when it judges collecting slow, so garbage
// piles up: 650 MB resident for the catalog, 750–900 MB for its deployment files. From the page count where that
// matters, the heap grows by a fixed half instead, and is collected sooner: 450 MB and 630 MB. This is no cap: the
// heap's limit stays V8's own, so a build that fits today never runs out of memory for it.
import v8 from 'node:v8';

/**
 * From this many pages a build's heap grows gently; below it V8 decides: collecting more often costs a few percent
 * of CPU time (a cold build of 10,000 rendered pages: 5 % more, for 1.3 GB instead of 1.6 GB), and only the catalog's
 * size has a memory target.
 */
export const GENTLE_HEAP_GROWTH_FROM_PAGES = 50_000;

/** The step: after a full collection the heap may grow by this percentage of what it holds (V8's flag). */
export const GENTLE_HEAP_GROWTH_PERCENT = 50;

/** The V8 flag for a content set of `pages` pages, or undefined to leave V8's own growth. */
export function heapGrowthFor(pages: number): string | undefined {
  return pages >= GENTLE_HEAP_GROWTH_FROM_PAGES ? `--heap-growing-percent=${GENTLE_HEAP_GROWTH_PERCENT}` : undefined;
}

/** Sets the heap's growth for the whole process (its worker threads included) before the pages are read. */
export function growHeapFor(pages: number): void {
  const flag = heapGrowthFor(pages);
  if (flag) v8.setFlagsFromString(flag);
}
