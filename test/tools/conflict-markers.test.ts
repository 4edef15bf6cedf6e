// A landing that kept a merge conflict's markers publishes them: the README's command table once carried one. Every
// tracked text file is read for a line that opens, divides or closes a conflict as git writes it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../generator/build/files/project-paths.js';

/** A line git writes into a file it could not merge: seven of `<`, `|`, `=` or `>`, alone or before a space. */
const CONFLICT_LINE = /^(?:<{7}|\|{7}|={7}|>{7})(?: |$)/m;

function conflictLines(text: string): number[] {
  return text.split('\n').flatMap((line, i) => (CONFLICT_LINE.test(line) ? [i + 1] : []));
}

describe('merge conflict markers', () => {
  it('are found at their lines, and a line of another length or in the middle of a line is not one', () => {
    const text = [
      'a',
      '<<<<<<< HEAD',
      'b',
      '=======',
      'c',
      '>>>>>>> 1234abc (message)',
      '======== rule',
      'x <<<<<<< y',
    ];
    expect(conflictLines(text.join('\n'))).toEqual([2, 4, 6]);
  });

  it('are in no tracked file', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((f) => /\.(?:md|ts|js|cjs|mjs|json|jsonc|ya?ml|toml|css|html|txt|conf)$/.test(f) || f === '.ci/run');
    const found = files.flatMap((file) => {
      const lines = conflictLines(readFileSync(join(PROJECT_ROOT, file), 'utf8'));
      return lines.map((line) => `${file}:${line}`);
    });
    expect(found).toEqual([]);
  });
});
