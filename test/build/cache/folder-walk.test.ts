// One walk of the content folder per build: the build's fingerprint lists the folder and stats each file once, and
// the load takes both from it (no second listing, no second stat of a file); the walk lists what the load and the
// fingerprint listed before (dot-files left to the fingerprint, links not followed).
import { appendFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathInFolder, walkFolder } from '../../../generator/build/cache/folder-walk.js';
import { build } from '../../../generator/build/pipeline.js';
import { copyContent } from '../../helpers/content.js';
import { passFileClock } from '../../helpers/file-clock.js';

/** Every stat and listing the build makes through node:fs, by path. */
const calls = vi.hoisted(() => ({ stats: new Map<string, number>(), listings: new Map<string, number>() }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const count = (map: Map<string, number>, path: unknown) => map.set(String(path), (map.get(String(path)) ?? 0) + 1);
  const wrapped = {
    ...fs,
    statSync: ((path: string, ...rest: unknown[]) => {
      count(calls.stats, path);
      return (fs.statSync as (...args: unknown[]) => unknown)(path, ...rest);
    }) as typeof fs.statSync,
    lstatSync: ((path: string, ...rest: unknown[]) => {
      count(calls.stats, path);
      return (fs.lstatSync as (...args: unknown[]) => unknown)(path, ...rest);
    }) as typeof fs.lstatSync,
    readdirSync: ((path: string, ...rest: unknown[]) => {
      count(calls.listings, path);
      return (fs.readdirSync as (...args: unknown[]) => unknown)(path, ...rest);
    }) as typeof fs.readdirSync,
  };
  return { ...wrapped, default: wrapped };
});

let contentDir = '';
let work = '';

beforeEach(async () => {
  contentDir = await copyContent();
  work = await mkdtemp(join(tmpdir(), 'folder-walk-'));
  passFileClock(work, contentDir);
});
afterEach(async () => {
  await rm(join(contentDir, '..'), { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

describe('one walk of the content folder per build', () => {
  it('lists the content folder once and stats each page file once in a rebuild after an edit', async () => {
    const options = {
      env: 'production' as const,
      contentDir,
      outDir: join(work, 'dist'),
      cacheDir: join(work, 'cache'),
    };
    expect((await build(options)).diagnostics.hasErrors).toBe(false);
    await appendFile(join(contentDir, 'pages', 'help', 'reading-errors.md'), '\nOne more sentence.\n');
    calls.stats.clear();
    calls.listings.clear();
    const rebuilt = await build(options);
    expect(rebuilt.diagnostics.hasErrors).toBe(false);
    expect(rebuilt.loaded).toMatchObject({ opened: 1, read: 1 });
    expect(calls.listings.get(contentDir)).toBe(1);
    const pageStats = [...calls.stats].filter(([path]) => path.startsWith(join(contentDir, 'pages')));
    expect(pageStats.length).toBe(rebuilt.loaded!.pages);
    expect(pageStats.filter(([, n]) => n > 1)).toEqual([]);
  });
});

describe('the walk', () => {
  it('lists every entry by its path, links as links (not followed), files with their identity', async () => {
    const dir = join(work, 'walked');
    await mkdir(join(dir, 'a', '.hidden'), { recursive: true });
    await writeFile(join(dir, 'a', 'b.md'), 'b');
    await writeFile(join(dir, 'a', '.hidden', 'c.md'), 'c');
    await writeFile(join(dir, 'z.yaml'), 'z: 1');
    await symlink('/', join(dir, 'a', 'root'));
    const walk = walkFolder(dir, 0n);
    expect(walk.entries.map((e) => [e.rel, e.type])).toEqual([
      ['a', 'folder'],
      ['a/.hidden', 'folder'],
      ['a/.hidden/c.md', 'file'],
      ['a/b.md', 'file'],
      ['a/root', 'link'],
      ['z.yaml', 'file'],
    ]);
    expect(walk.entries.filter((e) => e.type === 'file').every((e) => e.identity && e.settled === false)).toBe(true);
    // The same entries whichever way the folder is named.
    const rels = (given: string) => walkFolder(given, 0n).entries.map((e) => e.rel);
    expect(rels(`${dir}/`)).toEqual(rels(dir));
    expect(rels(join(dir, 'a', '..'))).toEqual(rels(dir));
    expect(walkFolder(join(work, 'missing'), 0n).entries).toEqual([]);
  });
});

describe('a path in the walked folder', () => {
  it('is the string path.join makes of the folder and the entry, however the folder is written', () => {
    const rels = ['a.md', 'pages/docs/errors.md', 'static/img/logo.svg'];
    const folders = [
      '/srv/site/content',
      '/srv/site/content/',
      '/srv/site/x/../content',
      'content',
      './content/',
      '.',
      '/',
    ];
    for (const dir of folders) {
      const pathOf = pathInFolder(dir);
      for (const rel of rels) expect(pathOf(rel)).toBe(join(dir, rel));
    }
  });
});
