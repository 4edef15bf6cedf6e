// `npm run bench`'s command line: a mistake is refused before anything is measured, never run as zero runs or no suite.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchOptions, SUITES } from '../../bench/options.js';
import { UsageError } from '../../generator/tools/cli/args.js';
import { PROJECT_ROOT } from '../../generator/build/files/project-paths.js';

/** What `benchOptions` refused, or undefined when it accepted. */
function refusal(args: string[]): string | undefined {
  try {
    benchOptions(args);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
}

describe('the benchmark command line', () => {
  it('gives the full run without options, and the small sizes with --quick', () => {
    expect(benchOptions([])).toMatchObject({
      quick: false,
      runs: 3,
      suites: [...SUITES],
      pageSizes: [1_000, 10_000],
      catalogSize: 100_000,
      timeoutMs: 90_000,
    });
    expect(benchOptions(['--quick'])).toMatchObject({ pageSizes: [200], catalogSize: 5_000, loadSeconds: 3 });
  });

  it('takes each option as given', () => {
    expect(
      benchOptions(['--runs', '1', '--only', 'pages', '--pages', '50,2000', '--catalog', '10', '--timeout', '2.5']),
    ).toMatchObject({ runs: 1, suites: ['pages'], pageSizes: [50, 2_000], catalogSize: 10, timeoutMs: 2_500 });
  });

  it.each([
    [['--only', 'nosuch'], /^--only must be one of process, pages, catalog, dev, load, not "nosuch"\.$/],
    [['--runs', '0'], /^--runs must be a whole number from 1, not "0"\.$/],
    [['--runs', 'three'], /^--runs must be a whole number from 1, not "three"\.$/],
    [['--runs', '1.5'], /^--runs must be a whole number from 1, not "1\.5"\.$/],
    [['--pages', '1000,'], /^--pages must be page counts from 1, separated by commas, not "1000,"\.$/],
    [['--pages', '0'], /^--pages must be page counts from 1/],
    [['--catalog=-5'], /^--catalog must be a whole number from 1, not "-5"\.$/],
    [
      ['--catalog', '-5'],
      /^Option --catalog needs a value; one that starts with a dash is written --catalog=<value>\.$/,
    ],
    [['--timeout', '0'], /^--timeout must be a number of seconds above 0, not "0"\.$/],
    [['--timeout', 'soon'], /^--timeout must be a number of seconds above 0/],
    [['--pagez', '5'], /^Unknown option --pagez\.$/],
    [['--runs'], /^Option --runs needs a value\.$/],
    [['pages'], /^Unexpected argument "pages"/],
  ])('refuses %j', (args, says) => {
    expect(refusal(args)).toMatch(says);
  });

  it('answers a mistake with exit 2, the mistake and the usage, having measured nothing', async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', join(PROJECT_ROOT, 'bench', 'run.ts'), '--only', 'nosuch'],
        { cwd: PROJECT_ROOT },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect({ code, stdout, firstLine: stderr.split('\n')[0] }).toEqual({
      code: 2,
      stdout: '',
      firstLine: '--only must be one of process, pages, catalog, dev, load, not "nosuch".',
    });
    expect(stderr).toContain('Usage: npm run bench');
    expect(stderr).not.toMatch(/\[bench |at .*\.ts:\d+/);
  }, 60_000);
});
