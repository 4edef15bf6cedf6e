// The progress a build and a tree check report: every stage in order, each count reaching its total.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildStage } from '../../generator/build/pipeline.js';
import { validateBuiltTree } from '../../generator/build/validate-built.js';

const SLOW = 120_000;

function recorder() {
  const reports: [BuildStage, number, number][] = [];
  const stages = () => [...new Set(reports.map(([stage]) => stage))];
  const last = (stage: BuildStage) => reports.filter(([s]) => s === stage).at(-1);
  return {
    reports,
    stages,
    last,
    report: (stage: BuildStage, done: number, total: number) => reports.push([stage, done, total]),
  };
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'progress-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the progress of a build', () => {
  it(
    'goes through every stage in order, each count reaching its total; the tree check reports its own',
    async () => {
      const progress = recorder();
      const out = join(root, 'dist');
      const written: string[] = [];
      const result = await build({
        env: 'production',
        outDir: out,
        cacheDir: join(root, 'cache'),
        progress: progress.report,
        onWritten: (path) => written.push(path),
      });
      expect(result.diagnostics.hasErrors).toBe(false);
      expect(progress.stages()).toEqual(['load', 'render', 'emit', 'validate', 'write']);
      const [, rendered, pages] = progress.last('render')!;
      expect(pages).toBe(result.model!.pages.length);
      expect(rendered).toBe(pages);
      const [, emitted, toEmit] = progress.last('emit')!;
      expect(emitted).toBe(toEmit);
      expect(toEmit).toBe(result.registry!.entries.filter((e) => !e.aliasOf).length);
      const [, validated, toValidate] = progress.last('validate')!;
      expect(validated).toBe(toValidate);
      // Streamed files make the number written known only at the end: every file written counted.
      expect(progress.last('write')![1]).toBe(written.length);
      expect(written.length).toBeGreaterThan(result.artifacts!.values().length);

      const check = recorder();
      const tree = await validateBuiltTree({ dir: out, env: 'production', progress: check.report });
      expect(tree.diagnostics.hasErrors).toBe(false);
      expect(check.stages()).toEqual(['load', 'validate']);
      const [, checked, entries] = check.last('validate')!;
      expect(checked).toBe(entries);
    },
    SLOW,
  );
});
