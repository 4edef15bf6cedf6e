// Pages kept across loads: an unchanged page file is taken as the last good load read it, and the boundaries guard
// keeps its verdict per page; any change to the file's bytes, the content schemas or the model reads or judges again,
// and a mistake is reported as it is without a cache folder.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_SCHEMA_DIR } from '../../../generator/build/files/project-paths.js';
import { loadProject } from '../../../generator/build/project.js';
import type { LoadStats } from '../../../generator/build/content/load.js';
import { copyContent, editContent } from '../../helpers/content.js';

let contentDir = '';
let work = '';

beforeEach(async () => {
  contentDir = await copyContent();
  work = await mkdtemp(join(tmpdir(), 'kept-pages-'));
});
afterEach(async () => {
  await rm(join(contentDir, '..'), { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

async function load(options: { cache?: boolean; schemaDir?: string } = {}) {
  const loadStats: LoadStats = { pages: 0, read: 0, guarded: 0 };
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
    expect(first.stats).toEqual({ pages, read: pages, guarded: pages });
    const second = await load();
    expect(second.messages).toEqual([]);
    expect(second.stats).toEqual({ pages, read: 0, guarded: 0 });
    const uncached = await load({ cache: false });
    expect(JSON.stringify(second.model)).toBe(JSON.stringify(uncached.model));
    expect(JSON.stringify(first.model)).toBe(JSON.stringify(uncached.model));
  });

  it('reads and guards again only the page whose bytes changed', async () => {
    const first = await load();
    await editContent(contentDir, PAGE, '\n---\n', '\n---\n\nOne more sentence on reading errors.\n');
    const second = await load();
    expect(second.stats).toEqual({ pages: first.stats.pages, read: 1, guarded: 1 });
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
    expect(restored.stats).toEqual({ pages: first.stats.pages, read: 0, guarded: 0 });
  });

  it('guards every page again when the model changes, without reading them again', async () => {
    const first = await load();
    await editContent(contentDir, 'service.yaml', 'name: Example Platform', 'name: Example Platform Two');
    const second = await load();
    expect(second.messages).toEqual([]);
    expect(second.stats).toEqual({ pages: first.stats.pages, read: 0, guarded: first.stats.pages });
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
    expect(second.stats).toMatchObject({ pages: first.stats.pages, read: first.stats.pages });
  });
});
