// The benchmark measures the commands as npm starts them: a whole-process run and a child that stands for a command
// take the Node flags of that command's script in package.json, and a child that stands for none takes none.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childCommand } from '../../bench/harness/paths.js';
import { nodeFlagsOf, npmCommands } from '../../generator/tools/compile/npm-commands.js';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'npm-commands-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const withScripts = (scripts: Record<string, string>) =>
  writeFile(join(root, 'package.json'), JSON.stringify({ name: 'x', scripts }));

describe('the commands of package.json', () => {
  it('are the scripts that start a compiled entry point, each with the Node flags before it', async () => {
    await withScripts({
      build: 'node --initial-old-space-size=128 --stack-size=2000 compiled/generator/tools/cli/build.js',
      preview: 'node compiled/generator/tools/cli/preview.js',
      test: 'vitest run',
      compile: 'esbuild x.ts && node compiled/compile.js',
      odd: 'node --initial-old-space-size=128 src/not-compiled.js',
    });
    expect(npmCommands(root)).toEqual([
      {
        name: 'build',
        flags: ['--initial-old-space-size=128', '--stack-size=2000'],
        entry: 'compiled/generator/tools/cli/build.js',
      },
      { name: 'preview', flags: [], entry: 'compiled/generator/tools/cli/preview.js' },
    ]);
    expect(nodeFlagsOf('build', root)).toEqual(['--initial-old-space-size=128', '--stack-size=2000']);
    expect(nodeFlagsOf('test', root)).toEqual([]);
  });

  it('give the benchmark’s children the flags of the command each stands for, and a floor none', () => {
    const build = nodeFlagsOf('build');
    expect(build.length).toBeGreaterThan(0);
    expect(childCommand('build.ts').slice(-1 - build.length, -1)).toEqual(build);
    expect(childCommand('catalog.ts').slice(-1 - build.length, -1)).toEqual(build);
    const dev = nodeFlagsOf('dev');
    expect(childCommand('dev-edit.ts').slice(-1 - dev.length, -1)).toEqual(dev);
    for (const flag of build) expect(childCommand('io-floor.ts')).not.toContain(flag);
  });
});
