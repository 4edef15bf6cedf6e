// The names a journal and the writer take: only those that stay inside their tree, whichever slash separates them.
import { describe, expect, it } from 'vitest';
import { isInside } from '../../../generator/build/write/journal.js';

describe('isInside', () => {
  it('takes names whose every segment is a name, dots inside names included', () => {
    for (const name of [
      'index.html',
      'help/page-05000.md',
      'a.b',
      '...',
      '.well-known/mcp.json',
      'a/.b',
      '..a',
      'a..',
      'a\\b',
    ])
      expect(isInside(name), name).toBe(true);
  });

  it('refuses a name with an empty, "." or ".." segment, at either end or between either slash', () => {
    for (const name of [
      '',
      '.',
      '..',
      './a',
      '../a',
      'a/..',
      'a/.',
      'a//b',
      'a/./b',
      'a/../b',
      '/a',
      'a/',
      'a\\..\\b',
      'a\\.\\b',
      'a\\',
      '\\a',
    ])
      expect(isInside(name), name).toBe(false);
  });
});
