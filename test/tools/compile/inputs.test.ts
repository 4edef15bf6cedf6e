import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CompileManifest, MANIFEST_FORMAT } from '../../../generator/build/files/compile-manifest.js';
import { changedInputs, recordInputs } from '../../../generator/tools/compile/inputs.js';

describe('the inputs of the compile step', () => {
  let root: string;
  let manifest: CompileManifest;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'compile-inputs-'));
    await mkdir(join(root, 'generator', 'build'), { recursive: true });
    await mkdir(join(root, 'bench', 'out'), { recursive: true });
    await mkdir(join(root, 'schemas'), { recursive: true });
    await writeFile(join(root, 'package.json'), '{}');
    await writeFile(join(root, 'package-lock.json'), '{}');
    await writeFile(join(root, 'generator', 'build', 'pipeline.ts'), 'export const a = 1;\n');
    await writeFile(join(root, 'generator', 'baseline.yml'), 'a: 1\n');
    await writeFile(join(root, 'bench', 'run.ts'), 'export {};\n');
    await writeFile(join(root, 'bench', 'out', 'results.json'), '{}');
    await writeFile(join(root, 'schemas', 'page.schema.json'), '{}');
    manifest = { format: MANIFEST_FORMAT, inputs: recordInputs(root) };
  });

  it('are the code, the files beside it, the schemas and the package files; not results or hidden files', async () => {
    await writeFile(join(root, 'generator', 'build', '.pipeline.ts.swp'), 'x');
    expect(Object.keys(recordInputs(root))).toEqual([
      'bench/run.ts',
      'generator/baseline.yml',
      'generator/build/pipeline.ts',
      'package-lock.json',
      'package.json',
      'schemas/page.schema.json',
    ]);
  });

  it('are unchanged right after the compile', () => {
    expect(changedInputs(root, manifest)).toEqual([]);
  });

  it('count an edited, an added and a removed file', async () => {
    await writeFile(join(root, 'generator', 'build', 'pipeline.ts'), 'export const a = 2;\n');
    await writeFile(join(root, 'generator', 'build', 'kinds.ts'), 'export {};\n');
    await rm(join(root, 'schemas', 'page.schema.json'));
    expect(changedInputs(root, manifest).sort()).toEqual([
      'generator/build/kinds.ts',
      'generator/build/pipeline.ts',
      'schemas/page.schema.json',
    ]);
  });

  it('count an edit that keeps the size, and not a file saved again with the same bytes', async () => {
    const later = new Date(Date.now() + 5_000);
    await writeFile(join(root, 'bench', 'run.ts'), 'export {};\n');
    await utimes(join(root, 'bench', 'run.ts'), later, later);
    expect(changedInputs(root, manifest)).toEqual([]);
    await writeFile(join(root, 'generator', 'build', 'pipeline.ts'), 'export const b = 1;\n');
    await utimes(join(root, 'generator', 'build', 'pipeline.ts'), later, later);
    expect(changedInputs(root, manifest)).toEqual(['generator/build/pipeline.ts']);
  });

  it('are all stale without a record of a compile', () => {
    expect(changedInputs(root, undefined)).toHaveLength(1);
    expect(changedInputs(root, { ...manifest, format: MANIFEST_FORMAT + 1 })).toHaveLength(1);
  });
});
