// The write stage with a previous tree in place: only the changed files are staged; once every one is staged, a
// journal names what goes where and they are moved into place, the files the new tree no longer has removed. A build
// that fails before leaves the tree exactly as it was; one interrupted while applying is completed by the next.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeFileSystem, type OutputFileSystem } from '../../../generator/build/files/file-system.js';
import type { FileStamp, PreviousOutput } from '../../../generator/build/cache/build-record.js';
import { completePendingWrite, contentHash, writeTrees } from '../../../generator/build/write/write-tree.js';
import { digestOf } from '../../../generator/build/cache/fingerprint.js';

let root = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** A tree in place as the last good build recorded it: each file's hash with its size and time now. */
async function recorded(dir: string): Promise<PreviousOutput> {
  const byPath = new Map<string, { hash: string; stamp: FileStamp }>();
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = resolve(dir, rel);
    const stats = statSync(path);
    if (!stats.isFile()) continue;
    byPath.set(path, { hash: contentHash(await readFile(path)), stamp: [stats.size, stats.mtimeMs] });
  }
  return {
    unchanged(path, hash) {
      const known = byPath.get(path);
      if (!known || known.hash !== hash) return undefined;
      const stats = statSync(path, { throwIfNoEntry: false });
      return stats && stats.size === known.stamp[0] && stats.mtimeMs === known.stamp[1] ? known.stamp : undefined;
    },
  };
}

/** Every file under `dir` with its bytes and inode. */
function snapshot(dir: string): Map<string, { text: string; ino: number }> {
  const files = new Map<string, { text: string; ino: number }>();
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(dir, rel);
    const stats = statSync(path);
    if (stats.isFile()) files.set(rel, { text: readFileSync(path, 'utf8'), ino: stats.ino });
  }
  return files;
}

