// llms-full.txt made in parts: a rebuild takes every guide's part whose twin, title and URL are the same and whose
// looked-up units have the same answers, makes the others, and writes the bytes a clean build writes, whatever the
// edit (a sentence another guide says, a title, a page added or removed) and whatever became of the kept parts.
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build, runPipeline, type PipelineResult } from '../../../generator/build/pipeline.js';
import { readingOrder } from '../../../generator/build/emit/guidance/llms-format.js';
import { copyContent } from '../../helpers/content.js';
import { digestOf } from '../../../generator/build/cache/fingerprint.js';
import { loadSaidParts } from '../../../generator/build/cache/said-parts.js';
import { SayOnce } from '../../../generator/build/emit/guidance/say-once.js';
import { createHash } from 'node:crypto';
import { checkedBody, withChecksum } from '../../../generator/build/cache/whole-file.js';
import { asciiJson } from '../../../generator/build/cache/ascii-json.js';

let contentDir = '';
let work = '';

beforeEach(async () => {
  contentDir = await copyContent();
  work = await mkdtemp(join(tmpdir(), 'said-parts-'));
});
afterEach(async () => {
  await rm(join(contentDir, '..'), { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

const llmsFull = (result: PipelineResult) => {
  expect(result.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
  return String(result.artifacts!.get('site', 'llms-full.txt')!.body);
};

/** A build with the cache folder, after the last one. */
const rebuilt = () =>
  build({ env: 'production', contentDir, outDir: join(work, 'dist'), cacheDir: join(work, 'cache') });

/** What a build without any cache writes. */
const clean = async () => llmsFull(await runPipeline({ env: 'production', contentDir }));

/** The guides in reading order, with their source files. */
function guides(result: PipelineResult): { file: string; title: string }[] {
  const entries = readingOrder(result.registry!.of('site').filter((e) => e.kind === 'markdown' && e.page));
  return entries.map((entry) => {
    const page = result.model!.pages.find((p) => p.id === entry.page)!;
    const file = join(contentDir, 'pages', `${page.id}.md`);
    if (!existsSync(file)) throw new Error(`no source file for ${page.id}`);
    return { file, title: page.title };
  });
}

describe('llms-full.txt made in parts', () => {
  it('takes every part but the edited guide’s, and writes what a clean build writes', async () => {
    const cold = await rebuilt();
    const all = guides(cold).length + 1;
    expect(cold.saidParts).toEqual({ kept: 0, made: all });
    await appendFile(guides(cold)[2]!.file, '\nAn editor adds this paragraph, said by no other guide at all.\n');
    const again = await rebuilt();
    expect(again.saidParts).toEqual({ kept: all - 1, made: 1 });
    expect(llmsFull(again)).toBe(await clean());
    // Joined from the kept parts' bytes, its digest made from them is the digest of its text.
    const artifact = again.artifacts!.get('site', 'llms-full.txt')!;
    expect(again.artifacts!.digest(artifact)).toEqual(digestOf(Buffer.from(llmsFull(again), 'utf8')));
    // The deploy manifest names the SHA-256 of the file written.
    const written = await readFile(join(work, 'dist', 'llms-full.txt'));
    const manifest = JSON.parse(await readFile(join(work, 'dist-hosts', 'deploy', 'deploy-manifest.json'), 'utf8')) as {
      files: { key: string; sha256: string; size: number }[];
    };
    expect(manifest.files.find((file) => file.key === 'llms-full.txt')).toMatchObject({
      sha256: createHash('sha256').update(written).digest('hex'),
      size: written.length,
    });
  });

  it('makes again a later guide whose sentence an earlier guide now says first', async () => {
    const cold = await rebuilt();
    const order = guides(cold);
    const text = llmsFull(cold);
    // A sentence the last guide says first (in its part of the file), that the first guide will now say.
    const last = text.slice(text.lastIndexOf(`\n# ${order.at(-1)!.title}\n`));
    const sentence = last
      .split('\n\n')
      .slice(2)
      .flatMap((block) => (/^[A-Z][^|#\n]*$/.test(block) ? block.split(/(?<=\.) /) : []))
      .find((s) => s.endsWith('.') && s.split(' ').length >= 8 && !/[[\]`*_<]/.test(s));
    expect(sentence).toBeDefined();
    await appendFile(order[0]!.file, `\n${sentence}\n`);
    const again = await rebuilt();
    expect(again.saidParts!.made).toBe(2);
    const full = llmsFull(again);
    expect(full).toBe(await clean());
    expect(full.split(sentence!)).toHaveLength(2);
  });

  it('writes what a clean build writes after a title change, a page added and a page removed', async () => {
    const cold = await rebuilt();
    const order = guides(cold);
    const renamed = order[1]!;
    const source = await readFile(renamed.file, 'utf8');
    await writeFile(renamed.file, source.replace(/^title: .*$/m, 'title: A title the editors changed'));
    const afterTitle = await rebuilt();
    // The guides before it keep their parts: the parts are kept with the generator, not the scope.
    expect(afterTitle.saidParts!.kept).toBeGreaterThan(0);
    expect(llmsFull(afterTitle)).toBe(await clean());

    const added = join(contentDir, 'pages', 'help', 'an-added-page.md');
    await writeFile(
      added,
      [
        '---',
        'title: An added page',
        'description: A page the editors added to the help section, first in its lists.',
        'order: 0',
        '---',
        '',
        'It says one new thing and nothing else.',
        '',
      ].join('\n'),
    );
    const afterAdd = await rebuilt();
    expect(llmsFull(afterAdd)).toBe(await clean());

    // A sub-page no discovery resource is built from.
    await rm(join(contentDir, 'pages', 'ai', 'answering-questions.md'));
    const afterRemove = await rebuilt();
    expect(llmsFull(afterRemove)).toBe(await clean());
  });

  it.each(['head', 'blob'] as const)(
    'makes every part again, and the same bytes, when the kept parts’ %s is damaged',
    async (which) => {
      const cold = await rebuilt();
      const path = await keptFile(which);
      const bytes = await readFile(path);
      // One byte changed past the head's checksum line (the blob's stat changes with it, so its checksum is checked).
      const at = which === 'head' ? bytes.length - 10 : bytes.length >> 1;
      bytes[at] = bytes[at]! ^ 0x20;
      await writeFile(path, bytes);
      await appendFile(guides(cold)[0]!.file, '\nAn editor adds this paragraph, said by no other guide at all.\n');
      const again = await rebuilt();
      expect(again.saidParts).toEqual({ kept: 0, made: guides(cold).length + 1 });
      expect(llmsFull(again)).toBe(await clean());
    },
  );

  it('appends the edited guide’s part to the kept bytes, and does not write the others again', async () => {
    const cold = await rebuilt();
    const blob = await keptFile('blob');
    const before = await stat(blob);
    await appendFile(guides(cold)[1]!.file, '\nAn editor adds this paragraph, said by no other guide at all.\n');
    const again = await rebuilt();
    expect(again.saidParts).toEqual({ kept: guides(cold).length, made: 1 });
    expect(await keptFile('blob')).toBe(blob);
    const after = await stat(blob);
    expect(after.ino).toBe(before.ino);
    // Only the edited part's bytes were added: a part is a small share of the whole.
    expect(after.size).toBeGreaterThan(before.size);
    expect(after.size - before.size).toBeLessThan(before.size / 4);
    expect(llmsFull(again)).toBe(await clean());
  });

  it('takes the kept parts when an append was never named by its head, and writes the blob afresh', async () => {
    const cold = await rebuilt();
    const blob = await keptFile('blob');
    // What a build stopped between appending and writing the head leaves behind.
    await appendFile(blob, 'bytes of an append that was never finished');
    await appendFile(guides(cold)[1]!.file, '\nAn editor adds this paragraph, said by no other guide at all.\n');
    const again = await rebuilt();
    expect(again.saidParts).toEqual({ kept: guides(cold).length, made: 1 });
    expect(await keptFile('blob')).not.toBe(blob);
    expect(existsSync(blob)).toBe(false);
    expect(llmsFull(again)).toBe(await clean());
  });

  it('writes the blob afresh once the bytes no part needs outnumber those they need', async () => {
    const cold = await rebuilt();
    const first = await keptFile('blob');
    const guide = guides(cold)[2]!.file;
    const source = await readFile(guide, 'utf8');
    let edits = 0;
    let blob = first;
    let last: PipelineResult | undefined;
    while (blob === first && edits < 8) {
      edits++;
      // Each edit says 100 KB of sentences no guide says, in place of the last edit's: those bytes die.
      await writeFile(guide, `${source}\n${uniqueProse(edits, 100_000)}\n`);
      last = await rebuilt();
      expect(last.saidParts).toEqual({ kept: guides(cold).length, made: 1 });
      blob = await keptFile('blob');
    }
    expect(blob).not.toBe(first);
    expect(edits).toBeGreaterThan(1);
    expect(existsSync(first)).toBe(false);
    expect(llmsFull(last!)).toBe(await clean());
  });
});

describe('the parts an edit changes, kept beside the head', () => {
  const edit = (file: string, words: string) =>
    appendFile(file, `\nAn editor adds this paragraph about ${words}, said by no other guide at all.\n`);

  it('leaves the head as it was, and the next rebuild takes the parts of both', async () => {
    const cold = await rebuilt();
    const all = guides(cold).length + 1;
    const head = await readFile(await keptFile('head'));
    await edit(guides(cold)[1]!.file, 'rivers');
    const first = await rebuilt();
    expect(first.saidParts).toEqual({ kept: all - 1, made: 1 });
    // The head of every part is not written again: the edited guide's part is beside it.
    expect((await readFile(await keptFile('head'))).equals(head)).toBe(true);
    expect((await stat(await keptFile('more'))).size).toBeLessThan(head.length / 4);
    expect(llmsFull(first)).toBe(await clean());
    // The part made by the first edit is taken from beside the head; the second edit's is made.
    await edit(guides(cold)[3]!.file, 'stones');
    const second = await rebuilt();
    expect(second.saidParts).toEqual({ kept: all - 1, made: 1 });
    expect((await readFile(await keptFile('head'))).equals(head)).toBe(true);
    expect(llmsFull(second)).toBe(await clean());
    // Nothing changed: nothing is made, and nothing is written.
    const kept = await readFile(await keptFile('more'));
    await edit(join(contentDir, 'pages', 'this-page-is-not-there.txt'), 'nothing');
    const third = await rebuilt();
    expect(third.saidParts).toEqual({ kept: all, made: 0 });
    expect((await readFile(await keptFile('more'))).equals(kept)).toBe(true);
  });

  it('keeps what a rebuild’s checks learnt of kept parts their head did not hold, then writes nothing', async () => {
    const cold = await rebuilt();
    const all = guides(cold).length + 1;
    // A head whose parts' edges are not known, as a build that did not check them would have kept them.
    const path = await keptFile('head');
    const { parts, json, ints } = readHead(await readFile(path));
    expect(parts.every((part) => (part[12] as number) >= 0)).toBe(true);
    for (const part of parts) part[12] = -1;
    await writeHead(path, { ...json, parts }, ints);
    // A file that is no page changes the inputs (the build is not skipped), and no part.
    const unrelated = join(contentDir, 'pages', 'this-page-is-not-there.txt');
    await edit(unrelated, 'nothing');
    const learnt = await rebuilt();
    expect(learnt.saidParts).toEqual({ kept: all, made: 0 });
    expect(readHead(await readFile(await keptFile('head'))).parts.every((part) => (part[12] as number) >= 0)).toBe(
      true,
    );
    const written = await stat(await keptFile('head'), { bigint: true });
    await edit(unrelated, 'more');
    expect((await rebuilt()).saidParts).toEqual({ kept: all, made: 0 });
    const after = await stat(await keptFile('head'), { bigint: true });
    expect([after.ino, after.mtimeNs]).toEqual([written.ino, written.mtimeNs]);
  });

  it('reads the head alone when what is beside it is damaged, and writes what a clean build writes', async () => {
    const cold = await rebuilt();
    const all = guides(cold).length + 1;
    await edit(guides(cold)[1]!.file, 'rivers');
    await rebuilt();
    const more = await keptFile('more');
    const bytes = await readFile(more);
    bytes[bytes.length - 3]! ^= 0xff;
    await writeFile(more, bytes);
    await edit(guides(cold)[2]!.file, 'stones');
    const again = await rebuilt();
    // The first edit's part, kept only beside the head, is made again with the second's.
    expect(again.saidParts).toEqual({ kept: all - 2, made: 2 });
    expect(llmsFull(again)).toBe(await clean());
  });
});

/** The kept parts' head, blob, or what is kept beside the head (one of each in the folder). */
/** A head file's JSON, its parts, and its integers (see cache/said-parts.ts). */
function readHead(file: Buffer): { json: { parts: unknown[][] }; parts: unknown[][]; ints: Buffer } {
  const body = checkedBody(file)!.body;
  const end = body.indexOf(0x0a);
  const length = Number(body.toString('latin1', 0, end));
  const json = JSON.parse(body.toString('utf8', end + 1, end + 1 + length)) as { parts: unknown[][] };
  return { json, parts: json.parts, ints: body.subarray(end + 1 + length) };
}

/** Writes a head file as the cache writes one, with its checksum. */
async function writeHead(path: string, json: object, ints: Buffer): Promise<void> {
  const text = asciiJson(json);
  await writeFile(path, Buffer.concat(withChecksum([Buffer.from(`${text.length}\n`), text, ints]).pieces));
}

async function keptFile(which: 'head' | 'blob' | 'more'): Promise<string> {
  const folder = join(work, 'cache', 'said-parts');
  const names = (await readdir(folder)).filter((name) => name.endsWith(`.${which}`));
  expect(names).toHaveLength(1);
  return join(folder, names[0]!);
}

const WORDS = ['river', 'stone', 'cloud', 'maple', 'lantern', 'harbor', 'meadow', 'copper', 'violet', 'summit'];

/** Sentences no guide says, about `bytes` long: each names a different run of words. */
function uniqueProse(round: number, bytes: number): string {
  const sentences: string[] = [];
  let length = 0;
  for (let n = 0; length < bytes; n++) {
    const words = [round, ...String(n).padStart(6, '0')].map((digit) => WORDS[Number(digit) % WORDS.length]!);
    const sentence = `The ${words.join(' ')} example stands for one more line of sample text.`;
    sentences.push(sentence);
    length += sentence.length + 1;
  }
  return sentences.join(' ');
}

describe('two builds sharing a cache folder', () => {
  it('keeps each part’s own bytes when another build appended to the blob after it was read', async () => {
    const cacheDir = join(work, 'shared-cache');
    const scope = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    /** A part as the fold makes it, saying one sentence of its own. */
    const said = (sentence: string) => new SayOnce().make([{ text: sentence, source: 'A guide' }], 'A guide');
    const first = await loadSaidParts(cacheDir, scope);
    first.begin('context');
    for (const key of ['one', 'two', 'three']) first.keep(key, said(`The ${key} guide says this sentence first.`));
    await first.save(cacheDir);
    // Two builds read the same kept parts; each makes the third part anew, and each saves after the other read.
    const [a, b] = [await loadSaidParts(cacheDir, scope), await loadSaidParts(cacheDir, scope)];
    for (const [build, sentence] of [
      [a, 'Build A writes this sentence in the third part.'],
      [b, 'Build B writes another sentence in the third part.'],
    ] as const) {
      build.begin('context');
      for (const key of ['one', 'two']) build.keep(key, build.take(key)!);
      build.keep('three', said(sentence));
    }
    await a.save(cacheDir);
    await b.save(cacheDir);
    const read = await loadSaidParts(cacheDir, scope);
    read.begin('context');
    const text = (key: string) => Buffer.from(read.take(key)!.text as Uint8Array).toString('utf8');
    expect(text('one')).toBe('The one guide says this sentence first.');
    expect(text('two')).toBe('The two guide says this sentence first.');
    // The last head written is B's: its part's bytes are B's, wherever they were put.
    expect(text('three')).toBe('Build B writes another sentence in the third part.');
  });
});

describe('the fold of a rebuild', () => {
  it('is sized by the units its kept parts looked up, under their context only', async () => {
    const cacheDir = join(work, 'sized-cache');
    const scope = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const fold = new SayOnce();
    const made = [
      'The first guide says this sentence first. It says a second sentence of its own too.',
      'The second guide says this sentence of its own.',
      'The first guide says this sentence first. The third guide adds a sentence of its own.',
    ].map((text, i) => fold.make([{ text, source: `Guide ${i}` }], `Guide ${i}`));
    const first = await loadSaidParts(cacheDir, scope);
    first.begin('context');
    expect(first.keyCount).toBe(0);
    for (const [i, part] of made.entries()) first.keep(`part ${i}`, part);
    await first.save(cacheDir);
    const read = await loadSaidParts(cacheDir, scope);
    read.begin('context');
    // Every unit each part looked up, said first or not (the third part's first was said by the first part).
    expect(made.map((part) => part.hashes.length)).toEqual([2, 1, 2]);
    expect(read.keyCount).toBe(5);
    read.begin('another context');
    expect(read.keyCount).toBe(0);
  });
});
