import { describe, expect, it } from 'vitest';
import { diffText, MAX_EDITS_PER_FILE } from '../../../generator/tools/report/text-diff.js';

describe('diffText', () => {
  it('makes each run of changed lines one edit, with its line and the heading above it', () => {
    const before = `${['# Guide', '', 'one', 'two', '## Part', 'three', 'four'].join('\n')}\n`;
    const after = `${['# Guide', '', 'one', 'TWO', '## Part', 'three', 'four', 'five', 'six'].join('\n')}\n`;
    const diff = diffText(before, after);
    expect(diff).toMatchObject({ addedLines: 3, removedLines: 1, moreEdits: 0 });
    expect(diff.edits).toEqual([
      { at: 'line 4', heading: '# Guide', before: ['two'], after: ['TWO'], key: expect.any(String) },
      { at: 'lines 8–9', heading: '## Part', before: [], after: ['five', 'six'], key: '+five six' },
    ]);
  });

  it('pairs lines replaced one for one, so each is its own edit', () => {
    const diff = diffText('a x\nb y\n', 'a X\nb Y\n');
    expect(diff.edits?.map((e) => e.at)).toEqual(['line 1', 'line 2']);
  });

  it('counts the edits past the cap instead of listing them', () => {
    const before = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n');
    const after = Array.from({ length: 200 }, (_, i) => (i % 2 ? `line ${i}` : `LINE ${i}`)).join('\n');
    const diff = diffText(before, after);
    expect(diff.edits).toHaveLength(MAX_EDITS_PER_FILE);
    expect(diff.moreEdits).toBe(100 - MAX_EDITS_PER_FILE);
  });

  it('says a text too different to diff was rewritten', () => {
    const before = Array.from({ length: 5000 }, (_, i) => `a${i}`).join('\n');
    const after = Array.from({ length: 5000 }, (_, i) => `b${i}`).join('\n');
    const diff = diffText(before, after);
    expect(diff.edits).toBeUndefined();
    expect(diff).toMatchObject({ addedLines: 5000, removedLines: 5000 });
  });
});
