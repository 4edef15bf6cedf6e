// The cache folder's JSON is written in ASCII and read back as the same value; bytes that are not all ASCII are read
// as UTF-8, as before.
import { isAscii } from 'node:buffer';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiJson, cacheText } from '../../../generator/build/cache/ascii-json.js';
import { DEFAULT_CONTENT_DIR } from '../../../generator/build/files/project-paths.js';
import { build } from '../../../generator/build/pipeline.js';

const VALUE = {
  Café: ['naïve “quotes” ’', '日本語', 'emoji 🧭 pair', 'lone \ud800 half', 'line\u2028separator', 'tab\tand "quote"'],
  plain: { n: 1.5, yes: true, none: null },
};

describe('ASCII JSON for the cache folder', () => {
  it('writes only ASCII, and JSON reads the same value back', () => {
    const bytes = asciiJson(VALUE);
    expect(isAscii(bytes)).toBe(true);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(VALUE);
    expect(JSON.parse(cacheText(bytes))).toEqual(VALUE);
    // Runs of characters past ASCII, and none at all.
    expect(JSON.parse(cacheText(asciiJson('ééé 日本語 x')))).toBe('ééé 日本語 x');
    expect(asciiJson({ plain: 'text' }).toString('latin1')).toBe('{"plain":"text"}');
  });

  it('refuses a value JSON has no text for', () => {
    expect(() => asciiJson(undefined)).toThrow(/no JSON text/);
  });

  it('reads bytes that are not all ASCII as UTF-8', () => {
    const text = JSON.stringify(VALUE);
    expect(cacheText(Buffer.from(text, 'utf8'))).toBe(text);
    expect(cacheText(Buffer.from('"é"', 'utf8'))).toBe('"é"');
  });
});

describe('the cache folder after a build', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'ascii-json-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('holds JSON files in ASCII only, although the content is not', async () => {
    const content = join(work, 'content');
    await cp(DEFAULT_CONTENT_DIR, content, { recursive: true });
    const cacheDir = join(work, 'cache');
    const result = await build({ env: 'production', contentDir: content, outDir: join(work, 'dist'), cacheDir });
    expect(result.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
    const files = await fg('**/*.json', { cwd: cacheDir });
    expect(files.length).toBeGreaterThan(5);
    const notAscii: string[] = [];
    for (const file of files) if (!isAscii(await readFile(join(cacheDir, file)))) notAscii.push(file);
    expect(notAscii).toEqual([]);
    // The content itself is not ASCII, so the test shows the escaping.
    const pages = await fg('pages/**/*.md', { cwd: content });
    let beyond = 0;
    for (const page of pages) if (!isAscii(await readFile(join(content, page)))) beyond++;
    expect(beyond).toBeGreaterThan(0);
  });
});
