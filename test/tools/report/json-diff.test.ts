import { describe, expect, it } from 'vitest';
import { diffJson, showStringChange, showValue } from '../../../generator/tools/report/json-diff.js';

describe('diffJson', () => {
  it('names each changed, added and removed member by its JSON Pointer', () => {
    const before = { info: { version: '1', title: 'T' }, paths: { '/a/b': { get: {} } }, tags: ['x', 'y'], 'k~': 1 };
    const after = { info: { version: '2', title: 'T' }, paths: {}, tags: ['x'], 'k~': 1, servers: [{ url: 'u' }] };
    expect(diffJson(before, after).changes).toEqual([
      { pointer: '/info/version', change: 'changed', before: '1', after: '2' },
      { pointer: '/paths/~1a~1b', change: 'removed', before: { get: {} } },
      { pointer: '/tags/1', change: 'removed', before: 'y' },
      { pointer: '/servers', change: 'added', after: [{ url: 'u' }] },
    ]);
  });

  it('treats a change of type as a change of the whole value, and equal documents as no change', () => {
    expect(diffJson({ a: [1] }, { a: { 0: 1 } }).changes).toEqual([
      { pointer: '/a', change: 'changed', before: [1], after: { 0: 1 } },
    ]);
    expect(diffJson({ a: [1, { b: null }] }, { a: [1, { b: null }] }).changes).toEqual([]);
  });

  it('stops at the limit and says so', () => {
    const before = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i]));
    const result = diffJson(before, {}, 3);
    expect(result.changes).toHaveLength(3);
    expect(result.truncated).toBe(true);
  });

  it('shows long values cut to one line', () => {
    expect(showValue('x'.repeat(200), 20)).toHaveLength(20);
    expect(showValue(undefined)).toBe('(none)');
  });
});

describe('showStringChange', () => {
  it('shows two long strings from just before their first difference', () => {
    const before = `${'same words '.repeat(20)}old ending`;
    const after = `${'same words '.repeat(20)}new ending`;
    const [a, b] = showStringChange(before, after, 40);
    expect(a).toBe('"…me words same words old ending"');
    expect(b).toBe('"…me words same words new ending"');
    expect(showStringChange('short', 'shorter')).toEqual(['"short"', '"shorter"']);
  });
});
