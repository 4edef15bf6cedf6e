// `npm run new` as a subprocess: writes and says what next (0), refuses what cannot be made (1), usage (2).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

let content: TempContent;
beforeAll(async () => {
  content = await copyContent('new-cli-');
});
afterAll(async () => {
  await content.remove();
});

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(PROJECT_ROOT, 'generator/tools/cli/new.ts'), ...args],
      { cwd: PROJECT_ROOT },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run new', () => {
  it('scaffolds a sub-page and prints what to edit next', async () => {
    const { code, stdout } = await run(['page', 'help/first-steps', '--content', content.contentDir]);
    expect(code).toBe(0);
    expect(stdout).toContain(`Created ${content.contentDir}/pages/help/first-steps.md`);
    expect(stdout).toMatch(/Next:\n {2}- Write the title/);
  }, 60_000);

  it('refuses a page that exists with exit 1, and a usage mistake with exit 2 and the usage', async () => {
    const exists = await run(['page', 'help', '--content', content.contentDir]);
    expect(exists.code).toBe(1);
    expect(exists.stderr).toContain('already exists');
    for (const args of [['pag', 'x'], ['page'], ['page', 'a', 'b'], ['--nope']]) {
      const bad = await run(args);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr, args.join(' ')).toContain('Usage: npm run new');
    }
  }, 60_000);
});