/** The node file system, counting what it is asked to do. */
function counting(): { fs: OutputFileSystem; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  const fs = Object.fromEntries(
    Object.entries(nodeFileSystem).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        count(name);
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as OutputFileSystem;
  return { fs, calls };
}

async function previousTree(): Promise<{ dir: string; journal: string }> {
  root = await mkdtemp(join(tmpdir(), 'write-in-place-'));
  const dir = join(root, 'dist');
  await mkdir(join(dir, 'help'), { recursive: true });
  await mkdir(join(dir, 'old'), { recursive: true });
  await writeFile(join(dir, 'same.txt'), 'same');
  await writeFile(join(dir, 'help', 'same.html'), '<p>same</p>');
  await writeFile(join(dir, 'changed.txt'), 'before');
  await writeFile(join(dir, 'old', 'gone.txt'), 'gone');
  return { dir, journal: join(root, 'dist.build-journal.json') };
}

const NEW_FILES = new Map<string, string>([
  ['same.txt', 'same'],
  ['help/same.html', '<p>same</p>'],
  ['changed.txt', 'after'],
  ['new/added.txt', 'added'],
]);

/** A write of NEW_FILES killed after its first move into place: it leaves its journal. */
async function interruptedWrite(dir: string, journal: string): Promise<void> {
  let moves = 0;
  const crashing: OutputFileSystem = {
    ...nodeFileSystem,
    moveSync(from, to) {
      if (++moves === 2) throw new Error('killed');
      nodeFileSystem.moveSync!(from, to);
    },
  };
  await expect(
    writeTrees([{ dir, files: NEW_FILES }], crashing, { previous: await recorded(dir), journal }),
  ).rejects.toThrow(/killed/);
}

describe('writing over a previous tree in place', () => {
  it('stages and moves only the changed files, removes the files no longer built, and leaves the others untouched', async () => {
    const { dir, journal } = await previousTree();
    const before = snapshot(dir);
    const { fs, calls } = counting();
    const result = await writeTrees(
      [
        {
          dir,
          files: new Map([...NEW_FILES].filter(([f]) => !f.startsWith('help/'))),
          streams: [() => [{ file: 'help/same.html', body: '<p>same</p>' }]],
        },
      ],
      fs,
      { previous: await recorded(dir), journal },
    );
    const after = snapshot(dir);
    expect([...after.keys()]).toEqual(['changed.txt', 'help/same.html', 'new/added.txt', 'same.txt']);
    expect(after.get('changed.txt')!.text).toBe('after');
    expect(after.get('new/added.txt')!.text).toBe('added');
    // Untouched: the same inode, never linked or written.
    expect(after.get('same.txt')!.ino).toBe(before.get('same.txt')!.ino);
    expect(after.get('help/same.html')!.ino).toBe(before.get('help/same.html')!.ino);
    expect(calls.get('linkSync') ?? 0).toBe(0);
    expect(result.linked).toBe(2);
    expect(result.hashes.size).toBe(4);
    // Every file counted with its size, those left in place too.
    const bytes = [...NEW_FILES.values()].reduce((sum, body) => sum + Buffer.byteLength(body), 0);
    expect(result.trees).toEqual([{ dir, files: 4, bytes }]);
    // No empty folder, no staging folder and no journal left behind.
    expect(existsSync(join(dir, 'old'))).toBe(false);
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it('makes no streamed file whose digest the tree in place holds: only the changed ones are made and written', async () => {
    const { dir, journal } = await previousTree();
    const before = snapshot(dir);
    const bodies = new Map([
      ['help/same.html', '<p>same</p>'],
      ['changed.txt', 'after, from a stream'],
    ]);
    const made: string[] = [];
    const stream = {
      digests: () => new Map([...bodies].map(([file, body]) => [file, digestOf(body)])),
      file(file: string) {
        made.push(file);
        return bodies.get(file);
      },
    };
    const result = await writeTrees(
      [{ dir, files: new Map([['same.txt', 'same']]), streams: [stream] }],
      nodeFileSystem,
      {
        previous: await recorded(dir),
        journal,
      },
    );
    expect(made).toEqual(['changed.txt']);
    const after = snapshot(dir);
    expect(after.get('changed.txt')!.text).toBe('after, from a stream');
    expect(after.get('help/same.html')!.ino).toBe(before.get('help/same.html')!.ino);
    // Counted with the size its digest gives, although its text was never made.
    const bytes = ['same', ...bodies.values()].reduce((sum, body) => sum + Buffer.byteLength(body), 0);
    expect(result.trees).toEqual([{ dir, files: 3, bytes }]);
  });

  it('leaves the tree exactly as it was when staging fails, and leaves no journal', async () => {
    const { dir, journal } = await previousTree();
    const before = snapshot(dir);
    const failing: OutputFileSystem = {
      ...nodeFileSystem,
      async writeFile(path, body) {
        if (path.endsWith('added.txt')) throw new Error('disk full');
        await nodeFileSystem.writeFile(path, body);
      },
    };
    await expect(
      writeTrees([{ dir, files: NEW_FILES }], failing, { previous: await recorded(dir), journal }),
    ).rejects.toThrow('disk full');
    expect(snapshot(dir)).toEqual(before);
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it('completes an apply that was interrupted half-way, on the next run', async () => {
    const { dir, journal } = await previousTree();
    await interruptedWrite(dir, journal);
    expect(existsSync(journal)).toBe(true);
    expect(await completePendingWrite(journal, nodeFileSystem)).toBe(true);
    const after = snapshot(dir);
    expect(Object.fromEntries([...after].map(([f, { text }]) => [f, text]))).toEqual(Object.fromEntries(NEW_FILES));
    expect((await readdir(root)).sort()).toEqual(['dist']);
    // Nothing pending any more.
    expect(await completePendingWrite(journal, nodeFileSystem)).toBe(false);
  });

  it('tells stamps taken beside the build that they are stale when it completes a pending write first', async () => {
    const { dir, journal } = await previousTree();
    await interruptedWrite(dir, journal);
    const settled: boolean[] = [];
    const watching = async (): Promise<PreviousOutput> => ({
      ...(await recorded(dir)),
      settle: async (fresh) => void settled.push(fresh),
    });
    // The journal is completed first: stamps taken before it are dropped.
    await writeTrees([{ dir, files: NEW_FILES }], nodeFileSystem, { previous: await watching(), journal });
    // Nothing pending: they are the trees' stamps.
    await writeTrees([{ dir, files: NEW_FILES }], nodeFileSystem, { previous: await watching(), journal });
    expect(settled).toEqual([false, true]);
  });

  it('stages the whole tree and swaps it in when a file becomes a folder', async () => {
    const { dir, journal } = await previousTree();
    const files = new Map([...NEW_FILES, ['same.txt/inner.txt', 'x']]);
    files.delete('same.txt');
    await writeTrees([{ dir, files }], nodeFileSystem, { previous: await recorded(dir), journal });
    const after = snapshot(dir);
    expect(Object.fromEntries([...after].map(([f, { text }]) => [relative('.', f), text]))).toEqual(
      Object.fromEntries(files),
    );
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it('takes the hash of a text from the checks when they made it already, and makes it otherwise', async () => {
    const { dir, journal } = await previousTree();
    const hashOf = (file: string) => (file === 'changed.txt' ? 'hash-told-by-the-checks' : undefined);
    const result = await writeTrees([{ dir, files: NEW_FILES, hashOf }], nodeFileSystem, {
      previous: await recorded(dir),
      journal,
    });
    expect(result.hashes.get(join(dir, 'changed.txt'))).toBe('hash-told-by-the-checks');
    expect(result.hashes.get(join(dir, 'same.txt'))).toBe(contentHash('same'));
  });
});
