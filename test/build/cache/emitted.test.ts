// Artifacts made from the scope alone (the model without page bodies, the registry): a rebuild after a page's body
// changed takes them from the last good build instead of making them again, and gives the bytes a clean build gives;
// a change to the scope (a title) makes them again; a kind that declares it reads only the scope and reads more fails.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kinds } from '../../../generator/build/kinds.js';
import { build, runPipeline, type PipelineResult } from '../../../generator/build/pipeline.js';
import type { KindDefinition } from '../../../generator/build/registry/types.js';
import { copyContent } from '../../helpers/content.js';
import { loadEmitted } from '../../../generator/build/cache/emitted.js';

let contentDir = '';
let work = '';

beforeEach(async () => {
  contentDir = await copyContent();
  work = await mkdtemp(join(tmpdir(), 'emitted-'));
});
afterEach(async () => {
  await rm(join(contentDir, '..'), { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

/** Every file of a build's output folders, by its path in them, with its bytes. */
function tree(outDir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const root of [outDir, `${outDir}-hosts`]) {
    for (const rel of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      const path = join(root, rel);
      if (statSync(path).isFile())
        files.set(relative(work, path).replace(/^[^/-]+/, 'out'), readFileSync(path, 'utf8'));
    }
  }
  return files;
}

async function built(name: string, cache: string) {
  const result = await build({ env: 'production', contentDir, outDir: join(work, name), cacheDir: join(work, cache) });
  expect(result.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
  return result;
}

const scopeKinds = Object.entries(kinds).filter(([, kind]) => kind.emitReadsScope);

describe('artifacts made from the scope alone', () => {
  it('are taken from the last good build after a body edit, with the bytes of a clean build', async () => {
    const cold = await built('dist', 'cache');
    expect(cold.emitted!.kept).toBe(0);
    expect(scopeKinds.length).toBeGreaterThan(5);
    const scoped = cold.registry!.entries.filter((e) => !e.aliasOf && scopeKinds.some(([name]) => name === e.kind));
    await appendFile(join(contentDir, 'pages/help/reading-errors.md'), '\nOne more paragraph, added by an editor.\n');
    const rebuilt = await built('dist', 'cache');
    // The page contexts' data file too: its stream of shards is attached again, no shard made.
    expect(scoped.some((e) => e.kind === 'page-context')).toBe(true);
    expect(rebuilt.emitted).toEqual({ kept: scoped.length, made: 0 });
    const clean = await built('clean', 'clean-cache');
    expect(clean.emitted!.kept).toBe(0);
    expect(tree(join(work, 'dist'))).toEqual(tree(join(work, 'clean')));
  });

  it('make a kept stream’s file that the tree in place lacks, with the bytes of a clean build', async () => {
    await built('dist', 'cache');
    const folder = join(work, 'dist', '_agent', 'page-context');
    const shards = readdirSync(folder);
    expect(shards.length).toBeGreaterThan(0);
    await rm(join(folder, shards[0]!));
    await appendFile(join(contentDir, 'pages/help/reading-errors.md'), '\nOne more paragraph, added by an editor.\n');
    const rebuilt = await built('dist', 'cache');
    expect(rebuilt.emitted!.made).toBe(0);
    await built('clean', 'clean-cache');
    expect(tree(join(work, 'dist'))).toEqual(tree(join(work, 'clean')));
  });

  it('are all made again, to a clean build’s bytes, when their file in the cache folder is damaged', async () => {
    await built('dist', 'cache');
    const folder = join(work, 'cache', 'emitted');
    const [name] = readdirSync(folder);
    const path = join(folder, name!);
    const text = await readFile(path, 'utf8');
    // The deploy manifest's kept plan: a header of one file changed, the file's own checksum left as it was.
    const damaged = text.replace('"cacheControl":"', '"cacheControl":"no-store, ');
    expect(damaged).not.toBe(text);
    await writeFile(path, damaged);
    await appendFile(join(contentDir, 'pages/help/reading-errors.md'), '\nOne more paragraph, added by an editor.\n');
    const rebuilt = await built('dist', 'cache');
    expect(rebuilt.emitted!.kept).toBe(0);
    await built('clean', 'clean-cache');
    expect(tree(join(work, 'dist'))).toEqual(tree(join(work, 'clean')));
  });

  it('keep a value of the scope alone for the next build in the same scope, and for no other', async () => {
    const cacheDir = join(work, 'values');
    const first = await loadEmitted(cacheDir, 'scope-1');
    expect(first.takeValue('plan')).toBeUndefined();
    first.keepValue('plan', { files: ['a', 'b'] });
    await first.save(cacheDir);
    expect((await loadEmitted(cacheDir, 'scope-1')).takeValue('plan')).toEqual({ value: { files: ['a', 'b'] } });
    expect((await loadEmitted(cacheDir, 'scope-2')).takeValue('plan')).toBeUndefined();
    // A build that took it keeps it for the next.
    const second = await loadEmitted(cacheDir, 'scope-1');
    second.takeValue('plan');
    second.keepValue('other', 1);
    await second.save(cacheDir);
    expect((await loadEmitted(cacheDir, 'scope-1')).takeValue('plan')).toEqual({ value: { files: ['a', 'b'] } });
  });

  it('say again, once, what their emitters said when they were made', async () => {
    // A route family that matches no page: the catalog and the page contexts both resolve the families.
    const file = join(contentDir, 'public-pages.yaml');
    const family = [
      '    - id: unused-family',
      '      pattern: /nothing-here/{slug}',
      '      type: WebPage',
      '      title: Nothing here',
      '      description: A family no page belongs to.',
      '',
    ].join('\n');
    await writeFile(file, (await readFile(file, 'utf8')).replace('  routeFamilies:\n', `  routeFamilies:\n${family}`));
    const warnings = (result: PipelineResult) =>
      result.diagnostics
        .list()
        .filter((m) => !m.fatal)
        .map((m) => `${m.file}:${m.line} ${m.ruleId}`);
    const cold = await built('dist', 'cache');
    expect(warnings(cold).filter((w) => w.includes('route-family-without-pages'))).toHaveLength(1);
    await appendFile(join(contentDir, 'pages/help/reading-errors.md'), '\nOne more paragraph, added by an editor.\n');
    const rebuilt = await built('dist', 'cache');
    expect(rebuilt.emitted!.kept).toBeGreaterThan(0);
    expect(warnings(rebuilt).sort()).toEqual(warnings(cold).sort());
  });

  it('are made again when the scope changes (a page title)', async () => {
    await built('dist', 'cache');
    const file = join(contentDir, 'pages/help/reading-errors.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^title: .*$/m, 'title: Reading errors, edited'));
    const rebuilt = await built('dist', 'cache');
    expect(rebuilt.emitted!.kept).toBe(0);
    await built('clean', 'clean-cache');
    expect(tree(join(work, 'dist'))).toEqual(tree(join(work, 'clean')));
  });

  it('fail the build at the kind that declares it reads only the scope and reads a page body or another artifact', async () => {
    const cases: [kind: keyof typeof kinds, path: string, emit: KindDefinition['emit']][] = [
      ['llms-root', '/llms.txt', (_entry, context) => context.model.pages[0]!.body],
      // Emitted last, when every page is: it finds the page, and may not read it.
      ['nginx-config', '/nginx.conf', (_entry, context) => context.artifacts.get('site', 'pricing.html')?.body ?? ''],
    ];
    for (const [kind, path, emit] of cases) {
      const result = await runPipeline({
        env: 'production',
        contentDir,
        kinds: { ...kinds, [kind]: { ...kinds[kind]!, emit } },
      });
      const crashes = result.diagnostics
        .list()
        .filter((m) => m.ruleId === 'emitter-crash' && m.reason.startsWith(`Building ${path} failed`));
      expect(crashes.map((m) => m.reason)).toEqual([expect.stringContaining('remove its emitReadsScope')]);
    }
  });

  it('keep a check of such a kind that declares it reads only the scope from reading a page body or another artifact', async () => {
    const cases: NonNullable<KindDefinition['validate']>[number][] = [
      (_artifact, context) => void context.model.pages[0]!.body.length,
      (_artifact, context) => void context.artifacts.get('site', 'pricing.html'),
    ];
    for (const check of cases) {
      const robots = { ...kinds.robots!, validate: [check] };
      const result = await runPipeline({ env: 'production', contentDir, kinds: { ...kinds, robots } });
      const crashes = result.diagnostics.list().filter((m) => m.ruleId === 'validator-crash');
      expect(crashes.map((m) => `${m.file} ${m.reason}`)).toEqual([
        expect.stringMatching(/^dist\/robots\.txt .*remove its emitReadsScope or validatorsReadScope/),
      ]);
    }
  });
});
