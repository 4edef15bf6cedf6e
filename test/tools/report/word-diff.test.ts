import { describe, expect, it } from 'vitest';
import { LONG_LINE, wordDiff } from '../../../generator/tools/report/word-diff.js';

describe('wordDiff', () => {
  it('gives the same key to the same edit whatever the rest of the line says', () => {
    const a = wordDiff('<title>Help · Example Platform</title>', '<title>Help · Example Platform Two</title>');
    const b = wordDiff('<title>Pricing · Example Platform</title>', '<title>Pricing · Example Platform Two</title>');
    expect(a.key).toBe(b.key);
    expect(a.key).toContain('Platform[→Two]<');
    // The same words inserted somewhere else are another edit.
    expect(wordDiff('Example Platform.', 'Example Platform Two.').key).not.toBe(a.key);
  });

  it('takes words separated only by spaces as one change', () => {
    const d = wordDiff('the questions that come up most', 'the questions people and agents ask most');
    expect(d.key).toBe('questions[that come up→people and agents ask]most');
  });

  it('shows a long line as windows around its changes, a short one whole', () => {
    const head = `<head>${'<meta name="x" content="a long head">'.repeat(40)}<title>Help · Example Platform</title>`;
    const after = head.replace('Platform</title>', 'Platform Two</title>');
    const d = wordDiff(head, after);
    expect(head.length).toBeGreaterThan(LONG_LINE * 5);
    expect(d.before[0]!.length).toBeLessThan(120);
    expect(d.before[0]).toMatch(/^….*Example Platform<\/title>$/);
    expect(d.after[0]).toMatch(/^….*Example Platform Two<\/title>$/);
    expect(wordDiff('short line', 'short lines')).toMatchObject({ before: ['short line'], after: ['short lines'] });
  });
});
