// The build's own failures: an emitter that throws and an output that cannot be written are messages, never a stack
// trace, and the previous output stays as it was.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeFileSystem } from '../../generator/build/files/file-system.js';
import { build } from '../../generator/build/pipeline.js';
import { stubKinds } from '../helpers/stub-kinds.js';

let root = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = '';
});

/** A built-before output folder, to see that a failed build leaves it alone. */
async function previousOutput() {
  root = await mkdtemp(join(tmpdir(), 'pipeline-failures-'));
  const outDir = join(root, 'dist');
  await mkdir(outDir);
  await writeFile(join(outDir, 'previous.txt'), 'the last good build');
  return outDir;
}

describe('the build', () => {
  it('reports an emitter that throws as emitter-crash, at the entry, and writes nothing', async () => {
    const outDir = await previousOutput();
    const kinds = {
      ...stubKinds,
      robots: {
        ...stubKinds.robots!,
        emit: () => {
          throw new TypeError("Cannot read properties of undefined (reading 'rules')");
        },
      },
    };
    const result = await build({ env: 'production', outDir, kinds });
    const messages = result.diagnostics.list();
    expect(messages).toEqual([
      expect.objectContaining({
        ruleId: 'emitter-crash',
        stage: 'emit',
        fatal: true,
        file: 'content/discovery-resources.yaml',
      }),
    ]);
    expect(messages[0]!.reason).toContain(
      "Building /robots.txt failed: Cannot read properties of undefined (reading 'rules').",
    );
    expect(await readdir(outDir)).toEqual(['previous.txt']);
  });

  it('reports an output it cannot write as write-failed, and leaves the previous output as it was', async () => {
    const outDir = await previousOutput();
    const failing = {
      ...nodeFileSystem,
      writeFile: async (path: string) => {
        throw new Error(`ENOSPC: no space left on device, write '${path}'`);
      },
    };
    const result = await build({ env: 'production', outDir, kinds: stubKinds, fs: failing });
    const messages = result.diagnostics.list();
    expect(messages).toEqual([
      expect.objectContaining({ ruleId: 'write-failed', stage: 'write', fatal: true, file: outDir }),
    ]);
    expect(messages[0]!.reason).toMatch(
      /^Writing the output failed: ENOSPC: no space left on device.*\. The previous output is unchanged\. Fix: /,
    );
    expect(await readdir(outDir)).toEqual(['previous.txt']);
    expect(await readFile(join(outDir, 'previous.txt'), 'utf8')).toBe('the last good build');
    expect(await readdir(root)).toEqual(['dist']);
  });
});
