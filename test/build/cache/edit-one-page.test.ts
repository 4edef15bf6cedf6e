// A rebuild after one page of a 1,000-page content set changed: only that page's file is read and guarded, that page
// is rendered again, only its own files and the files that list it are checked and written, every other file of the
// tree is left in place untouched (the changed ones are staged and moved in by the write journal), and the result is
// the tree a clean build makes.
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR, hostTreeDir } from '../../../generator/build/files/project-paths.js';
import { kinds } from '../../../generator/build/kinds.js';
import { build, type PipelineResult } from '../../../generator/build/pipeline.js';
import { writeContentSet } from '../../../bench/synthetic/content-set.js';
import { syntheticPage } from '../../../bench/synthetic/pages.js';
import { type PageContextData, shardFileOf } from '../../../generator/runtime/query-routes/index.js';
import { passFileClock } from '../../helpers/file-clock.js';

const PAGES = 1000;
let work: string;
let contentDir: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'edit-one-page-'));
  ({ contentDir } = await writeContentSet(join(work, 'set'), DEFAULT_CONTENT_DIR, PAGES, { contentOnly: true }));
  // Files written in the clock's tick the build starts in cannot be told by their stat: the set is older than that.
  passFileClock(work, contentDir);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Every file of the output trees (the site's and the other hosts'), with its inode. */
