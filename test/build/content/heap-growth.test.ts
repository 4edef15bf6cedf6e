// How the heap grows on a large content set: in gentle steps from the size where the catalog's memory matters, as
// V8 decides below it. The memory itself is measured by the benchmark (catalog suite), not here.
import { describe, expect, it } from 'vitest';
import {
  GENTLE_HEAP_GROWTH_PERCENT,
  GENTLE_HEAP_GROWTH_FROM_PAGES,
  heapGrowthFor,
} from '../../../generator/build/content/heap-growth.js';

describe('the heap growth of a build', () => {
  it("is V8's own below the page count where memory matters", () => {
    expect(heapGrowthFor(19)).toBeUndefined();
    expect(heapGrowthFor(GENTLE_HEAP_GROWTH_FROM_PAGES - 1)).toBeUndefined();
  });

  it('is a gentle fixed step from that count on (no cap: the heap may still grow to the same limit)', () => {
    expect(heapGrowthFor(GENTLE_HEAP_GROWTH_FROM_PAGES)).toBe(`--heap-growing-percent=${GENTLE_HEAP_GROWTH_PERCENT}`);
    expect(heapGrowthFor(100_000)).toBe(`--heap-growing-percent=${GENTLE_HEAP_GROWTH_PERCENT}`);
    expect(GENTLE_HEAP_GROWTH_PERCENT).toBeGreaterThan(0);
  });
});
