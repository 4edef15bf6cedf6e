// The render cache on disk: whatever damage its files take (cut short, a letter changed, zeros written over, removed),
// a build renders the pages again to the bytes of a plain build, never a wrong page; and it keeps the products of
// this build's pages alone, so that editing a page again and again does not make it grow.
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline, type PipelineOptions } from '../../../generator/build/pipeline.js';
import { builtFiles, writeSyntheticContent } from '../../helpers/synthetic-content.js';
import { syntheticPage } from '../../../bench/synthetic/pages.js';
import { loadProject } from '../../../generator/build/project.js';
import { pageKey, renderContextKey } from '../../../generator/build/render/render-cache.js';
import { noteKeptKey } from '../../../generator/build/cache/page-keys.js';
import { buildRegistry } from '../../../generator/build/registry/build-registry.js';
import { kinds } from '../../../generator/build/kinds.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { passFileClock } from '../../helpers/file-clock.js';

const PAGES = 8;
let work: string;
let content: string;

beforeAll(async () => {
  ({ work, content } = await writeSyntheticContent('render-cache-', PAGES));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const run = (options: Partial<PipelineOptions> = {}) =>
  runPipeline({ env: 'production', contentDir: content, workers: 0, ...options });

/** The cache folder's files that hold rendered pages: all but the load's, the checks' and the build record's. */
async function renderCacheFiles(cacheDir: string): Promise<string[]> {
  const others = /^(pages-read\.json|verdicts\.json|content-verdicts\.json|clock|file-hashes\.json|builds\/.*)$/;
  const names = await readdir(cacheDir, { recursive: true, withFileTypes: true });
  return names
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !others.test(path.slice(cacheDir.length + 1)));
}

/** Ways a file can be damaged: each gives the bytes it leaves, or undefined to remove the file. */
const DAMAGE: Record<string, (bytes: Buffer) => Buffer | undefined> = {
  'cut in half': (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2)),
  'one letter changed in the middle': (bytes) => {
    const copy = Buffer.from(bytes);
    let at = Math.floor(copy.length / 2);
    while (at < copy.length && !/[a-z]/.test(String.fromCharCode(copy[at]!))) at++;
    if (at < copy.length) copy[at] = copy[at] === 0x71 ? 0x78 : 0x71;
    return copy;
  },
  'zeros over the middle': (bytes) => {
    const copy = Buffer.from(bytes);
    copy.fill(0, Math.floor(copy.length / 3), Math.floor((copy.length * 2) / 3));
    return copy;
  },
  removed: () => undefined,
};

/** A plain build's files, and a second build with a cache folder whose packs are older than its clock. */
async function keptUnread(name: string) {
  const cacheDir = join(work, name);
  const expected = builtFiles(await run());
  await run({ cacheDir });
  // The packs are older than the next build's clock: their stat tells any later change apart.
  passFileClock(work, join(cacheDir, 'render'));
  return { expected, second: await run({ cacheDir }), cacheDir };
}

