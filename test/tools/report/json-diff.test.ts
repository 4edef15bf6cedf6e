import { describe, expect, it } from 'vitest';
import { diffJsonDocuments, diffJsonValues, showValue } from '../../../generator/tools/report/json-diff.js';

describe('diffJsonValues', () => {
  it('names each changed, added and removed member by its JSON Pointer', () => {
    const before = { info: { version: '1', title: 'T' }, paths: { '/a/b': { get: {} } }, 'k~': 1 };
    const after = { info: { version: '2', title: 'T' }, paths: {}, 'k~': 2, servers: [{ url: 'u' }] };
    expect(diffJsonValues(before, after).map((l) => [l.pointer, l.change, l.before, l.after])).toEqual([
      ['/info/version', 'changed', '1', '2'],
      ['/paths/~1a~1b', 'removed', { get: {} }, undefined],
      ['/k~0', 'changed', 1, 2],
      ['/servers', 'added', undefined, [{ url: 'u' }]],
    ]);
    expect(diffJsonValues({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toEqual([]);
  });

  it('takes an item inserted into a list as one addition, not every later index changed', () => {
    const before = { examplePaths: ['/docs', '/docs/authentication', '/docs/errors', '/help'] };
    const after = { examplePaths: ['/docs', '/docs/authentication', '/docs/rate-limits', '/docs/errors', '/help'] };
    expect(diffJsonValues(before, after)).toMatchObject([
      { pointer: '/examplePaths/2', change: 'added', after: '/docs/rate-limits' },
    ]);
  });

  it('matches named items across a reordering: a move, and the changes of the moved item', () => {
    const before = {
      files: [
        { key: 'a', size: 1 },
        { key: 'b', size: 2 },
        { key: 'c', size: 3 },
      ],
    };
    const after = {
      files: [
        { key: 'c', size: 3 },
        { key: 'a', size: 1 },
        { key: 'b', size: 5 },
      ],
    };
    const leaves = diffJsonValues(before, after);
    expect(leaves).toContainEqual(expect.objectContaining({ pointer: '/files/0', change: 'moved', from: 2 }));
    expect(leaves).toContainEqual(
      expect.objectContaining({ pointer: '/files/2/size', change: 'changed', before: 2, after: 5, label: 'key=b' }),
    );
    expect(leaves.filter((l) => l.change !== 'moved')).toHaveLength(1);
  });
});

describe('diffJsonDocuments', () => {
  const file = (key: string, size: number) => ({ key, size, sha256: `${key.repeat(64)}`.slice(0, 64) });

  it('shows a named item whose members changed as one line, with digests shortened', () => {
    const { edits } = diffJsonDocuments(
      { files: [file('a', 1)] },
      { files: [{ ...file('a', 2), sha256: 'f'.repeat(64) }] },
    );
    expect(edits).toEqual([
      {
        at: '/files/0 (key=a)',
        before: ['size: 1, sha256: aaaaaaaaaa…'],
        after: ['size: 2, sha256: ffffffffff…'],
        key: expect.any(String),
      },
    ]);
  });

  it('names the items of a list whose same members changed in one line', () => {
    const keys = ['a', 'b', 'c', 'd', 'e'];
    const before = { files: keys.map((k) => file(k, 1)) };
    const after = { files: keys.map((k) => ({ ...file(k, 2), sha256: '0'.repeat(64) })) };
    const { edits } = diffJsonDocuments(before, after);
    expect(edits).toHaveLength(1);
    expect(edits[0]!.at).toBe('/files/*: size and sha256 changed in 5 items (a, b, c and 2 more)');
  });

  it('diffs a text of several lines inside JSON as text, with the same key as the text file has', () => {
    const { edits } = diffJsonDocuments(
      { pages: [{ path: '/help', body: '# Help\n\nOld words here.\n' }] },
      { pages: [{ path: '/help', body: '# Help\n\nNew words here.\n' }] },
    );
    expect(edits).toMatchObject([
      { at: '/pages/0/body (path=/help), line 3', before: ['Old words here.'], after: ['New words here.'] },
    ]);
  });

  it('shows long values cut to one line', () => {
    expect(showValue('x'.repeat(200), 20)).toHaveLength(20);
    expect(showValue(undefined)).toBe('(none)');
  });
});
