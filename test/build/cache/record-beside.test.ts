// The build record after a rebuild written in place: what changed is kept beside the record's file while it is little,
// and the record read back (its file with what is beside it) is always what a listing of the output folders finds.
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRecord, recordBuild } from '../../../generator/build/cache/build-record.js';
import { besideAfter, type Output, withBeside } from '../../../generator/build/cache/record-beside.js';

describe('withBeside', () => {
  it('leaves out the removed files, puts each written one in place of the listed one or where its name sorts', () => {
    const listed: Output[] = [
      ['dist/a.html', 1, 10, 'a'],
      ['dist/b.html', 2, 20, 'b'],
      ['dist/c.html', 3, 30, 'c'],
    ];
    const merged = withBeside(listed, {
      outputs: [
        ['dist/0.html', 9, 90, 'zero'],
        ['dist/b.html', 5, 50, 'b2'],
        ['dist/bb.html', 6, 60, 'bb'],
        ['dist/d.html', 7, 70, 'd'],
      ],
      removed: ['dist/c.html', 'dist/never-listed.html'],
    });
    expect(merged).toEqual([
      ['dist/0.html', 9, 90, 'zero'],
      ['dist/a.html', 1, 10, 'a'],
      ['dist/b.html', 5, 50, 'b2'],
      ['dist/bb.html', 6, 60, 'bb'],
      ['dist/d.html', 7, 70, 'd'],
    ]);
  });
});

describe('besideAfter', () => {
  it('puts this rebuild over what was kept beside: a file written again is kept once, a file removed is no longer written', () => {
    const kept = {
      outputs: [['dist/a.html', 1, 1, 'a1'] as Output, ['dist/b.html', 1, 1, 'b1'] as Output],
      removed: ['dist/c.html'],
    };
    const after = besideAfter(
      kept,
      {
        written: [
          ['dist/a.html', 2, 2, 'a2'],
          ['dist/c.html', 3, 3, 'c3'],
        ],
        removed: ['dist/b.html'],
      },
      100,
    );
    expect(after).toEqual({
      outputs: [
        ['dist/a.html', 2, 2, 'a2'],
        ['dist/c.html', 3, 3, 'c3'],
      ],
      removed: ['dist/b.html'],
    });
  });

  it('keeps nothing beside once the changes are no longer few beside the files the record file lists', () => {
    const written: Output[] = Array.from({ length: 3 }, (_, i) => [`dist/${i}.html`, i, i, `${i}`]);
    expect(besideAfter(undefined, { written, removed: [] }, 24)).toBeDefined();
    expect(besideAfter(undefined, { written, removed: [] }, 23)).toBeUndefined();
  });
});

