// TextMemo: each distinct text computed once, and a bounded memo starting over when it is full.
import { describe, expect, it } from 'vitest';
import { detached, TextMemo } from '../../../generator/build/text/memo.js';

function counted<T>(result: (key: string) => T) {
  const calls: string[] = [];
  const compute = (key: string) => {
    calls.push(key);
    return result(key);
  };
  return { calls, compute };
}

describe('text memo', () => {
  it('computes each key once, results that are undefined included', () => {
    const memo = new TextMemo<number | undefined>();
    const { calls, compute } = counted((key) => (key === 'none' ? undefined : key.length));
    expect(memo.get('abc', compute)).toBe(3);
    expect(memo.get('abc', compute)).toBe(3);
    expect(memo.get('none', compute)).toBeUndefined();
    expect(memo.get('none', compute)).toBeUndefined();
    expect(memo.get('', compute)).toBe(0);
    expect(memo.get('', compute)).toBe(0);
    expect(calls).toEqual(['abc', 'none', '']);
  });

  it('keeps every key when it has no limit', () => {
    const memo = new TextMemo<string>();
    const { calls, compute } = counted((key) => key.toUpperCase());
    for (let round = 0; round < 2; round++) for (let i = 0; i < 1000; i++) memo.get(`k${i}`, compute);
    expect(calls).toHaveLength(1000);
  });

  it('starts over when a key arrives while it holds its limit', () => {
    const memo = new TextMemo<string>(2);
    const { calls, compute } = counted((key) => key.toUpperCase());
    memo.get('a', compute);
    memo.get('b', compute);
    expect(memo.get('a', compute)).toBe('A'); // still held: two entries are within the limit
    expect(memo.get('c', compute)).toBe('C'); // the third key empties the memo
    expect(memo.get('c', compute)).toBe('C');
    expect(memo.get('a', compute)).toBe('A'); // forgotten: computed again
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('detaches a string as an equal copy', () => {
    const artifact = 'The pricing API is public.';
    expect(detached(artifact.slice(4, 15))).toBe('pricing API');
    expect(detached('')).toBe('');
    expect(detached('é😀')).toBe('é😀');
  });
});
