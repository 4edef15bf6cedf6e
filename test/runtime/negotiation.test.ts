// Markdown negotiation: which Accept headers select a page's Markdown twin (the pattern nginx runs too).
import { describe, expect, it } from 'vitest';
import { prefersMarkdown } from '../../generator/runtime/negotiation.js';

describe('prefersMarkdown', () => {
  it.each([
    ['text/markdown', true],
    ['TEXT/Markdown', true],
    ['text/markdown;q=0.5, text/html', true],
    ['text/html, text/markdown; q=1', true],
    ['text/markdown;q=0', false],
    ['text/markdown; q=0.000, text/html', false],
    ['text/markdown;q=0.0;charset=utf-8', false],
    ['text/html,application/xhtml+xml,*/*;q=0.8', false],
    ['', false],
  ])('%j → %s', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it('is false without an Accept header', () => {
    expect(prefersMarkdown(null)).toBe(false);
  });
});
