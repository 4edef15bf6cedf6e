// The fold's index of key hashes answers as a map that keeps the first part added for each hash, for any mix of
// hashes: colliding slots, a table grown many times, and numbers no key hash is (a damaged cache's).
import { describe, expect, it } from 'vitest';
import { HashIndex, NONE } from '../../../generator/build/text/hash-index.js';

/** A small deterministic generator (a linear congruential one), so that a failure is the same on every run. */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

describe('the index of key hashes', () => {
  it('answers as a map keeping each hash’s first part, through collisions and growth', () => {
    const next = numbers(7);
    const index = new HashIndex();
    const reference = new Map<number, number>();
    const added: number[] = [];
    for (let i = 0; i < 50_000; i++) {
      // Hashes that share their low bits share a slot; every fourth hash is one added before.
      const hash = i % 4 === 3 && added.length > 0 ? added[next() % added.length]! : (next() >>> 2) & ~0xff0;
      const part = next() % 1000;
      expect(index.get(hash)).toBe(reference.get(hash) ?? NONE);
      // Adding answers what was named before it, as a get would have.
      expect(index.addFirst(hash, part)).toBe(reference.get(hash) ?? NONE);
      if (!reference.has(hash)) {
        reference.set(hash, part);
        added.push(hash);
      }
      if (i % 997 === 0) expect(index.get(hash)).toBe(reference.get(hash));
    }
    for (const [hash, part] of reference) expect(index.get(hash)).toBe(part);
    expect(index.get(0x3fffffff)).toBe(reference.get(0x3fffffff) ?? NONE);
  });

  it('keeps hashes no key hash is (negative, past 30 bits, not whole) apart and exact', () => {
    const index = new HashIndex();
    for (const [hash, part] of [
      [-1, 1],
      [2 ** 30, 2],
      [1.5, 3],
      [2 ** 31 - 1, 4],
      [0, 5],
    ] as const)
      expect(index.addFirst(hash, part)).toBe(NONE);
    expect(index.addFirst(-1, 9)).toBe(1);
    expect([-1, 2 ** 30, 1.5, 2 ** 31 - 1, 0, 7].map((hash) => index.get(hash))).toEqual([1, 2, 3, 4, 5, NONE]);
  });
});
