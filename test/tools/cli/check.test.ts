import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';

const run = promisify(execFile);
const check = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'generator/tools/cli/check.ts', ...args], { cwd: PROJECT_ROOT }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe('npm run check (command line)', () => {
  it('prints its help with the exit codes', async () => {
    const result = await check('--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Exit codes: 0 passed, 1 the head has content or validation errors, 2 usage error');
  });

  it('exits 2 without --base, or with a base that is neither a folder nor a ref', async () => {
    expect((await check()).code).toBe(2);
    const result = await check('--base', 'no-such-ref-anywhere', '--out', '/tmp/check-cli-unused', '--quiet');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('neither a folder nor a git commit');
    // A folder that cannot be a built one is refused before it is read whole (the project and its dependencies).
    const above = await check('--base', '..', '--out', '/tmp/check-cli-unused', '--quiet');
    expect(above.code).toBe(2);
    expect(above.stderr).toContain('--base .. is not a built folder: it holds the project itself.');
  });
});
