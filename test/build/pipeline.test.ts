// End to end: the shipped content builds into a temp folder, every registry path is written with its media type's
// shape, and a second build gives the same bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build, type PipelineResult } from '../../generator/build/pipeline.js';
import { displayPath } from '../../generator/build/registry/display-path.js';
import type { RegistryEntry } from '../../generator/build/registry/types.js';

let dir: string;
let result: PipelineResult;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'integration-build-'));
  result = await build({ env: 'production', outDir: join(dir, 'dist') });
}, 180_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

/** Where an entry's file lands: dist/<file> for the site, dist-hosts/<host>/<file> for the other hosts. */
const fileOf = (entry: RegistryEntry, outDir: string) => displayPath(entry, outDir);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** What a file of each media type must look like; returns a problem, or undefined. */
function shapeProblem(entry: RegistryEntry, bytes: Buffer): string | undefined {
  const type = entry.mediaType.split(';')[0]!.trim();
  if (bytes.length === 0) return 'is empty';
  const textual = type.startsWith('text/') || type.endsWith('json') || type.endsWith('xml');
  let text = '';
  if (textual) {
    try {
      text = utf8.decode(bytes);
    } catch {
      return 'is not valid UTF-8';
    }
  }
  if (type === 'application/json' || type.endsWith('+json')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return 'is not JSON';
    }
    if (type === 'application/linkset+json' && !Array.isArray((value as { linkset?: unknown }).linkset))
      return 'has no linkset array';
    if (type === 'application/ld+json' && !('@context' in (value as object))) return 'has no JSON-LD @context';
    return undefined;
  }
  if (type === 'text/html')
    return /^<!doctype html>/i.test(text) && text.includes('</html>') ? undefined : 'is not an HTML document';
  if (type === 'text/markdown') return text.startsWith('# ') ? undefined : 'does not start with its title';
  if (type === 'application/xml') return text.startsWith('<?xml') ? undefined : 'has no XML declaration';
  if (type === 'image/svg+xml') return text.includes('<svg') ? undefined : 'is not SVG';
  if (type === 'text/plain' && entry.path.endsWith('llms.txt'))
    return text.startsWith('# ') ? undefined : 'does not start with an H1';
  return undefined;
}

async function treeBytes(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const [top, label] of [
    [root, 'site'],
    [`${root}-hosts`, 'hosts'],
  ] as const) {
    for (const e of await readdir(top, { recursive: true, withFileTypes: true }).catch(() => [])) {
      const path = join(e.parentPath, e.name);
      if (e.isFile()) files.set(`${label}:${relative(top, path)}`, await readFile(path));
    }
  }
  return files;
}

describe('build of the shipped content', () => {
  it('succeeds without messages', () => {
    expect(result.diagnostics.report()).toBe('');
    expect(result.registry).toBeDefined();
  });

  it('writes every registry path, each with the shape of its media type', async () => {
    const problems: string[] = [];
    for (const entry of result.registry!.entries) {
      const path = fileOf(entry, join(dir, 'dist'));
      const bytes = await readFile(path).catch(() => undefined);
      const problem = bytes ? shapeProblem(entry, bytes) : 'was not written';
      if (problem) problems.push(`${entry.path} (${entry.mediaType}) at ${relative(dir, path)} ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it("writes every path of the contract's page family", () => {
    const paths = new Set(result.registry!.entries.map((e) => e.path));
    for (const path of ['/', '/mcp', '/developers', '/docs', '/ai', '/help', '/pricing']) {
      expect(paths).toContain(path);
      expect(paths).toContain(path === '/' ? '/index.md' : `${path}.md`);
    }
    for (const path of ['/auth.md', '/brand.md', '/public-pages.md', '/llms.txt', '/llms-full.txt'])
      expect(paths).toContain(path);
    for (const section of ['mcp', 'api', 'developers', 'docs', 'ai', 'help', 'public-pages'])
      expect(paths).toContain(`/${section}/llms.txt`);
  });

  it('gives identical bytes when built again', async () => {
    const again = await build({ env: 'production', outDir: join(dir, 'again') });
    expect(again.diagnostics.hasErrors).toBe(false);
    const first = await treeBytes(join(dir, 'dist'));
    const second = await treeBytes(join(dir, 'again'));
    // Every artifact, and every file streamed beside one (a context per page).
    const streamed = result.artifacts!.streams().reduce((n, s) => n + [...s.files()].length, 0);
    expect(first.size).toBe(result.artifacts!.values().length + streamed);
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    const differing = [...first].filter(([name, bytes]) => !bytes.equals(second.get(name)!)).map(([name]) => name);
    expect(differing).toEqual([]);
  }, 180_000);
});
