// The page contexts as the build writes them: in shards, streamed into the staging folder, the same bytes on every run,
// and read back one shard at a time by `npm run validate`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, runPipeline } from '../../../../generator/build/pipeline.js';
import { ChangedFileWriter } from '../../../../generator/tools/dev/write-changed.js';
import { validateBuiltTree } from '../../../../generator/build/validate-built.js';

let root: string;
const tree = (dir: string) => fg.sync('**/*', { cwd: dir, dot: true, onlyFiles: true }).sort();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'streamed-build-'));
  for (const out of ['a', 'b']) {
    const result = await build({ env: 'production', outDir: join(root, out) });
    if (result.diagnostics.hasErrors) throw new Error(result.diagnostics.report());
  }
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a streamed build', () => {
  it('writes the shards the small page-context data counts, and no file per path', () => {
    const files = tree(join(root, 'a'));
    const data = JSON.parse(readFileSync(join(root, 'a', '_agent/page-context.json'), 'utf8'));
    const shards = Array.from({ length: data.contexts.shards }, (_, k) => `_agent/page-context/${k}.json`);
    expect(files.filter((f) => f.startsWith('_agent/page-context/'))).toEqual(shards.sort());
    const all = Object.assign({}, ...shards.map((f) => JSON.parse(readFileSync(join(root, 'a', f), 'utf8'))));
    expect(all['/pricing'].path).toBe('/pricing');
    expect(all['/pricing.md'].path).toBe('/pricing.md');
  });

  it('is byte-identical to itself across runs, streamed files included', () => {
    const a = tree(join(root, 'a'));
    expect(tree(join(root, 'b'))).toEqual(a);
    for (const file of a)
      expect(readFileSync(join(root, 'b', file)).equals(readFileSync(join(root, 'a', file))), file).toBe(true);
  });

  it('passes `npm run validate`, which claims the context files and checks each one', async () => {
    const passed = await validateBuiltTree({ dir: join(root, 'a'), env: 'production' });
    expect(passed.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
  });

  it('fails `npm run validate` at the shard that was edited after the build', async () => {
    const file = join(root, 'b', '_agent/page-context/0.json');
    const shard = JSON.parse(readFileSync(file, 'utf8'));
    shard['/pricing'].routeFamily = 'help';
    writeFileSync(file, JSON.stringify(shard));
    const failed = await validateBuiltTree({ dir: join(root, 'b'), env: 'production', display: 'dist' });
    const messages = failed.diagnostics.list().filter((m) => m.fatal);
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([
      ['page-context-family', 'dist/_agent/page-context/0.json'],
    ]);
  });
});

describe("the dev loop's output folder", () => {
  it('holds the shards too, and keeps them across rewrites', async () => {
    const result = await runPipeline({ env: 'production' });
    const out = join(root, 'dev');
    const writer = new ChangedFileWriter(out);
    const first = await writer.write(result.artifacts!);
    expect(tree(out)).toContain('_agent/page-context/0.json');
    const second = await writer.write(result.artifacts!);
    expect([second.written, second.removed]).toEqual([0, 0]);
    expect(second.unchanged).toBe(first.written);
  });
});
