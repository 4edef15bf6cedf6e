import { describe, expect, it } from 'vitest';
import { diffLines, summarizeTextDiff } from '../../../generator/tools/report/line-diff.js';

const apply = (ops: NonNullable<ReturnType<typeof diffLines>>) => ({
  before: ops.filter((o) => o.op !== '+').map((o) => o.line),
  after: ops.filter((o) => o.op !== '-').map((o) => o.line),
});

describe('diffLines', () => {
  it('gives an edit script that rebuilds both texts with the fewest edits', () => {
    const a = 'a b c a b b a'.split(' ');
    const b = 'c b a b a c'.split(' ');
    const ops = diffLines(a, b)!;
    expect(apply(ops)).toEqual({ before: a, after: b });
    // Myers' paper example: the shortest edit script has 5 edits.
    expect(ops.filter((o) => o.op !== ' ')).toHaveLength(5);
  });

  it('handles empty sides and identical texts', () => {
    expect(diffLines([], ['x'])).toEqual([{ op: '+', line: 'x' }]);
    expect(diffLines(['x'], [])).toEqual([{ op: '-', line: 'x' }]);
    expect(diffLines(['x', 'y'], ['x', 'y'])!.every((o) => o.op === ' ')).toBe(true);
  });

  it('keeps unchanged lines around a replacement in place', () => {
    expect(diffLines(['one', 'two', 'three'], ['one', '2', 'three'])).toEqual([
      { op: ' ', line: 'one' },
      { op: '-', line: 'two' },
      { op: '+', line: '2' },
      { op: ' ', line: 'three' },
    ]);
  });
});

describe('summarizeTextDiff', () => {
  it('renders hunks with their line numbers and two lines of context', () => {
    const before = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'l9', 'l10'].join('\n');
    const after = ['l1', 'l2', 'l3', 'l4', 'L5', 'l6', 'l7', 'l8', 'l9', 'l10', 'l11'].join('\n');
    const summary = summarizeTextDiff(before, after);
    expect(summary.addedLines).toBe(2);
    expect(summary.removedLines).toBe(1);
    expect(summary.hunks).toBe(
      ['@@ -3,5 +3,5 @@', ' l3', ' l4', '-l5', '+L5', ' l6', ' l7', '@@ -9,2 +9,3 @@', ' l9', ' l10', '+l11'].join(
        '\n',
      ),
    );
    expect(summary.truncated).toBe(false);
  });

  it('cuts a long diff and says so', () => {
    const before = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n');
    const after = Array.from({ length: 200 }, (_, i) => (i % 2 ? `line ${i}` : `LINE ${i}`)).join('\n');
    const summary = summarizeTextDiff(before, after, 2, 20);
    expect(summary.truncated).toBe(true);
    expect(summary.hunks!.split('\n')).toHaveLength(20);
  });
});
