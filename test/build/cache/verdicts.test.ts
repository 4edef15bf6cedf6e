// Verdicts kept across builds: a text is skipped only when the last good build, in the same scope, judged the same
// bytes at the same place and no check found anything in it.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadVerdicts, saveVerdicts, Verdicts } from '../../../generator/build/cache/verdicts.js';
import { contentHash } from '../../../generator/build/cache/fingerprint.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verdicts-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** One build's checks over texts: `findsIn` says which texts a check has something to say about. */
function run(verdicts: Verdicts, texts: [display: string, text: string][], findsIn: Set<string>): string[] {
  let findings = 0;
  const judged: string[] = [];
  for (const check of ['first', 'second']) {
    for (const [display, text] of texts) {
      verdicts.judge(
        verdicts.key(display, contentHash(text)),
        () => findings,
        () => {
          judged.push(`${check} ${display}`);
          if (check === 'second' && findsIn.has(display)) findings++;
        },
      );
    }
  }
  return judged;
}

describe('verdicts', () => {
  it('skips a text judged fine before, and judges again a changed text, a moved one, and one with a finding', async () => {
    const texts: [string, string][] = [
      ['dist/a.html', 'A'],
      ['dist/b.html', 'B'],
      ['dist/c.html', 'C'],
    ];
    const first = await loadVerdicts(dir, 'scope-1');
    expect(run(first, texts, new Set(['dist/c.html']))).toHaveLength(6);
    await saveVerdicts(dir, first);

    const second = await loadVerdicts(dir, 'scope-1');
    const changed: [string, string][] = [
      ['dist/a.html', 'A'],
      ['dist/b.html', 'B, edited'],
      ['dist/c.html', 'C'],
      ['dist/moved.html', 'A'],
    ];
    expect(run(second, changed, new Set(['dist/c.html']))).toEqual([
      'first dist/b.html',
      'first dist/c.html',
      'first dist/moved.html',
      'second dist/b.html',
      'second dist/c.html',
      'second dist/moved.html',
    ]);
    expect(second.counts).toEqual({ kept: 2, judged: 6 });
  });

  it('takes kept texts in one call: counted as kept, saved again, and a text not kept is refused', async () => {
    const folder = await mkdtemp(join(dir, 'all-kept-'));
    const first = new Verdicts('scope-1');
    run(
      first,
      [
        ['dist/a.html', 'A'],
        ['dist/b.html', 'B'],
      ],
      new Set(),
    );
    await saveVerdicts(folder, first);
    const second = await loadVerdicts(folder, 'scope-1');
    const kept = [second.key('dist/a.html', contentHash('A')), second.key('dist/b.html', contentHash('B'))];
    second.judgeAllKept(kept);
    second.judgeAllKept(kept);
    expect(second.counts).toEqual({ kept: 4, judged: 0 });
    // Taken, not judged: the next build keeps them still.
    await saveVerdicts(folder, second);
    const third = await loadVerdicts(folder, 'scope-1');
    expect(third.kept(third.key('dist/a.html', contentHash('A')))).toBe(true);
    expect(third.kept(third.key('dist/b.html', contentHash('B')))).toBe(true);
    expect(() => third.judgeAllKept([third.key('dist/a.html', contentHash('A, edited'))])).toThrow(/not kept/);
  });

  it('keeps nothing made in another scope (another model, registry or generator)', async () => {
    const verdicts = new Verdicts('scope-1');
    run(verdicts, [['dist/a.html', 'A']], new Set());
    await saveVerdicts(dir, verdicts);
    const other = await loadVerdicts(dir, 'scope-2');
    expect(run(other, [['dist/a.html', 'A']], new Set())).toEqual(['first dist/a.html', 'second dist/a.html']);
  });

  it('says a key is kept only when the last good build in the same scope found nothing in that text', async () => {
    const first = new Verdicts('scope-1');
    run(
      first,
      [
        ['dist/a.html', 'A'],
        ['dist/c.html', 'C'],
      ],
      new Set(['dist/c.html']),
    );
    await saveVerdicts(dir, first);
    const second = await loadVerdicts(dir, 'scope-1');
    expect(second.kept(second.key('dist/a.html', contentHash('A')))).toBe(true);
    expect(second.kept(second.key('dist/a.html', contentHash('A, edited')))).toBe(false);
    expect(second.kept(second.key('dist/c.html', contentHash('C')))).toBe(false);
    expect(second.kept(second.key('dist/moved.html', contentHash('A')))).toBe(false);
    // Asking does not count as judging.
    expect(second.counts).toEqual({ kept: 0, judged: 0 });
  });

  it('are saved once per file: its name and the hashes of its texts found fine, not a key per text and check', async () => {
    const verdicts = new Verdicts('scope-1');
    const texts: [string, string][] = [
      ['dist/a.html', 'A'],
      ['dist/c.html', 'C'],
      ['dist/_agent/page-context.json', '{}'],
    ];
    run(verdicts, texts, new Set(['dist/c.html']));
    // An artifact with files streamed beside it has a second text at its place: its bytes with its stream's.
    const withStream = contentHash('{} and its stream');
    verdicts.judge(
      verdicts.key('dist/_agent/page-context.json', withStream),
      () => 0,
      () => undefined,
    );
    await saveVerdicts(dir, verdicts);
    const saved = JSON.parse(await readFile(join(dir, 'verdicts.json'), 'utf8'));
    expect(saved).toEqual({
      scope: 'scope-1',
      files: [
        ['dist/a.html', contentHash('A')],
        ['dist/_agent/page-context.json', `${contentHash('{}')} ${withStream}`],
      ],
    });
    const next = await loadVerdicts(dir, 'scope-1');
    expect(next.kept(next.key('dist/_agent/page-context.json', withStream))).toBe(true);
    expect(next.kept(next.key('dist/_agent/page-context.json', contentHash('{}')))).toBe(true);
    expect(next.kept(next.key('dist/_agent/page-context.json', contentHash('{"x":1}')))).toBe(false);
  });

  it('gives back the same key for the same text, so that the checks judging it share one', () => {
    const verdicts = new Verdicts('scope-1');
    const key = verdicts.key('dist/a.html', contentHash('A'));
    expect(verdicts.key(`dist/${'a.html'}`, contentHash('A'))).toBe(key);
    expect(verdicts.key('dist/a.html', contentHash('B'))).not.toBe(key);
  });

  it("reads a file's pair only when it is a name and a string, and names that are object members as names", async () => {
    const hash = contentHash('A');
    const pairs = [
      ['dist/a.html', hash],
      ['dist/b.html', [hash]],
      ['dist/c.html', hash, 'more'],
      [42, hash],
      'dist/d.html',
      null,
      ['__proto__', hash],
    ];
    await writeFile(join(dir, 'verdicts.json'), JSON.stringify({ scope: 'scope-1', files: pairs }));
    const verdicts = await loadVerdicts(dir, 'scope-1');
    expect(verdicts.kept(verdicts.key('dist/a.html', hash))).toBe(true);
    for (const display of ['dist/b.html', 'dist/c.html', '42', 'dist/d.html', 'toString', 'constructor']) {
      expect(verdicts.kept(verdicts.key(display, hash)), display).toBe(false);
    }
    expect(verdicts.kept(verdicts.key('__proto__', hash))).toBe(true);
    expect(verdicts.base?.size).toBe(2);
  });

  it('keeps nothing from a damaged file or one of another layout: every text is judged again', async () => {
    const hash = contentHash('A');
    for (const text of [
      '{"scope":"scope-1","files":[["dist/a.html",',
      JSON.stringify({ scope: 'scope-1', passed: [`dist/a.html\0${hash}`] }),
      // The layout before pairs: an object by file.
      JSON.stringify({ scope: 'scope-1', files: { 'dist/a.html': hash } }),
      JSON.stringify({ scope: 'scope-1', files: [[hash, 'dist/a.html']] }),
      'null',
    ]) {
      await writeFile(join(dir, 'verdicts.json'), text);
      const verdicts = await loadVerdicts(dir, 'scope-1');
      expect(run(verdicts, [['dist/a.html', 'A']], new Set())).toEqual(['first dist/a.html', 'second dist/a.html']);
    }
  });
});