describe('the record of a rebuild written in place', () => {
  let work = '';
  let out = '';
  let cache = '';
  const hashOf = (name: string) => `hash-of-${name}`;

  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'record-beside-'));
    out = join(work, 'dist');
    cache = join(work, 'cache');
    await mkdir(join(out, 'docs'), { recursive: true });
    for (const name of ['index.html', 'docs/a.html', 'docs/b.html', 'llms.txt']) await writeFile(join(out, name), name);
    await recordBuild(cache, out, 'first', { hashes: await hashesNow() });
  });
  afterEach(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** Every file of the output folder by path, with the hash a build would have told for it. */
  async function hashesNow(): Promise<Map<string, string>> {
    const names = (await readdir(out, { recursive: true, encoding: 'utf8' })).sort();
    const files = new Map<string, string>();
    for (const name of names) if ((await lstat(join(out, name))).isFile()) files.set(join(out, name), hashOf(name));
    return files;
  }

  /** The output folder as a listing finds it, as a record names its files. */
  async function listing(): Promise<Output[]> {
    const listed: Output[] = [];
    for (const [path, hash] of await hashesNow()) {
      const stats = await lstat(path);
      listed.push([`dist/${path.slice(out.length + 1)}`, stats.size, stats.mtimeMs, hash]);
    }
    return listed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  /** Changes the folder as a write in place would, and records it so. */
  async function rebuildInPlace(fingerprint: string, change: () => Promise<{ written: string[]; removed: string[] }>) {
    const recorded = (await readRecord(cache, out))!;
    const { written, removed } = await change();
    const hashes = await hashesNow();
    await recordBuild(cache, out, fingerprint, {
      hashes,
      notices: ['a notice'],
      inPlace: {
        recorded,
        written: new Map(written.map((name) => [join(out, name), hashOf(name)])),
        removed: removed.map((name) => join(out, name)),
        trees: [out],
        files: hashes.size,
      },
    });
  }

  /** Enough files that a change or two are few beside them, recorded whole under `fingerprint`. */
  async function recordTwentyPages(fingerprint: string) {
    for (let i = 0; i < 20; i++) await writeFile(join(out, 'docs', `page-${i}.html`), `page ${i}`);
    await recordBuild(cache, out, fingerprint, { hashes: await hashesNow() });
  }

  const besideFile = async () => (await readdir(join(cache, 'builds'))).filter((name) => name.endsWith('.more.json'));

  it('keeps the changes beside the record file, and reads back the record a listing finds', async () => {
    await recordTwentyPages('second');
    await rebuildInPlace('third', async () => {
      await writeFile(join(out, 'docs/a.html'), 'changed bytes');
      await writeFile(join(out, 'docs/new.html'), 'a new page');
      await unlink(join(out, 'docs/b.html'));
      return { written: ['docs/a.html', 'docs/new.html'], removed: ['docs/b.html'] };
    });
    expect(await besideFile()).toHaveLength(1);
    const read = (await readRecord(cache, out))!;
    expect(read.record.fingerprint).toBe('third');
    expect(read.record.notices).toEqual(['a notice']);
    expect(read.record.outputs).toEqual(await listing());
    // Asked for another build's fingerprint, there is no record to compare with.
    expect(await readRecord(cache, out, 'second')).toBeUndefined();
    expect((await readRecord(cache, out, 'third'))?.record.outputs).toEqual(await listing());
  });

  it('writes the record whole again, and nothing beside it, when the changes are many', async () => {
    await rebuildInPlace('second', async () => {
      for (const name of ['index.html', 'docs/a.html', 'docs/b.html']) await writeFile(join(out, name), `new ${name}`);
      return { written: ['index.html', 'docs/a.html', 'docs/b.html'], removed: [] };
    });
    expect(await besideFile()).toEqual([]);
    expect((await readRecord(cache, out))!.record.outputs).toEqual(await listing());
  });

  it('writes the record whole when a file it lists is gone and the rebuild did not remove it', async () => {
    await recordTwentyPages('second');
    await rebuildInPlace('third', async () => {
      // Removed by hand before the rebuild, which no longer makes it: not among the files it removed.
      await unlink(join(out, 'docs/b.html'));
      await writeFile(join(out, 'docs/a.html'), 'changed bytes');
      return { written: ['docs/a.html'], removed: [] };
    });
    expect(await besideFile()).toEqual([]);
    expect((await readRecord(cache, out))!.record.outputs).toEqual(await listing());
  });

  it('does not read what was kept beside another record file (one written whole since)', async () => {
    await recordTwentyPages('second');
    await rebuildInPlace('third', async () => {
      await writeFile(join(out, 'docs/a.html'), 'changed bytes');
      return { written: ['docs/a.html'], removed: [] };
    });
    const [beside] = await besideFile();
    const kept = await readFile(join(cache, 'builds', beside!), 'utf8');
    // A later build writes the record whole; a beside left from before it (as by a build stopped in between) is stale.
    await recordBuild(cache, out, 'fourth', { hashes: await hashesNow() });
    await writeFile(join(cache, 'builds', beside!), kept);
    const read = (await readRecord(cache, out))!;
    expect(read.beside).toBeUndefined();
    expect(read.record.fingerprint).toBe('fourth');
    expect(existsSync(join(cache, 'builds', beside!))).toBe(true);
  });
});
