// How many shards the page contexts get: enough that none passes the bound, a power of two, the same for small edits.
import { describe, expect, it } from 'vitest';
import {
  chooseShardCount,
  entryBytes,
  SHARD_MAX_BYTES,
  SHARD_TARGET_BYTES,
  shardBody,
  shardSizes,
} from '../../../../generator/build/emit/public-pages/page-context-shards.js';

/** A context as the sizing sees it: its path's hash and its entry's bytes. */
type Sized = { hash: number; bytes: number };

/** `n` contexts of `bytes` each, their hashes spread as a good hash spreads them (a fixed pseudo-random walk). */
function contexts(n: number, bytes: number): Sized[] {
  let x = 12345;
  return Array.from({ length: n }, () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return { hash: x, bytes };
  });
}

const count = (all: Sized[]) =>
  chooseShardCount(
    all.map((c) => c.hash),
    all.map((c) => c.bytes),
  );
const sizes = (all: Sized[], shards: number) =>
  shardSizes(
    all.map((c) => c.hash),
    all.map((c) => c.bytes),
    shards,
  );

describe('chooseShardCount', () => {
  it('keeps a small site in one shard', () => {
    expect(count([])).toBe(1);
    expect(count(contexts(36, 850))).toBe(1);
  });

  it('aims at the target average with a power of two, and no shard over the bound', () => {
    for (const [n, bytes] of [
      [2_000, 1_000],
      [20_000, 1_100],
      [200_000, 1_000],
    ] as const) {
      const all = contexts(n, bytes);
      const shards = count(all);
      expect(Number.isInteger(Math.log2(shards)), `${n}`).toBe(true);
      expect((n * bytes) / shards).toBeLessThanOrEqual(SHARD_TARGET_BYTES);
      expect((n * bytes) / (shards / 2)).toBeGreaterThan(SHARD_TARGET_BYTES);
      expect(Math.max(...sizes(all, shards))).toBeLessThanOrEqual(SHARD_MAX_BYTES);
    }
  });

  it('doubles the shards while one passes the bound', () => {
    // 120 KB aim at 4 shards, where the hashes 0, 4, 8 and 12 all fall in shard 0; at 8 they are two of 60 KB each.
    const all = [0, 4, 8, 12].map((hash) => ({ hash, bytes: 30_000 }));
    expect(count(all)).toBe(8);
    expect(sizes(all, 8).filter((size) => size > 1)).toEqual([60_001, 60_001]);
  });

  it('keeps the count when one context grows a little', () => {
    const all = contexts(20_000, 1_000);
    const grown = all.map((c, i) => (i === 7 ? { ...c, bytes: 1_400 } : c));
    expect(count(grown)).toBe(count(all));
  });
});

describe('a shard’s bytes', () => {
  it('are what JSON.stringify writes of the object of its entries, and entryBytes adds up to them', () => {
    const entries: [string, unknown][] = [
      ['/help/café', { path: '/help/café', title: 'Un "café"' }],
      ['/', { path: '/', rules: ['a\\b'] }],
    ];
    const body = shardBody(entries.map(([path, context]) => [path, JSON.stringify(context)]));
    expect(body).toBe(JSON.stringify(Object.fromEntries(entries)));
    const sized = entries.map(([path, context]) => entryBytes(path, JSON.stringify(context)));
    expect(Buffer.byteLength(body)).toBe(1 + sized.reduce((a, b) => a + b, 0));
    expect(shardBody([])).toBe('{}');
  });
});
