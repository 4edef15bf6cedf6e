// The stamps of the last good build's files, taken on a thread beside the build: the same answers as a stat on the
// main thread for every kind of path, a file edited by hand before the build still written again, and stamps taken
// before a half-applied write was completed never trusted.
import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stampNow, takeStamps } from '../../../generator/build/cache/output-stamps.js';
import { previousOutput, recordBuild } from '../../../generator/build/cache/build-record.js';
import { nodeFileSystem } from '../../../generator/build/files/file-system.js';

let work: string;
let out: string;
let cache: string;
const FILES = ['index.html', 'docs/a.html', 'docs/b.md', 'llms.txt'];
const hashOf = (file: string) => `hash-of-${file}`;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'output-stamps-'));
  out = join(work, 'dist');
  cache = join(work, 'cache');
  await mkdir(join(out, 'docs'), { recursive: true });
  for (const file of FILES) await writeFile(join(out, file), `the bytes of ${file}\n`);
  await symlink(join(out, 'index.html'), join(out, 'link.html'));
  // Times a second in the past: a change made by the test moves them.
  const past = new Date(Date.now() - 60_000);
  for (const file of FILES) await utimes(join(out, file), past, past);
  await recordBuild(cache, out, 'fingerprint', {
    hashes: new Map(FILES.map((file) => [join(out, file), hashOf(file)])),
  });
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('stamps taken on a thread', () => {
  it('are, for a file, a folder, a link and a missing path, what a stat on this thread gives', async () => {
    const paths = [...FILES, 'docs', 'link.html', 'missing.html', 'index.html/under'].map((name) => join(out, name));
    const stamps = await takeStamps(paths).taken;
    expect(stamps).toBeInstanceOf(Float64Array);
    const read = paths.map((_, i) => (stamps![2 * i]! < 0 ? undefined : [stamps![2 * i], stamps![2 * i + 1]]));
    expect(read).toEqual(paths.map((path) => stampNow(path)));
    // Files have stamps; the folder, the link and the missing paths do not.
    expect(read.slice(0, FILES.length).every((stamp) => stamp !== undefined)).toBe(true);
    expect(read.slice(FILES.length)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('tell the writer the same files unchanged as a stat at the write, and a file edited by hand before it changed', async () => {
    await writeFile(join(out, 'docs/b.md'), 'edited by hand, same length!');
    const onThread = (await previousOutput(cache, out, 0))!;
    const here = (await previousOutput(cache, out, Number.POSITIVE_INFINITY))!;
    await onThread.settle!(true);
    await here.settle!(true);
    const answers = (previous: typeof here) => FILES.map((file) => previous.unchanged(join(out, file), hashOf(file)));
    expect(answers(onThread)).toEqual(answers(here));
    expect(answers(onThread).map((stamp) => stamp !== undefined)).toEqual([true, true, false, true]);
    // Another hash than the recorded one is never unchanged.
    expect(onThread.unchanged(join(out, 'index.html'), 'another hash')).toBeUndefined();
  });

  it('list each tree as the writer lists it, and not a tree that is not there', async () => {
    // A folder left empty, a file below two folders, a link: each as the writer's own listing has it.
    await mkdir(join(out, 'empty'), { recursive: true });
    await mkdir(join(out, 'deep/er'), { recursive: true });
    await writeFile(join(out, 'deep/er/page.html'), 'deep\n');
    const missing = join(work, 'not-there');
    const { listed } = takeStamps([], [out, missing]);
    const listings = await listed;
    expect(listings.get(out)).toEqual(nodeFileSystem.list!(out));
    expect([...listings.get(out)!.dirs].sort()).toEqual(['deep', 'deep/er', 'docs', 'empty']);
    expect(listings.get(out)!.files).toContain('link.html');
    expect(listings.has(missing)).toBe(false);
    // The record's trees are listed beside the build, and kept only when settled fresh.
    const previous = (await previousOutput(cache, out, 0))!;
    expect(previous.listed!(out)).toBeUndefined();
    await previous.settle!(true);
    expect(previous.listed!(out)).toEqual(nodeFileSystem.list!(out));
    await previous.settle!(false);
    expect(previous.listed!(out)).toBeUndefined();
  });

  it('are dropped when the trees changed after they were taken (a half-applied write completed)', async () => {
    const previous = (await previousOutput(cache, out, 0))!;
    await previous.settle!(true);
    expect(previous.unchanged(join(out, 'llms.txt'), hashOf('llms.txt'))).toBeDefined();
    // Taken before the change: on the thread's word the file would be left in place.
    await writeFile(join(out, 'llms.txt'), 'moved in by completing a journal');
    await previous.settle!(false);
    expect(previous.unchanged(join(out, 'llms.txt'), hashOf('llms.txt'))).toBeUndefined();
    expect(previous.unchanged(join(out, 'index.html'), hashOf('index.html'))).toBeDefined();
  });
});
