// Bounded parallel work: results in order, and a failure thrown only once the work in flight has ended.
import { describe, expect, it } from 'vitest';
import { mapLimit } from '../../../generator/build/files/map-limit.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapLimit', () => {
  it('keeps the order of the items, with at most `limit` in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      most = Math.max(most, ++inFlight);
      await tick(n);
      inFlight--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });

  it('starts nothing after a failure, and throws the first error only when the work in flight has ended', async () => {
    const ended: number[] = [];
    const started: number[] = [];
    const run = mapLimit([0, 1, 2, 3, 4, 5], 3, async (n) => {
      started.push(n);
      if (n === 0) throw new Error('disk full');
      await tick(20);
      ended.push(n);
    });
    await expect(run).rejects.toThrow('disk full');
    // 1 and 2 were in flight when 0 failed: both ended before the error came out; nothing after them started.
    expect(ended.sort()).toEqual([1, 2]);
    expect(started).toEqual([0, 1, 2]);
  });
});
