import { describe, expect, it } from 'vitest';
import { progressLine } from '../../../generator/tools/terminal/progress.js';

function recorder() {
  const writes: string[] = [];
  return { writes, stream: { write: (chunk: string) => writes.push(chunk) > 0 } as unknown as NodeJS.WritableStream };
}

describe('the progress of a long build', () => {
  it('shows nothing for a build of less than two seconds', () => {
    let now = 0;
    const { writes, stream } = recorder();
    const line = progressLine(stream, { live: true, now: () => now });
    for (const stage of ['load', 'render', 'emit', 'validate', 'write'] as const) {
      now += 300;
      line.report(stage, 1, 10);
    }
    line.end();
    expect(writes).toEqual([]);
  });

  it('on a terminal, rewrites one line with the stage and its count, at most every 100 ms, and clears it', () => {
    let now = 0;
    const { writes, stream } = recorder();
    const line = progressLine(stream, { live: true, now: () => now });
    line.report('load', 0, 0);
    now = 2500;
    line.report('render', 10, 400);
    now = 2550;
    line.report('render', 20, 400);
    now = 2650;
    line.report('render', 1200, 4000);
    line.report('write', 0, 0);
    line.end();
    expect(writes).toEqual([
      '\r\u001b[2Kbuild: rendering pages 10/400 (2.5 s)',
      '\r\u001b[2Kbuild: rendering pages 1,200/4,000 (2.6 s)',
      '\r\u001b[2Kbuild: writing files (2.6 s)',
      '\r\u001b[2K',
    ]);
  });

  it('on a pipe or in CI, writes one line per stage once the build is long, and nothing else', () => {
    let now = 0;
    const { writes, stream } = recorder();
    const line = progressLine(stream, { live: false, now: () => now, label: 'check' });
    line.report('load', 0, 0);
    line.report('render', 5, 10);
    now = 2100;
    for (let i = 1; i <= 500; i++) line.report('validate', i, 500);
    for (let i = 1; i <= 900; i++) line.report('write', i, 0);
    line.end();
    expect(writes).toEqual(['check: validating artifacts (500)…\n', 'check: writing files…\n']);
  });

  it('is live on a terminal, and not in CI', () => {
    const tty = { ...recorder().stream, isTTY: true } as NodeJS.WritableStream & { isTTY: boolean };
    const ci = process.env.CI;
    try {
      delete process.env.CI;
      let now = 0;
      const writes: string[] = [];
      tty.write = (chunk: string) => writes.push(chunk) > 0;
      const line = progressLine(tty, { now: () => now });
      now = 3000;
      line.report('emit', 1, 2);
      expect(writes[0]).toMatch(/^\r/);
      process.env.CI = 'true';
      const writesCi: string[] = [];
      tty.write = (chunk: string) => writesCi.push(chunk) > 0;
      const inCi = progressLine(tty, { now: () => now });
      now = 6000;
      inCi.report('emit', 1, 2);
      expect(writesCi).toEqual(['build: emitting artifacts (2)…\n']);
    } finally {
      if (ci === undefined) delete process.env.CI;
      else process.env.CI = ci;
    }
  });
});