function inodes(outDir: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const root of [outDir, `${outDir}-hosts`]) {
    let names: string[] = [];
    try {
      names = readdirSync(root, { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const name of names) found.set(join(root, name), -1);
  }
  return found;
}

async function withInodes(outDir: string): Promise<Map<string, number>> {
  const found = inodes(outDir);
  for (const path of found.keys()) {
    const stats = await stat(path);
    if (stats.isFile()) found.set(path, stats.ino);
    else found.delete(path);
  }
  return found;
}

function ok(result: PipelineResult): PipelineResult {
  expect(result.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
  return result;
}

describe('editing one page of 1,000', () => {
  it('renders that page, and checks and writes only its files and the files that list it', async () => {
    const outDir = join(work, 'dist');
    const cacheDir = join(work, 'cache');
    const options = { env: 'production' as const, contentDir, outDir, cacheDir };
    const cold = ok(await build(options));
    expect(cold.written!.linked).toBe(0);
    const before = await withInodes(outDir);

    // The render cache's packs are older than the rebuild's clock, as they are when a person edits after a build.
    passFileClock(work, join(cacheDir, 'render'));
    const edited = syntheticPage(Math.floor(PAGES / 2), PAGES);
    const path = `/${edited.section}/${edited.slug}`;
    await appendFile(join(contentDir, 'pages', edited.section, `${edited.slug}.md`), '\nAn edited paragraph.\n');
    const rebuilt = ok(await build(options));
    const after = await withInodes(outDir);

    // Read: the edited page's file alone was opened (the others' stats were the ones the last build saw), parsed,
    // checked against its schema and judged by the boundaries guard; every other page, and every content YAML file,
    // was taken as the last build loaded it.
    const yamlFiles = cold.loaded!.yamlFiles!;
    expect(cold.loaded!.yamlGuarded).toBeGreaterThan(0);
    expect(cold.loaded).toMatchObject({
      pages: cold.model!.pages.length,
      opened: cold.model!.pages.length,
      read: cold.model!.pages.length,
      guarded: cold.model!.pages.length,
      yamlFiles,
      yamlOpened: yamlFiles,
      yamlRead: yamlFiles,
    });
    expect(rebuilt.loaded).toEqual({
      pages: cold.model!.pages.length,
      opened: 1,
      read: 1,
      guarded: 1,
      yamlFiles,
      yamlOpened: 0,
      yamlRead: 0,
      yamlGuarded: 0,
      // No stage read a kept page's body: none was decoded from the kept pages' bodies file.
      bodiesRead: 0,
    });

    // Rendered: the edited page alone. Of the other pages, the render cache read the records of only the few that
    // some check judges at every build: the others' bytes were neither checked nor written, so never read.
    expect(rebuilt.renderStats).toMatchObject({
      pages: cold.renderStats!.pages,
      fromCache: cold.renderStats!.pages - 1,
    });
    expect(rebuilt.renderStats!.recordsRead).toBeLessThan(10);

    // Emitted: the files made from the scope alone (indexes, catalogs, CDN files) were taken from the last build.
    expect(rebuilt.emitted!.kept).toBeGreaterThan(5);

    // Written: the files whose inode is new. Each is the page's own or names the page (an index that lists it).
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const written = [...after].filter(([file, ino]) => before.get(file) !== ino).map(([file]) => file);
    expect(written.length).toBe(rebuilt.written!.files - rebuilt.written!.linked);
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(16);
    // The files that describe the other files' bytes (deployment manifest and budgets, edge table) come last in
    // the emit stage and change with any of them.
    const describing = new Set(
      rebuilt
        .registry!.entries.filter((entry) => kinds[entry.kind]?.emitLast)
        .map((entry) => resolve(hostTreeDir(outDir, entry.host), entry.file)),
    );
    for (const file of written) {
      const own = relative(work, file).includes(edited.slug);
      const lists = (await readFile(file, 'utf8')).includes(path);
      expect({ file: relative(work, file), ownOrListing: own || lists || describing.has(resolve(file)) }).toEqual({
        file: relative(work, file),
        ownOrListing: true,
      });
    }
    expect(written.some((file) => file.endsWith(`${edited.slug}.html`))).toBe(true);
    // Of the page contexts' shards, at most the ones of the page and its twin (the others are the last tree's files).
    const data = JSON.parse(await readFile(join(outDir, '_agent/page-context.json'), 'utf8')) as PageContextData;
    expect(data.contexts.shards).toBeGreaterThan(1);
    const own = [path, `${path}.md`].map((p) => join(outDir, shardFileOf(data.contexts, p)));
    for (const file of written.filter((f) => f.includes('/_agent/page-context/'))) expect(own).toContain(file);
    expect(written.some((file) => file.endsWith(`${edited.slug}.md`))).toBe(true);

    // Checked: the texts judged again are those of the written files; every other verdict is the last build's.
    const writtenDisplays = new Set(written.map((file) => relative(work, file).replace(/^dist-hosts\/[^/]+\//, '')));
    expect(rebuilt.checks!.judgedFiles.length).toBeGreaterThan(0);
    for (const display of rebuilt.checks!.judgedFiles) {
      const name = display.replace(/^dist(-hosts\/[^/]+)?\//, '');
      expect({ display, written: [...writtenDisplays].some((w) => w.endsWith(name)) }).toEqual({
        display,
        written: true,
      });
    }
    expect(rebuilt.checks!.kept).toBeGreaterThan(cold.checks!.judged / 2);

    // The same bytes as a clean build of the edited content.
    const clean = ok(await build({ ...options, outDir: join(work, 'clean'), cacheDir: join(work, 'clean-cache') }));
    expect(clean.written!.files).toBe(rebuilt.written!.files);
    const cleanFiles = await withInodes(join(work, 'clean'));
    expect(cleanFiles.size).toBe(after.size);
    for (const file of after.keys()) {
      const same = join(work, relative(work, file).replace(/^dist/, 'clean'));
      expect({ file, bytes: await readFile(file) }).toEqual({ file, bytes: await readFile(same) });
    }

    // A new description changes the page's context: its shards are written again, no other shard.
    const source = join(contentDir, 'pages', edited.section, `${edited.slug}.md`);
    await writeFile(source, (await readFile(source, 'utf8')).replace(/^description: .*$/m, 'description: Edited.'));
    ok(await build(options));
    const described = await withInodes(outDir);
    const shards = [...described]
      .filter(([file, ino]) => file.includes('/_agent/page-context/') && after.get(file) !== ino)
      .map(([file]) => file);
    expect(shards.length).toBeGreaterThan(0);
    for (const file of shards) expect(own).toContain(file);
  }, 420_000);
});
