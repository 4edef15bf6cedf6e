// The build's fingerprint from files known by their stat: an unchanged input file is not read again, a changed one
// always is (its ctime moves even when its size and modification time are put back), and one whose time is not older
// than the walk that saw it is read every time; the fingerprint is the one reading every file gives.
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR } from '../../../generator/build/files/project-paths.js';
import { FileHashes } from '../../../generator/build/cache/file-hashes.js';
import { hashFolder, hashWalk } from '../../../generator/build/cache/fingerprint.js';
import { walkFolder } from '../../../generator/build/cache/folder-walk.js';
import { build } from '../../../generator/build/pipeline.js';
import { passFileClock } from '../../helpers/file-clock.js';

let work = '';
let content = '';
const PAGE = 'pages/help/reading-errors.md';

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'file-hashes-'));
  content = join(work, 'content');
  await cp(DEFAULT_CONTENT_DIR, content, { recursive: true });
  passFileClock(work, content);
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

/** One walk of the content folder with the hashes kept in the cache folder: its digest and what it read. */
async function walk(): Promise<{ digest: string; opened: number; known: number }> {
  const known = await FileHashes.load(join(work, 'cache'));
  const hash = createHash('sha256');
  await hashFolder(hash, content, known);
  await known.save();
  return { digest: hash.digest('hex'), ...known.counts };
}

/** The digest a walk that reads every file gives (a cache folder of its own, empty). */
async function freshDigest(): Promise<string> {
  const known = await FileHashes.load(join(work, `fresh-${Math.random()}`));
  const hash = createHash('sha256');
  await hashFolder(hash, content, known);
  return hash.digest('hex');
}

describe('input files known by their stat', () => {
  it('reads an unchanged content folder once: the next walk opens no file and gives the same digest', async () => {
    const first = await walk();
    expect(first.opened).toBeGreaterThan(10);
    expect(first.known).toBe(0);
    const second = await walk();
    expect(second).toEqual({ digest: first.digest, opened: 0, known: first.opened });
  });

  it('reads a file whose bytes changed with its size and modification time put back, and the digest moves', async () => {
    const path = join(content, PAGE);
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    await utimes(path, hourAgo, hourAgo);
    passFileClock(work, path);
    const first = await walk();
    expect((await walk()).opened).toBe(0);
    const before = await stat(path, { bigint: true });
    await writeFile(path, (await readFile(path, 'utf8')).replace('## The error object', '## The ERROR object'));
    await utimes(path, hourAgo, hourAgo);
    const after = await stat(path, { bigint: true });
    expect([after.ino, after.size, after.mtimeNs]).toEqual([before.ino, before.size, before.mtimeNs]);
    const second = await walk();
    expect(second.opened).toBe(1);
    expect(second.digest).not.toBe(first.digest);
    expect(second.digest).toBe(await freshDigest());
  });

  it('gives the same digest however many files’ lines are hashed in one call', async () => {
    await walk();
    const known = await FileHashes.load(join(work, 'cache'));
    const digests = [1, 2, 7, 4096].map((together) => {
      const hash = createHash('sha256');
      hashWalk(hash, walkFolder(content, known.start), known, together);
      return hash.digest('hex');
    });
    expect(new Set(digests).size).toBe(1);
    expect(digests[0]).toBe(await freshDigest());
  });

  it('reads again a file whose entry is of another shape, and a record of another layout as none', async () => {
    const first = await walk();
    const record = join(work, 'cache', 'file-hashes.json');
    const { files } = JSON.parse(await readFile(record, 'utf8')) as { files: [string, string, string][] };
    expect(files).toHaveLength(first.opened);
    // One entry without its hash, one with a number for its identity: those two files are read again.
    files[0] = [files[0]![0], files[0]![1]] as unknown as [string, string, string];
    files[1] = [files[1]![0], 7, files[1]![2]] as unknown as [string, string, string];
    await writeFile(record, JSON.stringify({ files }));
    const second = await walk();
    expect(second).toEqual({ digest: first.digest, opened: 2, known: first.opened - 2 });
    // The layout of an earlier build (an object keyed by path): every file is read once, then known again.
    await writeFile(
      record,
      JSON.stringify({ files: Object.fromEntries(files.map(([path, ...known]) => [path, known])) }),
    );
    expect(await walk()).toEqual({ digest: first.digest, opened: first.opened, known: 0 });
    expect(await walk()).toEqual({ digest: first.digest, opened: 0, known: first.opened });
  });

  it('reads every time a file whose time is not older than the walk that saw it', async () => {
    const future = new Date(Date.now() + 3_600_000);
    await utimes(join(content, PAGE), future, future);
    await walk();
    expect((await walk()).opened).toBe(1);
    expect((await walk()).opened).toBe(1);
  });

  it('does not write the whole record again for a few files read among many: they are read again next time', async () => {
    const many = join(content, 'pages', 'many');
    await mkdir(many);
    for (let i = 0; i < 300; i++) await writeFile(join(many, `p-${i}.md`), `page ${i}\n`);
    passFileClock(work, content);
    const first = await walk();
    const record = join(work, 'cache', 'file-hashes.json');
    const saved = await stat(record, { bigint: true });
    await writeFile(join(many, 'p-7.md'), 'page seven\n');
    passFileClock(work, content);
    const second = await walk();
    expect(second.opened).toBe(1);
    expect(second.digest).not.toBe(first.digest);
    const now = await stat(record, { bigint: true });
    expect([now.ino, now.mtimeNs, now.size]).toEqual([saved.ino, saved.mtimeNs, saved.size]);
    const third = await walk();
    expect(third).toEqual({ digest: second.digest, opened: 1, known: first.opened - 1 });
    expect(third.digest).toBe(await freshDigest());
  });

  it('rebuilds a site whose page changed with its size and modification time put back', async () => {
    const path = join(content, PAGE);
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    await utimes(path, hourAgo, hourAgo);
    passFileClock(work, path);
    const options = {
      env: 'production' as const,
      contentDir: content,
      outDir: join(work, 'dist'),
      cacheDir: join(work, 'cache'),
    };
    expect((await build(options)).diagnostics.hasErrors).toBe(false);
    expect((await build(options)).upToDate).toBe(true);
    await writeFile(path, (await readFile(path, 'utf8')).replace('## The error object', '## The ERROR object'));
    await utimes(path, hourAgo, hourAgo);
    const rebuilt = await build(options);
    expect(rebuilt.upToDate).toBeUndefined();
    expect(await readFile(join(work, 'dist', 'help', 'reading-errors.md'), 'utf8')).toContain('The ERROR object');
  }, 60_000);
});
