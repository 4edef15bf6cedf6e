// Content YAML files kept across loads: an unchanged file (known by its stat, or by its bytes) is taken as the last
// good load read and checked it, positions included, without the YAML parser; any change reads it again, a damaged
// record reads every file again, and every mistake is still reported at its file, line and column.
import { mkdtemp, readFile, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadProject } from '../../../generator/build/project.js';
import type { LoadStats } from '../../../generator/build/content/load.js';
import { copyContent, editContent, lineOf } from '../../helpers/content.js';
import { passFileClock } from '../../helpers/file-clock.js';

let contentDir = '';
let work = '';

beforeEach(async () => {
  contentDir = await copyContent();
  work = await mkdtemp(join(tmpdir(), 'kept-yaml-'));
  passFileClock(work, contentDir);
});
afterEach(async () => {
  await rm(join(contentDir, '..'), { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

async function load(options: { cache?: boolean } = {}) {
  const loadStats: LoadStats = { pages: 0, opened: 0, read: 0, guarded: 0 };
  const project = await loadProject({
    env: 'production',
    contentDir,
    cacheDir: options.cache === false ? undefined : join(work, 'cache'),
    loadStats,
  });
  const messages = project.diagnostics.list().map((m) => `${m.file}:${m.line}:${m.column} ${m.ruleId}`);
  return { model: project.model, stats: loadStats, messages };
}

const YAML = 'service.yaml';
const yamlFiles = async () => (await load({ cache: false })).stats.yamlFiles;

describe('content YAML kept across loads', () => {
  it('takes every unchanged YAML file as the last load read and checked it: none parsed, the same model', async () => {
    const first = await load();
    const files = first.stats.yamlFiles!;
    expect(files).toBeGreaterThan(10);
    expect(first.stats).toMatchObject({ yamlOpened: files, yamlRead: files });
    const second = await load();
    expect(second.messages).toEqual([]);
    expect(second.stats).toMatchObject({ yamlFiles: files, yamlOpened: 0, yamlRead: 0 });
    // The model holds the YAML places of its resources, controls, groups and families: the kept ones are the same.
    const uncached = await load({ cache: false });
    expect(JSON.stringify(second.model)).toBe(JSON.stringify(uncached.model));
  });

  it('reads a YAML file whose value changed with its size kept and its modification time put back', async () => {
    const path = join(contentDir, YAML);
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    await utimes(path, hourAgo, hourAgo);
    passFileClock(work, path);
    await load();
    expect((await load()).stats).toMatchObject({ yamlOpened: 0, yamlRead: 0 });
    const before = await stat(path, { bigint: true });
    await editContent(contentDir, YAML, 'name: Example Platform\n', 'name: Exemple Platform\n');
    await utimes(path, hourAgo, hourAgo);
    const after = await stat(path, { bigint: true });
    expect([after.size, after.mtimeNs]).toEqual([before.size, before.mtimeNs]);
    const second = await load();
    expect(second.stats).toMatchObject({ yamlOpened: 1, yamlRead: 1 });
    expect(second.model!.identity.name).toBe('Exemple Platform');
    expect(JSON.stringify(second.model)).toBe(JSON.stringify((await load({ cache: false })).model));
  });

  it('reports a bad value put in a YAML file after a kept load at its file, line and column', async () => {
    await load();
    expect((await load()).stats).toMatchObject({ yamlRead: 0 });
    await editContent(contentDir, 'mcp-server.yaml', 'requiredScope: svc.members.read', 'requiredScope: [42]');
    const line = await lineOf(contentDir, 'mcp-server.yaml', 'requiredScope: [42]');
    const kept = await load();
    expect(kept.model).toBeUndefined();
    expect(kept.messages).toContain(`content/mcp-server.yaml:${line}:22 content-schema`);
    expect(kept.messages).toEqual((await load({ cache: false })).messages);
  });

  it('reports a boundary claim put in a YAML file after a kept load, where it is written', async () => {
    await load();
    await editContent(contentDir, YAML, 'summary: An AI-first', 'summary: Register a webhook. An AI-first');
    const line = await lineOf(contentDir, YAML, 'Register a webhook');
    const kept = await load();
    expect(kept.messages.some((m) => m.startsWith(`content/${YAML}:${line}:`))).toBe(true);
    expect(kept.messages).toEqual((await load({ cache: false })).messages);
  });

  it('places the cross-checks of unchanged YAML files from the kept places, as a load without cache does', async () => {
    await load();
    await unlink(join(contentDir, 'pages', 'auth.md'));
    const kept = await load();
    expect(kept.stats).toMatchObject({ yamlRead: 0 });
    const line = (await lineOf(contentDir, 'discovery-resources.yaml', 'page: auth')) - 2;
    expect(kept.messages).toContain(`content/discovery-resources.yaml:${line}:5 missing-page`);
    expect(kept.messages).toEqual((await load({ cache: false })).messages);
  });

  it('keeps the boundaries guard verdicts on unchanged YAML files while the model is the same', async () => {
    const first = await load();
    expect(first.stats.yamlGuarded).toBeGreaterThan(10);
    expect((await load()).stats).toMatchObject({ yamlRead: 0, yamlGuarded: 0 });
    await editContent(contentDir, 'pages/help/reading-errors.md', '\n---\n', '\n---\n\nOne more sentence.\n');
    expect((await load()).stats).toMatchObject({ read: 1, guarded: 1, yamlRead: 0, yamlGuarded: 0 });
  });

  it('reports a finding the model brings to an unchanged YAML file, at its line and column', async () => {
    await load();
    // The preview's site address is now written out in the MCP clients' file (not changed): a literal address there.
    await editContent(contentDir, YAML, 'base_url: http://localhost:4100', 'base_url: https://cursor.com');
    const line = await lineOf(contentDir, 'mcp-clients.yaml', 'https://cursor.com');
    const kept = await load();
    expect(kept.stats).toMatchObject({ yamlRead: 1 });
    expect(kept.messages).toContain(`content/mcp-clients.yaml:${line}:22 literal-address`);
    expect(kept.messages).toEqual((await load({ cache: false })).messages);
  });

  it('reads every YAML file again when the kept record is damaged or cut short', async () => {
    const files = await yamlFiles();
    await load();
    const record = join(work, 'cache', 'content-yaml.json');
    const text = await readFile(record, 'utf8');
    const at = text.indexOf('Example Platform');
    expect(at).toBeGreaterThan(0);
    for (const damaged of [`${text.slice(0, at)}X${text.slice(at + 1)}`, text.slice(0, text.length >> 1), '']) {
      await writeFile(record, damaged);
      const again = await load();
      expect(again.messages).toEqual([]);
      expect(again.stats).toMatchObject({ yamlRead: files });
      expect(JSON.stringify(again.model)).toBe(JSON.stringify((await load({ cache: false })).model));
    }
  });

  it('opens a YAML file changed no earlier than the load that saw it, and keeps its read by its bytes', async () => {
    const path = join(contentDir, YAML);
    const future = new Date(Date.now() + 3_600_000);
    await utimes(path, future, future);
    await load();
    const second = await load();
    expect(second.stats).toMatchObject({ yamlOpened: 1, yamlRead: 0 });
    expect(JSON.stringify(second.model)).toBe(JSON.stringify((await load({ cache: false })).model));
  });
});