describe('verdicts kept beside the file', () => {
  let kept: string;
  beforeAll(async () => {
    kept = await mkdtemp(join(tmpdir(), 'verdicts-beside-'));
  });
  afterAll(async () => {
    await rm(kept, { recursive: true, force: true });
  });

  const TEXTS: [string, string][] = Array.from({ length: 20 }, (_, i) => [`dist/page-${i}.html`, `Page ${i}`]);
  const beside = () => join(kept, 'verdicts.more.json');

  /** A build over the texts, its verdicts saved: what it judged. */
  async function build(texts: [string, string][]): Promise<string[]> {
    const verdicts = await loadVerdicts(kept, 'scope-1');
    const judged = run(verdicts, texts, new Set());
    await saveVerdicts(kept, verdicts);
    return judged;
  }

  it('after an edit, keeps only the files whose verdicts differ, beside the file; the next build reads both', async () => {
    await build(TEXTS);
    const whole = await readFile(join(kept, 'verdicts.json'), 'utf8');
    const edited = TEXTS.map(([display, text], i): [string, string] => [display, i === 3 ? `${text}, edited` : text]);
    expect(await build(edited)).toEqual(['first dist/page-3.html', 'second dist/page-3.html']);
    // The file is as it was; beside it, the edited page's verdict alone.
    expect(await readFile(join(kept, 'verdicts.json'), 'utf8')).toBe(whole);
    expect(JSON.parse(await readFile(beside(), 'utf8'))).toEqual({
      scope: 'scope-1',
      files: [['dist/page-3.html', contentHash('Page 3, edited')]],
    });
    expect(await build(edited)).toEqual([]);
    // Back to the file's own verdicts: nothing differs, and nothing is kept beside it.
    expect(await build(TEXTS)).toEqual(['first dist/page-3.html', 'second dist/page-3.html']);
    expect(existsSync(beside())).toBe(false);
    expect(await build(TEXTS)).toEqual([]);
  });

  it('keeps beside the file what an earlier edit kept there, with a later edit’s', async () => {
    await build(TEXTS);
    const edit = (pages: number[]) =>
      TEXTS.map(([display, text], i): [string, string] => [display, pages.includes(i) ? `${text}, edited` : text]);
    await build(edit([3]));
    expect(await build(edit([3, 5]))).toEqual(['first dist/page-5.html', 'second dist/page-5.html']);
    expect(JSON.parse(await readFile(beside(), 'utf8')).files).toEqual([
      ['dist/page-3.html', contentHash('Page 3, edited')],
      ['dist/page-5.html', contentHash('Page 5, edited')],
    ]);
    expect(await build(edit([3, 5]))).toEqual([]);
  });

  it('writes the whole file again once many differ, and nothing beside it', async () => {
    await build(TEXTS);
    const edited = TEXTS.map(([display, text], i): [string, string] => [display, i < 10 ? `${text}, edited` : text]);
    expect(await build(edited)).toHaveLength(20);
    expect(existsSync(beside())).toBe(false);
    const saved = new Map(JSON.parse(await readFile(join(kept, 'verdicts.json'), 'utf8')).files);
    expect(saved.get('dist/page-0.html')).toBe(contentHash('Page 0, edited'));
    expect(await build(edited)).toEqual([]);
  });

  it('tells whether the changes are few by the pairs the file holds, whatever else it says', async () => {
    await build(TEXTS);
    const whole = JSON.parse(await readFile(join(kept, 'verdicts.json'), 'utf8'));
    expect(whole.files).toHaveLength(TEXTS.length);
    const edited = TEXTS.map(([display, text], i): [string, string] => [display, i === 7 ? `${text}, edited` : text]);
    // A count written beside the pairs (the layout before them had one) is not taken: one change stays one.
    for (const count of [1e20, -1, 'twenty']) {
      await writeFile(join(kept, 'verdicts.json'), JSON.stringify({ ...whole, count }));
      await build(edited);
      expect(existsSync(beside())).toBe(true);
      await rm(beside());
    }
    // Pairs of another shape are not counted: with most of them such, one change is many, and the file is written again.
    await writeFile(
      join(kept, 'verdicts.json'),
      JSON.stringify({ ...whole, files: whole.files.map((pair: string[], i: number) => (i < 19 ? [pair[0]] : pair)) }),
    );
    await build(edited);
    expect(existsSync(beside())).toBe(false);
    expect(JSON.parse(await readFile(join(kept, 'verdicts.json'), 'utf8')).files).toHaveLength(TEXTS.length);
    // The file as the first build left it, for the next test.
    await writeFile(join(kept, 'verdicts.json'), JSON.stringify(whole));
  });

  it('reads the file alone when what is beside it is damaged or of another scope', async () => {
    await build(TEXTS);
    const edited = TEXTS.map(([display, text], i): [string, string] => [display, i === 5 ? `${text}, edited` : text]);
    await build(edited);
    for (const damaged of [
      '{"scope":"scope-1","files":[["dist/page-5.html",',
      JSON.stringify({ scope: 'scope-2', files: [] }),
    ]) {
      await writeFile(beside(), damaged);
      // The edited page is judged again; every other page keeps the file's verdict.
      const verdicts = await loadVerdicts(kept, 'scope-1');
      expect(run(verdicts, edited, new Set())).toEqual(['first dist/page-5.html', 'second dist/page-5.html']);
    }
  });
});