describe('the render cache on disk', () => {
  it('renders again, to a plain build’s bytes, the pages whose cached products were damaged in any way', async () => {
    const expected = builtFiles(await run({ workers: undefined }));
    const cacheDir = join(work, 'cache-damaged');
    const pristine = join(work, 'cache-pristine');
    const first = await run({ cacheDir });
    const pages = first.renderStats!.pages;
    expect(first.renderStats!.fromCache).toBe(0);
    await cp(cacheDir, pristine, { recursive: true });
    const targets = await renderCacheFiles(pristine);
    expect(targets.length).toBeGreaterThan(0);
    let noticed = 0;
    for (const [how, damage] of Object.entries(DAMAGE)) {
      for (const target of targets) {
        await rm(cacheDir, { recursive: true, force: true });
        await cp(pristine, cacheDir, { recursive: true });
        const path = join(cacheDir, target.slice(pristine.length + 1));
        const left = damage(await readFile(path));
        if (left) await writeFile(path, left);
        else await rm(path);
        const result = await run({ cacheDir });
        const got = builtFiles(result);
        const differing = [...expected.keys()].filter((file) => got.get(file) !== expected.get(file));
        expect({ how, file: target.slice(pristine.length), differing, count: got.size }).toEqual({
          how,
          file: target.slice(pristine.length),
          differing: [],
          count: expected.size,
        });
        if (result.renderStats!.fromCache < pages) noticed++;
      }
    }
    // The damage was seen (and not merely harmless): pages were rendered again.
    expect(noticed).toBeGreaterThan(0);
  }, 300_000);

  it('gives back with each kept body its SHA-256 and size (a rebuild hashes no kept page again), and they are right', async () => {
    const cacheDir = join(work, 'cache-digests');
    const first = await run({ cacheDir });
    const second = await run({ cacheDir });
    expect(second.renderStats!.fromCache).toBe(second.renderStats!.pages);
    const pages = second.artifacts!.values().filter((a) => a.entry.kind === 'html-page' || a.entry.kind === 'markdown');
    expect(pages.length).toBeGreaterThan(PAGES);
    for (const artifact of pages) {
      const bytes = Buffer.from(artifact.body);
      expect(second.artifacts!.digest(artifact)).toEqual({
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes: bytes.length,
        hash: createHash('sha256').update(bytes).digest('hex').slice(0, 32),
      });
    }
    expect(builtFiles(second)).toEqual(builtFiles(first));
  });

  it('takes a kept page’s HTML and twin as their bytes, decoded only by whoever reads them, to a plain build’s text', async () => {
    const cacheDir = join(work, 'cache-bytes');
    const plain = await run();
    await run({ cacheDir });
    const second = await run({ cacheDir });
    const pages = second.artifacts!.values().filter((a) => a.entry.kind === 'html-page' || a.entry.kind === 'markdown');
    expect(pages.length).toBeGreaterThan(PAGES);
    for (const artifact of pages) {
      expect(artifact.body).toBeInstanceOf(Uint8Array);
      const text = plain.artifacts!.get(artifact.entry.host, artifact.entry.file)!.body;
      expect(typeof text).toBe('string');
      expect(Buffer.from(artifact.body).equals(Buffer.from(text as string))).toBe(true);
      expect(second.artifacts!.text(artifact)).toBe(text);
    }
  });

  it('takes a kept page unread while its pack has the stat it was written with, and reads it only when asked for', async () => {
    const { expected, second } = await keptUnread('cache-unread');
    const stats = second.renderStats!;
    expect(stats.fromCache).toBe(stats.pages);
    // The checks whose verdicts are kept read no kept page: only those judged at every build (a few) were read.
    const readInBuild = stats.recordsRead;
    expect(readInBuild).toBeLessThan(stats.pages / 2);
    // Asked for, every kept page is read once, to a plain build's bytes.
    expect(builtFiles(second)).toEqual(expected);
    expect(stats.recordsRead).toBeGreaterThan(readInBuild);
    expect(stats.recordsRead).toBeLessThanOrEqual(stats.pages);
  });

  it('reads a cache folder copied elsewhere (new stats) once, then knows its packs by their stat again', async () => {
    const { expected, cacheDir } = await keptUnread('cache-before-copy');
    const copied = join(work, 'cache-copied');
    await cp(cacheDir, copied, { recursive: true });
    passFileClock(work, join(copied, 'render'));
    // The copies' stats are not the ones the index names: every kept page is read, and checked, once.
    const first = await run({ cacheDir: copied });
    expect(first.renderStats!.fromCache).toBe(first.renderStats!.pages);
    expect(first.renderStats!.recordsRead).toBe(first.renderStats!.pages);
    expect(builtFiles(first)).toEqual(expected);
    passFileClock(work, join(copied, 'render'));
    // Read and found right, the packs are known by their new stat: the next build takes its pages unread.
    const second = await run({ cacheDir: copied });
    expect(second.renderStats!.fromCache).toBe(second.renderStats!.pages);
    expect(second.renderStats!.recordsRead).toBeLessThan(second.renderStats!.pages / 2);
    expect(builtFiles(second)).toEqual(expected);
  });

  it('makes a kept page again, to a plain build’s bytes, when its pack is changed after the build took it unread', async () => {
    const { expected, second, cacheDir } = await keptUnread('cache-changed-late');
    expect(second.renderStats!.fromCache).toBe(second.renderStats!.pages);
    // Every pack zeroed while the build holds its pages unread: their records no longer have their checksums.
    for (const file of await renderCacheFiles(cacheDir)) {
      if (file.endsWith('.pack')) await writeFile(file, Buffer.alloc((await readFile(file)).length));
    }
    expect(builtFiles(second)).toEqual(expected);
  });

  it('keys the pages’ context by the generator and the model without page bodies (the registry is made from them)', async () => {
    const { model, registry } = await loadProject({ env: 'production', contentDir: content });
    const key = renderContextKey('generator', model!);
    expect(
      renderContextKey('generator', { ...model!, pages: model!.pages.map((p) => ({ ...p, body: `${p.body}x` })) }),
    ).toBe(key);
    expect(renderContextKey('another generator', model!)).not.toBe(key);
    const moved = { ...model!, addresses: { ...model!.addresses, base_url: 'https://elsewhere.example' } };
    expect(renderContextKey('generator', moved)).not.toBe(key);
    // A page more is a registry entry more: the model says so.
    const page = model!.pages.find((p) => p.section)!;
    const copy = { ...page, id: `${page.id}-copy`, path: `${page.path}-copy`, twinPath: `${page.path}-copy.md` };
    const more = { ...model!, pages: [...model!.pages, copy] };
    expect(buildRegistry(more, kinds, new Diagnostics())!.entries.length).toBeGreaterThan(registry!.entries.length);
    expect(renderContextKey('generator', more)).not.toBe(key);
  });

  it('keys a kept page by its context, the scope it was read in and its file’s key; another key shape is hashed', async () => {
    const { model } = await loadProject({ env: 'production', contentDir: content });
    const page = model!.pages[0]!;
    const keyed = (kept?: string) => {
      const copy = { ...page };
      if (kept !== undefined) noteKeptKey(copy, kept);
      return copy;
    };
    const scope = 'a'.repeat(64);
    const file = 'Bc-d_0123456789abcdefg';
    const key = pageKey('context', keyed(`${scope}\0${file}`));
    // Another page object under the same kept key is the same page.
    expect(pageKey('context', keyed(`${scope}\0${file}`))).toBe(key);
    expect(pageKey('another context', keyed(`${scope}\0${file}`))).not.toBe(key);
    expect(pageKey('context', keyed(`${'b'.repeat(64)}\0${file}`))).not.toBe(key);
    expect(pageKey('context', keyed(`${scope}\0${file.replace('B', 'C')}`))).not.toBe(key);
    // Never a page's own hash, made when the load gave it no key.
    const own = pageKey('context', keyed());
    expect(own).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toMatch(/^[0-9a-f]{64}$/);
    // A key from a kept pages' file edited by hand is hashed, not copied into the render cache's records.
    for (const odd of [`${scope}\0bad\nkey-0123456789abcd`, `${scope}\0short`, file]) {
      expect(pageKey('context', keyed(odd))).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('renders again, to a plain build’s bytes, a page whose pair in an index of right checksum is of another shape', async () => {
    const cacheDir = join(work, 'cache-pairs');
    const index = join(cacheDir, 'render', 'index.json');
    try {
      const first = await run({ cacheDir });
      const text = await readFile(index, 'latin1');
      const saved = JSON.parse(text.slice(text.indexOf('\n') + 1)) as { entries: unknown[][] };
      const pairs = saved.entries.length;
      // One pair with a third member, one whose key is no text, and odd members around them: each left out.
      saved.entries[0] = [...saved.entries[0]!, 'more'];
      saved.entries[1] = [42, saved.entries[1]![1]];
      saved.entries.push(['only a key'] as unknown[], 'a pair' as unknown as unknown[]);
      const body = Buffer.from(JSON.stringify(saved), 'latin1');
      await writeFile(index, Buffer.concat([Buffer.from(`${crc32(body)}\n`), body]));
      const again = await run({ cacheDir });
      expect(again.renderStats!.fromCache).toBe(pairs - 2);
      expect(builtFiles(again)).toEqual(builtFiles(first));
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  it('keeps an edit’s record and the places that differ beside the index, which it does not write again', async () => {
    const cacheDir = join(work, 'cache-beside');
    const page = syntheticPage(3, PAGES);
    const path = join(content, 'pages', page.section, `${page.slug}.md`);
    const index = join(cacheDir, 'render', 'index.json');
    const beside = join(cacheDir, 'render', 'index.more.json');
    try {
      await run({ cacheDir });
      const whole = await readFile(index);
      for (let edit = 1; edit <= 2; edit++) {
        await writeFile(path, `${page.text}\nThis is edit ${edit} of the page.\n`);
        const result = await run({ cacheDir });
        expect(result.renderStats!.fromCache).toBe(result.renderStats!.pages - 1);
        expect(builtFiles(result)).toEqual(builtFiles(await run()));
        expect(await readFile(index)).toEqual(whole);
        // Beside it, the edited page's place alone (the last edit's record is no page's any more).
        const kept = JSON.parse((await readFile(beside, 'utf8')).split('\n')[1]!) as { entries: [string, unknown][] };
        expect(kept.entries).toHaveLength(1);
        expect(typeof kept.entries[0]![0]).toBe('string');
      }
      const again = await run({ cacheDir });
      expect(again.renderStats!.fromCache).toBe(again.renderStats!.pages);
      // A damaged file beside the index is not read: the page it placed is rendered again, to a plain build's bytes.
      const bytes = await readFile(beside);
      bytes[bytes.length - 5] = bytes[bytes.length - 5]! ^ 0x20;
      await writeFile(beside, bytes);
      const damaged = await run({ cacheDir });
      expect(damaged.renderStats!.fromCache).toBe(damaged.renderStats!.pages - 1);
      expect(builtFiles(damaged)).toEqual(builtFiles(await run()));
    } finally {
      await writeFile(path, page.text);
    }
  }, 300_000);

  it('keeps an earlier edit’s place beside the index when another page is edited, and takes both pages after', async () => {
    const cacheDir = join(work, 'cache-two-edits');
    const pages = [syntheticPage(4, PAGES), syntheticPage(5, PAGES)];
    const paths = pages.map((page) => join(content, 'pages', page.section, `${page.slug}.md`));
    const beside = join(cacheDir, 'render', 'index.more.json');
    try {
      await run({ cacheDir });
      for (const [i, path] of paths.entries()) {
        await writeFile(path, `${pages[i]!.text}\nThis page was edited.\n`);
        const result = await run({ cacheDir });
        expect(result.renderStats!.fromCache).toBe(result.renderStats!.pages - 1);
        const kept = JSON.parse((await readFile(beside, 'utf8')).split('\n')[1]!) as { entries: unknown[] };
        expect(kept.entries).toHaveLength(i + 1);
      }
      const again = await run({ cacheDir });
      expect(again.renderStats!.fromCache).toBe(again.renderStats!.pages);
      expect(builtFiles(again)).toEqual(builtFiles(await run()));
    } finally {
      for (const [i, path] of paths.entries()) await writeFile(path, pages[i]!.text);
    }
  }, 300_000);

  it('keeps the products of this build’s pages alone: editing one page again and again does not grow it', async () => {
    const cacheDir = join(work, 'cache-edits');
    const page = syntheticPage(2, PAGES);
    const path = join(content, 'pages', page.section, `${page.slug}.md`);
    const EDITS = 20;
    try {
      for (let version = 1; version <= EDITS; version++) {
        await writeFile(path, `${page.text}\nThis is version ${version} of the page.\n`);
        const result = await run({ cacheDir });
        if (version > 1) expect(result.renderStats!.fromCache).toBe(result.renderStats!.pages - 1);
      }
      const held = new Set<string>();
      // llms-full.txt's kept parts are appended to, and their blob holds dead versions until they outnumber the live
      // bytes (bounded by its own test in said-parts.test.ts): not the render cache's products.
      const files = (await renderCacheFiles(cacheDir)).filter((file) => !/said-parts[/\\][^/\\]+\.blob$/.test(file));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        for (const match of (await readFile(file, 'utf8')).matchAll(/This is version (\d+) of the page/g)) {
          held.add(match[1]!);
        }
      }
      expect(held.has(String(EDITS))).toBe(true);
      // The versions no build will ask for again are dropped (a few may wait for their pack to be merged).
      expect(held.size).toBeLessThan(EDITS / 2);
    } finally {
      await writeFile(path, page.text);
    }
  }, 300_000);
});
