// Pages kept across loads: an unchanged page file is taken as the last good load read it, and the boundaries guard
// keeps its verdict per page; any change to the file's bytes, the content schemas or the model reads or judges again,
// and a mistake is reported as it is without a cache folder.
import { cp, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_SCHEMA_DIR } from '../../../generator/build/files/project-paths.js';
import { loadProject } from '../../../generator/build/project.js';
import type { LoadStats } from '../../../generator/build/content/load.js';
import { settledBefore } from '../../../generator/build/cache/file-identity.js';
import { modelFacts, pageFactsDigest } from '../../../generator/build/cache/fingerprint.js';
import { factsDigestOf } from '../../../generator/build/cache/page-keys.js';
import { copyContent, editContent } from '../../helpers/content.js';
import { passFileClock } from '../../helpers/file-clock.js';

let contentDir = '';
let work = '';

beforeEach(async () => {
  contentDir = await copyContent();
  work = await mkdtemp(join(tmpdir(), 'kept-pages-'));
  passFileClock(work, contentDir);
});
afterEach(async () => {
  await rm(join(contentDir, '..'), { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

async function load(options: { cache?: boolean; schemaDir?: string } = {}) {
  const loadStats: LoadStats = { pages: 0, opened: 0, read: 0, guarded: 0 };
  const project = await loadProject({
    env: 'production',
    contentDir,
    schemaDir: options.schemaDir,
    cacheDir: options.cache === false ? undefined : join(work, 'cache'),
    loadStats,
  });
  const messages = project.diagnostics.list().map((m) => `${m.file}:${m.line}:${m.column} ${m.ruleId}`);
  return { model: project.model, stats: loadStats, messages };
}

const PAGE = 'pages/help/reading-errors.md';

describe('pages kept across loads', () => {
  it('takes every unchanged page as the last load read and guarded it: the same model as a load without cache', async () => {
    const first = await load();
    const pages = first.model!.pages.length;
    expect(first.stats).toMatchObject({ pages, opened: pages, read: pages, guarded: pages });
    const second = await load();
    expect(second.messages).toEqual([]);
    expect(second.stats).toMatchObject({ pages, opened: 0, read: 0, guarded: 0 });
    const uncached = await load({ cache: false });
    expect(JSON.stringify(second.model)).toBe(JSON.stringify(uncached.model));
    expect(JSON.stringify(first.model)).toBe(JSON.stringify(uncached.model));
  });

  it('reads and guards again only the page whose bytes changed', async () => {
    const first = await load();
    await editContent(contentDir, PAGE, '\n---\n', '\n---\n\nOne more sentence on reading errors.\n');
    const second = await load();
    expect(second.stats).toMatchObject({ pages: first.stats.pages, opened: 1, read: 1, guarded: 1 });
    expect(second.model!.pages.find((p) => p.source.file.endsWith(PAGE))!.body).toContain('One more sentence');
  });

  it('reports a page broken since the last load (front matter against its schema) as a load without cache does', async () => {
    await load();
    await editContent(contentDir, PAGE, 'title:', 'titel:');
    const kept = await load();
    const uncached = await load({ cache: false });
    expect(kept.model).toBeUndefined();
    expect(kept.messages.some((m) => m.includes('content-schema'))).toBe(true);
    expect(kept.messages).toEqual(uncached.messages);
  });

  it('reports a boundary claim added to a page since the last load, and judges it again once removed', async () => {
    const first = await load();
    const text = await readFile(join(contentDir, PAGE), 'utf8');
    await writeFile(join(contentDir, PAGE), `${text}\nYou can register a webhook to receive order events.\n`);
    const broken = await load();
    expect(broken.model).toBeUndefined();
    expect(broken.messages.filter((m) => m.includes('unpublished-interface'))).toHaveLength(1);
    expect(broken.messages).toEqual((await load({ cache: false })).messages);
    await writeFile(join(contentDir, PAGE), text);
    // The failed load kept nothing: the restored page is the one the last good load read.
    const restored = await load();
    expect(restored.messages).toEqual([]);
    expect(restored.stats).toMatchObject({ pages: first.stats.pages, read: 0, guarded: 0 });
  });

  it('guards every page again when the model changes, without reading them again', async () => {
    const first = await load();
    await editContent(contentDir, 'service.yaml', 'name: Example Platform', 'name: Example Platform Two');
    const second = await load();
    expect(second.messages).toEqual([]);
    expect(second.stats).toMatchObject({ pages: first.stats.pages, opened: 0, read: 0, guarded: first.stats.pages });
  });

  it('reads every page again when the content schemas change', async () => {
    const schemaDir = join(work, 'schemas');
    await cp(CONTENT_SCHEMA_DIR, schemaDir, { recursive: true });
    const first = await load({ schemaDir });
    const pageSchema = join(schemaDir, 'page.schema.json');
    const schema = JSON.parse(await readFile(pageSchema, 'utf8')) as { description?: string };
    await writeFile(pageSchema, JSON.stringify({ ...schema, description: `${schema.description ?? ''} (edited)` }));
    const second = await load({ schemaDir });
    expect(second.messages).toEqual([]);
    expect(second.stats).toMatchObject({
      pages: first.stats.pages,
      read: first.stats.pages,
      guarded: first.stats.pages,
    });
  });
});

describe('page files known by their stat', () => {
  const pageOf = (model: Awaited<ReturnType<typeof load>>['model']) =>
    model!.pages.find((p) => p.source.file.endsWith(PAGE))!;

  it('reads a page whose bytes changed with its size kept and its modification time put back (its ctime moved)', async () => {
    const path = join(contentDir, PAGE);
    // A time in whole seconds, an hour ago: put back to the nanosecond after the change.
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    await utimes(path, hourAgo, hourAgo);
    passFileClock(work, path);
    await load();
    expect((await load()).stats).toMatchObject({ opened: 0 });
    const before = await stat(path, { bigint: true });
    const text = await readFile(path, 'utf8');
    const changed = text.replace('## The error object', '## The ERROR object');
    expect(changed).not.toBe(text);
    await writeFile(path, changed);
    await utimes(path, hourAgo, hourAgo);
    const after = await stat(path, { bigint: true });
    expect([after.ino, after.size, after.mtimeNs]).toEqual([before.ino, before.size, before.mtimeNs]);
    expect(after.ctimeNs).not.toBe(before.ctimeNs);
    const second = await load();
    expect(second.stats).toMatchObject({ opened: 1, read: 1 });
    expect(pageOf(second.model).body).toContain('The ERROR object');
    expect(JSON.stringify(second.model)).toBe(JSON.stringify((await load({ cache: false })).model));
  });

  it('reads again a page file changed no earlier than the load that saw it (its time cannot tell a later change)', async () => {
    const path = join(contentDir, PAGE);
    // A modification time later than the load's start: as if written in the same instant as the load's stat.
    const future = new Date(Date.now() + 3_600_000);
    await utimes(path, future, future);
    await load();
    const second = await load();
    expect(second.stats).toMatchObject({ opened: 1, read: 0 });
    const third = await load();
    expect(third.stats).toMatchObject({ opened: 1, read: 0 });
    expect(JSON.stringify(third.model)).toBe(JSON.stringify((await load({ cache: false })).model));
  });

  it('reads a page file touched but unchanged, and keeps the page it read (its bytes are the kept ones)', async () => {
    const first = await load();
    const path = join(contentDir, PAGE);
    const past = new Date(Date.now() - 60_000);
    await utimes(path, past, past);
    const second = await load();
    expect(second.stats).toMatchObject({ pages: first.stats.pages, opened: 1, read: 0, guarded: 0 });
  });

  it('reads every page when the kept record names stats of pages it does not hold', async () => {
    const first = await load();
    const file = join(work, 'cache', 'pages-read.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { pages: Record<string, unknown> };
    await writeFile(file, JSON.stringify({ ...saved, pages: {} }));
    const second = await load();
    expect(second.messages).toEqual([]);
    expect(second.stats).toMatchObject({ opened: first.stats.pages, read: first.stats.pages });
    expect(JSON.stringify(second.model)).toBe(JSON.stringify(first.model));
  });

  it('trusts a stat only when both its times are strictly older than the instant the load began', () => {
    const at = (mtimeNs: bigint, ctimeNs: bigint) => ({ mtimeNs, ctimeNs });
    const start = 1_700_000_000_123_456_789n;
    expect(settledBefore(at(start - 1000n, start - 1000n), start)).toBe(true);
    expect(settledBefore(at(start, start - 1000n), start)).toBe(false);
    expect(settledBefore(at(start - 1000n, start), start)).toBe(false);
    expect(settledBefore(at(start + 1000n, start - 1000n), start)).toBe(false);
    // A ctime in whole seconds: a file system that keeps no fractions (or FAT's two seconds) may show a later change
    // as older than the start; a modification time in whole seconds was set by a tool and says nothing of that.
    const wholeSecondAgo = start - 1_123_456_789n;
    expect(settledBefore(at(wholeSecondAgo, start - 1_000_000n), start)).toBe(true);
    expect(settledBefore(at(wholeSecondAgo, wholeSecondAgo), start)).toBe(false);
    expect(settledBefore(at(wholeSecondAgo - 2_000_000_000n, wholeSecondAgo - 2_000_000_000n), start)).toBe(true);
  });

  it('keeps an edit beside the kept pages, without writing every page again, and reads each page once', async () => {
    const first = await load();
    const file = join(work, 'cache', 'pages-read.json');
    const whole = await stat(file, { bigint: true });
    for (const sentence of ['One more sentence.', 'Another sentence.']) {
      const text = await readFile(join(contentDir, PAGE), 'utf8');
      await writeFile(join(contentDir, PAGE), `${text}\n${sentence}\n`);
      passFileClock(work, join(contentDir, PAGE));
      const edited = await load();
      expect(edited.stats).toMatchObject({ opened: 1, read: 1 });
      expect(pageOf(edited.model).body).toContain(sentence);
      const after = await load();
      expect(after.stats).toMatchObject({ pages: first.stats.pages, opened: 0, read: 0, guarded: 0 });
      expect(JSON.stringify(after.model)).toBe(JSON.stringify((await load({ cache: false })).model));
    }
    const now = await stat(file, { bigint: true });
    expect([now.ino, now.mtimeNs, now.size]).toEqual([whole.ino, whole.mtimeNs, whole.size]);
  });
});

describe('what an edit keeps beside the kept pages', () => {
  const beside = () => join(work, 'cache', 'pages-read.more.json');
  const whole = () => join(work, 'cache', 'pages-read.json');
  const edit = async (rel: string, text: (before: string) => string) => {
    await writeFile(join(contentDir, rel), text(await readFile(join(contentDir, rel), 'utf8')));
    passFileClock(work, join(contentDir, rel));
  };

  it('keeps only the file’s new stat beside them when an edit is undone: its page is the file’s own again', async () => {
    await load();
    const original = await readFile(join(contentDir, PAGE), 'utf8');
    await edit(PAGE, (text) => `${text}\nOne more sentence.\n`);
    await load();
    const edited = JSON.parse(await readFile(beside(), 'utf8')) as { pages: object; files: object };
    expect([Object.keys(edited.pages).length, Object.keys(edited.files)]).toEqual([1, [PAGE.replace('pages/', '')]]);
    await edit(PAGE, () => original);
    await load();
    const undone = JSON.parse(await readFile(beside(), 'utf8')) as { pages: object; files: object };
    expect([Object.keys(undone.pages).length, Object.keys(undone.files)]).toEqual([0, [PAGE.replace('pages/', '')]]);
    const after = await load();
    expect(after.stats).toMatchObject({ opened: 0, read: 0 });
    expect(JSON.stringify(after.model)).toBe(JSON.stringify((await load({ cache: false })).model));
  });

  it('writes them whole, nothing beside, when more than an edit’s few pages changed', async () => {
    const first = await load();
    const before = await stat(whole(), { bigint: true });
    const pages = ['pages/help/reading-errors.md', 'pages/help/not-published.md', 'pages/help/connect-mcp-client.md'];
    for (const rel of pages) await edit(rel, (text) => `${text}\nOne more sentence.\n`);
    const edited = await load();
    expect(edited.stats).toMatchObject({ opened: 3, read: 3 });
    const after = await stat(whole(), { bigint: true });
    expect([after.ino, after.mtimeNs]).not.toEqual([before.ino, before.mtimeNs]);
    await expect(stat(beside())).rejects.toThrow();
    const again = await load();
    expect(again.stats).toMatchObject({ pages: first.stats.pages, opened: 0, read: 0 });
  });
});

describe('kept pages’ bodies', () => {
  const bodies = () => join(work, 'cache', 'pages-read.bodies');

  it('decodes a kept page’s body only when it is read, to the text a load without cache reads', async () => {
    // A body with a byte-order mark after its front matter, characters outside ASCII and a pair of UTF-16 units.
    await editContent(contentDir, PAGE, '\n---\n', '\n---\n\uFEFFÉtat: naïve, 日本語 and 🙂.\n');
    const first = await load();
    const kept = await load();
    expect(kept.stats).toMatchObject({ read: 0, bodiesRead: 0 });
    const uncached = await load({ cache: false });
    const page = kept.model!.pages.find((p) => p.source.file.endsWith(PAGE))!;
    expect(page.body).toContain('\uFEFFÉtat: naïve, 日本語 and 🙂.');
    expect(kept.stats.bodiesRead).toBe(1);
    // Read twice, decoded once; every body read gives the same model, fields in the same order, as without a cache.
    expect(page.body).toBe(uncached.model!.pages.find((p) => p.source.file.endsWith(PAGE))!.body);
    expect(kept.stats.bodiesRead).toBe(1);
    expect(JSON.stringify(kept.model)).toBe(JSON.stringify(uncached.model));
    expect(kept.stats.bodiesRead).toBe(first.stats.pages);
  });

  it('reads every page again when the bodies’ file is damaged, cut short or missing', async () => {
    const first = await load();
    const uncached = JSON.stringify((await load({ cache: false })).model);
    const whole = await readFile(bodies());
    const damages: [string, () => Promise<void>][] = [
      ['one byte changed', () => writeFile(bodies(), Buffer.from(whole).fill(0x41, 10, 11))],
      ['cut short', () => writeFile(bodies(), whole.subarray(0, whole.length - 1))],
      ['missing', () => rm(bodies())],
    ];
    for (const [damage, make] of damages) {
      await make();
      const again = await load();
      expect(again.stats, damage).toMatchObject({ pages: first.stats.pages, read: first.stats.pages });
      expect(JSON.stringify(again.model), damage).toBe(uncached);
      // That load kept its pages again, with their bodies: the next reads none.
      expect((await load()).stats, damage).toMatchObject({ read: 0 });
    }
  });

  it('reads every page again when a kept row is not one (its body outside the bodies’ file, its digest none)', async () => {
    const first = await load();
    const uncached = JSON.stringify((await load({ cache: false })).model);
    const file = join(work, 'cache', 'pages-read.json');
    const whole = await readFile(file, 'utf8');
    const damages: [string, (row: unknown[]) => void][] = [
      ['body past the end', (row) => (row[8] = (row[8] as number) + 10 ** 9)],
      ['digest not a digest', (row) => (row[9] = 'not a digest')],
      ['a field missing', (row) => row.pop()],
      ['title not text', (row) => (row[4] = 42)],
    ];
    for (const [damage, make] of damages) {
      const saved = JSON.parse(whole) as { pages: Record<string, unknown[]> };
      make(Object.values(saved.pages)[0]!);
      await writeFile(file, JSON.stringify(saved));
      const again = await load();
      expect(again.stats, damage).toMatchObject({ pages: first.stats.pages, read: first.stats.pages });
      expect(JSON.stringify(again.model), damage).toBe(uncached);
    }
  });

  it('brings back each page’s facts’ digest with it: the scope a load without cache finds, not made from the page again', async () => {
    await load();
    const uncached = (await load({ cache: false })).model!;
    const saved = JSON.parse(await readFile(join(work, 'cache', 'pages-read.json'), 'utf8'));
    // Every page of the shipped content has the shape the load reads: each is kept as a row, its digest tenth.
    const rows = Object.values(saved.pages as Record<string, unknown[]>);
    expect(rows.every((row) => Array.isArray(row))).toBe(true);
    const digests = rows.map((row) => row[9]);
    expect(digests).toHaveLength(uncached.pages.length);
    expect(new Set(digests)).toEqual(new Set(uncached.pages.map((page) => pageFactsDigest(structuredClone(page)))));
    const kept = await load();
    expect(kept.stats).toMatchObject({ read: 0 });
    expect(kept.model!.pages.map((page) => factsDigestOf(page))).toEqual(
      uncached.pages.map((page) => pageFactsDigest(structuredClone(page))),
    );
    expect(modelFacts(kept.model!)).toBe(modelFacts(structuredClone(uncached)));
  });
});
