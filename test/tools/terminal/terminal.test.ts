// Colour only on a terminal and never with NO_COLOR; progress lines only when not quiet.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { terminal } from '../../../generator/tools/terminal/terminal.js';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) > 0 } as unknown as NodeJS.WriteStream & {
    written: string[];
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('terminal', () => {
  it('colours on a terminal', () => {
    vi.stubEnv('NO_COLOR', '');
    const term = terminal(stream(true));
    expect(term.red('x')).toBe('\u001b[31mx\u001b[39m');
    expect(term.bold('x')).toBe('\u001b[1mx\u001b[22m');
  });

  it('writes plain text to a pipe, and to a terminal with NO_COLOR', () => {
    vi.stubEnv('NO_COLOR', '');
    expect(terminal(stream(false)).green('x')).toBe('x');
    vi.stubEnv('NO_COLOR', '1');
    expect(terminal(stream(true)).green('x')).toBe('x');
  });

  it('prints progress unless quiet', () => {
    const loud = stream(false);
    terminal(loud).progress('Building…');
    const quiet = stream(false);
    terminal(quiet, true).progress('Building…');
    expect(loud.written).toEqual(['Building…\n']);
    expect(quiet.written).toEqual([]);
  });
});
