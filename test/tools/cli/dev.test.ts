import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';

const run = promisify(execFile);
const dev = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'generator/tools/cli/dev.ts', ...args], { cwd: PROJECT_ROOT }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe('npm run dev (command line)', () => {
  it('prints its help with the exit codes', async () => {
    const result = await dev('--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Exit codes: 0 stopped with Ctrl-C, 1 could not start (a port in use, for instance), 2 usage error.',
    );
  });

  it('exits 2 on an unknown option or a bad port, before building anything', async () => {
    expect((await dev('--colour')).code).toBe(2);
    const result = await dev('--port', 'eighty');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port must be a port number');
  });
});
