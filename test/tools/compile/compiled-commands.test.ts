// The commands as npm runs them: `node compiled/…` (the compile step's output). Each answers --help, the compiled
// build writes what a build from the sources writes, and a command started after a source changed compiles first.
import { execFile, execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build/pipeline.js';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { readCompileManifest } from '../../../generator/build/files/compile-manifest.js';
import { changedInputs } from '../../../generator/tools/compile/inputs.js';
import { npmCommands } from '../../../generator/tools/compile/npm-commands.js';

const SLOW = 240_000;

function node(args: string[], cwd = PROJECT_ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** npm's scripts that run a compiled entry point: every command, with the Node flags npm starts it with. */
function commands(root = PROJECT_ROOT): [string, string, string[]][] {
  return npmCommands(root).map(({ name, entry, flags }) => [name, entry, flags]);
}

async function treeOf(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const name of await readdir(dir, { recursive: true })) {
    const body = await readFile(join(dir, name)).catch(() => undefined);
    if (body) files.set(name, body);
  }
  return files;
}

let root: string;
beforeAll(() => {
  // The tests run from the sources: bring compiled/ up to date first if they were edited since the last compile.
  if (changedInputs(PROJECT_ROOT, readCompileManifest()).length > 0) {
    execFileSync('npm', ['run', '-s', 'compile'], { cwd: PROJECT_ROOT, stdio: 'ignore' });
  }
}, SLOW);
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'compiled-commands-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the compiled commands', () => {
  it('are every npm script but the compile step, tests and tools', () => {
    expect(commands().map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'build',
        'validate',
        'check',
        'verify',
        'dev',
        'preview',
        'token',
        'conformance',
        'bench',
      ]),
    );
  });

  it(
    'each answer --help from compiled JavaScript',
    async () => {
      for (const [name, entry, flags] of commands()) {
        const run = await node([...flags, entry, '--help']);
        expect(run.code, `${name}: ${run.stderr}`).toBe(0);
        expect(run.stdout, name).toMatch(/^Usage: /);
        expect(run.stderr, name).toBe('');
      }
    },
    SLOW,
  );

  it(
    'build the same bytes as the sources do',
    async () => {
      const compiled = join(root, 'compiled-build', 'dist');
      const run = await node(['compiled/generator/tools/cli/build.js', '--out', compiled, '--cache', join(root, 'c')]);
      expect(run.code, run.stderr).toBe(0);
      const fromSources = join(root, 'source-build', 'dist');
      const result = await build({ env: 'production', outDir: fromSources });
      expect(result.diagnostics.hasErrors).toBe(false);
      for (const [a, b] of [
        [compiled, fromSources],
        [`${compiled}-hosts`, `${fromSources}-hosts`],
      ] as const) {
        const [left, right] = [await treeOf(a), await treeOf(b)];
        expect([...left.keys()].sort()).toEqual([...right.keys()].sort());
        for (const [file, body] of left) expect(body.equals(right.get(file)!), file).toBe(true);
      }
    },
    SLOW,
  );
});

describe('a command started after a source changed', () => {
  let project: string;
  beforeAll(async () => {
    // A copy of the project's sources, with the same packages, compiled once.
    project = join(root, 'project');
    await mkdir(project);
    for (const name of ['generator', 'bench', 'schemas', 'content', 'package.json', 'package-lock.json']) {
      await cp(join(PROJECT_ROOT, name), join(project, name), {
        recursive: true,
        filter: (source) => !source.includes(`${join(PROJECT_ROOT, 'bench', 'out')}`),
      });
    }
    await symlink(join(PROJECT_ROOT, 'node_modules'), join(project, 'node_modules'));
    execFileSync('npm', ['run', '-s', 'compile'], { cwd: project, stdio: 'ignore' });
  }, SLOW);

  it(
    'compiles first, then runs the new code; the next start finds compiled/ current; builds are not skipped',
    async () => {
      const build = [
        'compiled/generator/tools/cli/build.js',
        '--out',
        join(root, 'copy-dist'),
        '--cache',
        join(root, 'copy-cache'),
      ];
      expect((await node(build, project)).stdout).toMatch(/^Built /);
      expect((await node(build, project)).stdout).toMatch(/is up to date/);
      const token = join(project, 'generator', 'tools', 'cli', 'token.ts');
      await writeFile(
        token,
        (await readFile(token, 'utf8')).replace('Usage: npm run -s token', 'Usage (edited): npm run -s token'),
      );
      const first = await node(['compiled/generator/tools/cli/token.js', '--help'], project);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toMatch(/generator\/tools\/cli\/token\.ts changed since the last compile: compiling first/);
      expect(first.stdout).toMatch(/^Usage \(edited\): npm run -s token/);
      const second = await node(['compiled/generator/tools/cli/token.js', '--help'], project);
      expect(second.stderr).toBe('');
      expect(second.stdout).toMatch(/^Usage \(edited\)/);
      // Another generator: the build it skipped before is made again.
      expect((await node(build, project)).stdout).toMatch(/^Built /);
    },
    SLOW,
  );

  it(
    'fails loudly, running no old code, when the compile fails',
    async () => {
      const args = join(project, 'generator', 'tools', 'cli', 'args.ts');
      await writeFile(args, `${await readFile(args, 'utf8')}\nexport const broken = ;\n`);
      const run = await node(['compiled/generator/tools/cli/build.js', '--help'], project);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/The compile step failed \(above\): fix it, then run the command again\./);
    },
    SLOW,
  );
});
