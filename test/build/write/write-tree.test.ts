// The write stage: output folders are replaced only when every file of every tree was written.
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeFileSystem, type OutputFileSystem } from '../../../generator/build/files/file-system.js';
import { writeTrees } from '../../../generator/build/write/write-tree.js';

let root = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('writeTrees', () => {
  it('replaces the previous folder with exactly the new files', async () => {
    root = await mkdtemp(join(tmpdir(), 'write-'));
    const dir = join(root, 'dist');
    await mkdir(dir);
    await writeFile(join(dir, 'stale.txt'), 'old');
    await writeTrees(
      [
        {
          dir,
          files: new Map([
            ['a/b.txt', 'new'],
            ['c.json', '{}'],
          ]),
        },
      ],
      nodeFileSystem,
    );
    expect(await readFile(join(dir, 'a', 'b.txt'), 'utf8')).toBe('new');
    expect((await readdir(dir)).sort()).toEqual(['a', 'c.json']);
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it('leaves every previous folder untouched when a write fails', async () => {
    root = await mkdtemp(join(tmpdir(), 'write-'));
    const site = join(root, 'dist');
    const other = join(root, 'dist-hosts', 'mcp');
    await mkdir(site);
    await mkdir(other, { recursive: true });
    await writeFile(join(site, 'keep.txt'), 'previous site');
    await writeFile(join(other, 'keep.txt'), 'previous host');
    const failing: OutputFileSystem = {
      ...nodeFileSystem,
      async writeFile(path, body) {
        if (path.endsWith('boom.txt')) throw new Error('disk full');
        await nodeFileSystem.writeFile(path, body);
      },
    };
    await expect(
      writeTrees(
        [
          { dir: site, files: new Map([['new.txt', 'x']]) },
          { dir: other, files: new Map([['boom.txt', 'y']]) },
        ],
        failing,
      ),
    ).rejects.toThrow('disk full');
    expect(await readdir(site)).toEqual(['keep.txt']);
    expect(await readFile(join(other, 'keep.txt'), 'utf8')).toBe('previous host');
    expect((await readdir(root)).sort()).toEqual(['dist', 'dist-hosts']);
    expect(await readdir(join(root, 'dist-hosts'))).toEqual(['mcp']);
  });

  it('writes streamed files into the staging folder, taking each from the stream only after the last is written', async () => {
    root = await mkdtemp(join(tmpdir(), 'write-'));
    const dir = join(root, 'dist');
    const made: string[] = [];
    let pending = 0;
    function* stream() {
      for (const file of ['ctx/.json', 'ctx/a.json', 'ctx/a/b.json', 'ctx/a/b.md.json']) {
        // Never more than one made and not yet written.
        expect(pending).toBe(0);
        pending += 1;
        made.push(file);
        yield { file, body: `{"file":"${file}"}` };
      }
    }
    const counting: OutputFileSystem = {
      ...nodeFileSystem,
      writeSmallFileSync(path, body, makeDir) {
        nodeFileSystem.writeSmallFileSync!(path, body, makeDir);
        pending -= 1;
      },
    };
    await writeTrees([{ dir, files: new Map([['ctx.json', '{}']]), streams: [stream] }], counting);
    expect(made).toHaveLength(4);
    expect(await readFile(join(dir, 'ctx', 'a', 'b.md.json'), 'utf8')).toBe('{"file":"ctx/a/b.md.json"}');
    expect((await readdir(join(dir, 'ctx'))).sort()).toEqual(['.json', 'a', 'a.json']);
  });

  it('writes streams through mkdir and writeFile on a file system without synchronous writes', async () => {
    root = await mkdtemp(join(tmpdir(), 'write-'));
    const dir = join(root, 'dist');
    const { writeSmallFileSync: _unused, ...plain } = nodeFileSystem;
    await writeTrees([{ dir, files: new Map(), streams: [() => [{ file: 'x/y/z.json', body: '1' }]] }], plain);
    expect(await readFile(join(dir, 'x', 'y', 'z.json'), 'utf8')).toBe('1');
  });

  it('leaves the previous folder untouched when a stream fails half-way, or names a file outside the tree', async () => {
    root = await mkdtemp(join(tmpdir(), 'write-'));
    const dir = join(root, 'dist');
    await mkdir(dir);
    await writeFile(join(dir, 'keep.txt'), 'previous');
    function* failing() {
      yield { file: 'ctx/a.json', body: '{}' };
      throw new Error('context emitter broke');
    }
    await expect(
      writeTrees([{ dir, files: new Map([['new.txt', 'x']]), streams: [failing] }], nodeFileSystem),
    ).rejects.toThrow('context emitter broke');
    await expect(
      writeTrees(
        [{ dir, files: new Map(), streams: [() => [{ file: '../escape.json', body: '{}' }]] }],
        nodeFileSystem,
      ),
    ).rejects.toThrow(/Refusing/);
    expect(await readdir(dir)).toEqual(['keep.txt']);
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });
});
