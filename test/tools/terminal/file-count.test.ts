// One count of a build's files: build, validate and check say the number of files on disk, page contexts included.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build/pipeline.js';
import { validateBuiltTree } from '../../../generator/build/validate-built.js';
import { summarize } from '../../../generator/tools/terminal/build-summary.js';
import { runCheck } from '../../../generator/tools/report/run-check.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

let content: TempContent;
let root: string;
beforeAll(async () => {
  content = await copyContent('count-');
  root = await mkdtemp(join(tmpdir(), 'count-out-'));
});
afterAll(async () => {
  await content.remove();
  await rm(root, { recursive: true, force: true });
});

describe('the count of written files', () => {
  it('is the same in the build summary, validate and check, and is the number of files on disk', async () => {
    const dist = join(root, 'dist');
    const options = { env: 'production' as const, contentDir: content.contentDir, schemaDir: content.schemaDir };
    const result = await build({ ...options, outDir: dist });
    expect(result.diagnostics.hasErrors).toBe(false);
    const onDisk =
      (await fg('**/*', { cwd: dist, dot: true, onlyFiles: true })).length +
      (await fg('**/*', { cwd: `${dist}-hosts`, dot: true, onlyFiles: true })).length;
    // The page contexts are files too, and there are many.
    expect(await fg('_agent/page-context/**', { cwd: dist, dot: true })).not.toHaveLength(0);

    const summary = summarize(result, 'dist', 'production', 1);
    expect(summary).toContain(`Built ${onDisk} files for production`);
    const perFolder = [...summary.matchAll(/^ {2}\S+\s+(\d+) files?/gm)].map((m) => Number(m[1]));
    expect(perFolder.reduce((a, b) => a + b, 0)).toBe(onDisk);

    const validated = await validateBuiltTree({ ...options, dir: dist, display: 'dist' });
    expect(validated.diagnostics.hasErrors).toBe(false);
    expect(validated.files).toBe(onDisk);

    const report = await runCheck({ ...options, base: dist, repoDir: content.root });
    expect(report.head.files).toBe(onDisk);
    expect(report.base.files).toBe(onDisk);
  }, 120_000);

  it('says "1 file", not "1 files"', async () => {
    const { plural } = await import('../../../generator/tools/terminal/plural.js');
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(2, 'file')).toBe('2 files');
    expect(plural(0, 'error')).toBe('0 errors');
  });
});
