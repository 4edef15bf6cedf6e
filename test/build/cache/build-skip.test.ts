// The build cache's skip: a rebuild with nothing changed leaves the output alone, and any change to the inputs or
// to the output makes the next build run in full and produce what a plain build produces.
import { DEFAULT_CONTENT_DIR } from '../../../generator/build/files/project-paths.js';
import { appendFile, cp, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build/pipeline.js';
import { readRecord } from '../../../generator/build/cache/build-record.js';
import { readOutput } from '../../helpers/output-tree.js';

let work: string;
let content: string;
const cacheDir = () => join(work, 'cache');

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'build-skip-'));
  content = join(work, 'content');
  await cp(DEFAULT_CONTENT_DIR, content, { recursive: true });
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function plainBuild(outDir: string) {
  const result = await build({ env: 'production', contentDir: content, outDir });
  expect(result.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
  return readOutput(outDir);
}

describe('build cache: skipping an unchanged build', () => {
  it('skips a rebuild when nothing changed, and leaves the output as it was', async () => {
    const out = join(work, 'dist');
    const first = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
    expect(first.diagnostics.hasErrors).toBe(false);
    expect(first.upToDate).toBeUndefined();
    const before = await readOutput(out);
    expect(before.size).toBeGreaterThan(10);

    const second = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
    expect(second.upToDate).toBe(true);
    expect(second.artifacts).toBeUndefined();
    expect(await readOutput(out)).toEqual(before);
  });

  it('rebuilds after a page is edited, to the same bytes as a plain build', async () => {
    const out = join(work, 'dist');
    await appendFile(join(content, 'pages', 'help.md'), '\nOne more paragraph for the help page.\n');
    const result = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
    expect(result.upToDate).toBeUndefined();
    expect(result.diagnostics.hasErrors).toBe(false);
    const cached = await readOutput(out);
    expect([...cached.values()].some((b) => Buffer.from(b, 'base64').toString().includes('One more paragraph'))).toBe(
      true,
    );
    expect(cached).toEqual(await plainBuild(join(work, 'plain')));
  });

  it('records a rebuild that linked most files so that the next build with nothing changed is skipped', async () => {
    const out = join(work, 'dist');
    const rebuilt = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
    expect(rebuilt.upToDate).toBe(true);
    await appendFile(join(content, 'pages', 'help.md'), '\nYet one more paragraph.\n');
    const edited = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
    expect(edited.written!.linked).toBeGreaterThan(edited.written!.files / 2);
    const after = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
    expect(after.upToDate).toBe(true);
  });

  it('records every file of the output folders with the size and time a listing finds, and skips the next build', async () => {
    const out = join(work, 'dist');
    for (const retired of [false, true]) {
      // A folder of a host no longer built is left beside the trees: the record lists it too.
      if (retired) {
        await mkdir(join(`${out}-hosts`, 'retired'), { recursive: true });
        await writeFile(join(`${out}-hosts`, 'retired', 'old.txt'), 'left from an earlier build\n');
      }
      await appendFile(join(content, 'pages', 'help.md'), `\nA paragraph before the record is read (${retired}).\n`);
      const edited = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
      expect(edited.written!.linked).toBeGreaterThan(0);
      const listed: [string, number, number][] = [];
      for (const tree of ['dist', 'dist-hosts']) {
        for (const rel of await readdir(join(work, tree), { recursive: true })) {
          const stats = await lstat(join(work, tree, rel));
          if (stats.isFile()) listed.push([`${tree}/${rel}`, stats.size, stats.mtimeMs]);
        }
      }
      listed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      // The record as the next build reads it: its file, with what a rebuild in place kept beside it.
      const outputs = (await readRecord(cacheDir(), out))!.record.outputs;
      expect(outputs.map((o) => o.slice(0, 3))).toEqual(listed);
      expect(listed.some(([name]) => name === 'dist-hosts/retired/old.txt')).toBe(retired);
      const after = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
      expect(after.upToDate).toBe(true);
    }
    await rm(join(`${out}-hosts`, 'retired'), { recursive: true });
  });

  it('rebuilds when an output file was changed by hand, restoring it', async () => {
    const out = join(work, 'dist');
    const expected = await readOutput(out);
    const robots = join(out, 'robots.txt');
    const original = await readFile(robots);
    await writeFile(robots, `${original.toString()}# edited by hand\n`);
    const result = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
    expect(result.upToDate).toBeUndefined();
    expect(await readOutput(out)).toEqual(expected);
  });

  it('writes again, never links, a file changed by hand to other bytes of the same size', async () => {
    const out = join(work, 'dist');
    const expected = await readOutput(out);
    const robots = join(out, 'robots.txt');
    const original = (await readFile(robots)).toString();
    await writeFile(
      robots,
      original.replace(/[a-z]/, (c) => (c === 'x' ? 'y' : 'x')),
    );
    await appendFile(join(content, 'pages', 'help.md'), '\nAnother paragraph.\n');
    const result = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
    expect(result.diagnostics.hasErrors).toBe(false);
    expect(result.written!.linked).toBeGreaterThan(0);
    expect((await readFile(robots)).toString()).toBe(original);
    const now = await readOutput(out);
    expect(now.get('robots.txt')).toEqual(expected.get('robots.txt'));
    expect(now).toEqual(await plainBuild(join(work, 'plain-2')));
  });

  it('rebuilds for another environment even when the content is the same', async () => {
    const out = join(work, 'dist');
    await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
    const preview = await build({ env: 'preview', contentDir: content, outDir: out, cacheDir: cacheDir() });
    expect(preview.upToDate).toBeUndefined();
    expect(preview.diagnostics.hasErrors).toBe(false);
  });
});
