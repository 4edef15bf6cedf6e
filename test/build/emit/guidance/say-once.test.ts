// Saying each unit once, part by part: a part made in one build is taken again in the next only while what it looked
// up has the same answers, and the file is then byte for byte what one pass over every block writes.
import { describe, expect, it } from 'vitest';
import {
  SayOnce,
  sayOnce,
  type SaidPart,
  type SourcedBlock,
} from '../../../../generator/build/emit/guidance/say-once.js';

interface Guide {
  title: string;
  blocks: string[];
}

/** A small random generator with a seed, so that a failure is the same failure when run again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return state / 2 ** 32;
  };
}

const SENTENCES = Array.from(
  { length: 24 },
  (_, i) => `Sentence number ${i} says a fact that several guides may repeat word for word.`,
);
const ROWS = Array.from({ length: 10 }, (_, i) => `| \`error.field${i}\` | string | A field of the error object |`);
const ITEMS = Array.from({ length: 10 }, (_, i) => `- Item ${i}`);

function randomGuide(next: () => number, title: string): Guide {
  const pick = <T>(list: T[], count: number) =>
    Array.from({ length: count }, () => list[Math.floor(next() * list.length)]!);
  const blocks: string[] = [];
  const count = 1 + Math.floor(next() * 5);
  for (let i = 0; i < count; i++) {
    const kind = next();
    if (kind < 0.4) blocks.push(pick(SENTENCES, 1 + Math.floor(next() * 3)).join(' '));
    else if (kind < 0.65)
      blocks.push(['| Field | Type | Meaning |', '| --- | --- | --- |', ...pick(ROWS, 2)].join('\n'));
    else if (kind < 0.85) blocks.push(pick(ITEMS, 2).join('\n'));
    else if (kind < 0.95) blocks.push(`## Part ${Math.floor(next() * 3)}`);
    else blocks.push(['```sh', 'curl -s https://example.com/', '', 'echo done', '```'].join('\n'));
  }
  return { title, blocks };
}

const sourced = (guide: Guide): SourcedBlock[] => [
  { text: `# ${guide.title}`, source: guide.title },
  ...guide.blocks.map((text) => ({ text, source: guide.title })),
];

/** What one pass over every block writes. */
const clean = (guides: Guide[]) => sayOnce(guides.flatMap(sourced));

/** A build that takes the parts of `kept` whose answers hold and makes the others; what it kept, and its counts. */
function build(guides: Guide[], kept: Map<string, SaidPart>) {
  const fold = new SayOnce();
  const next = new Map<string, SaidPart>();
  const made: string[] = [];
  const texts: string[] = [];
  for (const guide of guides) {
    const key = JSON.stringify(guide);
    const known = kept.get(key);
    let part: SaidPart;
    if (known && fold.take(known, guide.title)) part = known;
    else {
      part = fold.make(sourced(guide), guide.title);
      made.push(guide.title);
    }
    next.set(key, part);
    const text = typeof part.text === 'string' ? part.text : Buffer.from(part.text).toString('utf8');
    if (text !== '') texts.push(text);
  }
  return { text: texts.join('\n\n'), kept: next, made };
}

type Edit = (guides: Guide[], next: () => number) => Guide[];

const at = (guides: Guide[], next: () => number) => Math.floor(next() * guides.length);
const edits: Record<string, Edit> = {
  'a page adds a sentence another page has': (guides, next) => {
    const to = at(guides, next);
    const from = guides[at(guides, next)]!.blocks.find((b) => b.startsWith('Sentence')) ?? SENTENCES[0]!;
    return guides.map((g, i) =>
      i === to ? { ...g, blocks: [...g.blocks, from.split('. ')[0]!.replace(/\.?$/, '.')] } : g,
    );
  },
  'a page removes a repeated table row': (guides, next) => {
    const rows = guides.flatMap((g) =>
      g.blocks.filter((b) => b.startsWith('|')).flatMap((b) => b.split('\n').slice(2)),
    );
    const row = rows[Math.floor(next() * rows.length)];
    if (!row) return guides;
    const first = guides.findIndex((g) => g.blocks.some((b) => b.split('\n').includes(row)));
    return guides.map((g, i) =>
      i === first
        ? {
            ...g,
            blocks: g.blocks.map((b) =>
              b
                .split('\n')
                .filter((line) => line !== row)
                .join('\n'),
            ),
          }
        : g,
    );
  },
  'a title changes': (guides, next) => {
    const which = at(guides, next);
    return guides.map((g, i) => (i === which ? { ...g, title: `${g.title} (renamed)` } : g));
  },
  'a page moves in reading order': (guides, next) => {
    const copy = [...guides];
    const [moved] = copy.splice(at(guides, next), 1);
    copy.splice(at(copy, next), 0, moved!);
    return copy;
  },
  'a page is added': (guides, next) => {
    const copy = [...guides];
    copy.splice(at(guides, next), 0, randomGuide(next, `Added ${Math.floor(next() * 1e6)}`));
    return copy;
  },
  'a page is removed': (guides, next) => guides.filter((_, i) => i !== at(guides, next) || guides.length < 3),
};

describe('saying each unit once, part by part', () => {
  for (const [name, edit] of Object.entries(edits)) {
    it(`writes what one pass writes after an edit: ${name}`, () => {
      let reused = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const next = random(seed);
        const guides = Array.from({ length: 12 }, (_, i) => randomGuide(next, `Guide ${i}`));
        const first = build(guides, new Map());
        expect(first.text).toBe(clean(guides));
        expect(first.made).toHaveLength(guides.length);
        let current = guides;
        let kept = first.kept;
        for (let round = 0; round < 4; round++) {
          current = edit(current, next);
          const again = build(current, kept);
          expect(again.text, `seed ${seed}, round ${round}`).toBe(clean(current));
          reused += current.length - again.made.length;
          kept = again.kept;
        }
      }
      // The parts whose answers held were taken, not made again.
      expect(reused).toBeGreaterThan(60 * 4 * 6);
    });
  }

  it('makes again a later part whose looked-up unit an edit now says first', () => {
    const a = { title: 'A', blocks: ['Nothing in common with the guide below this one.'] };
    const b = { title: 'B', blocks: ['A sentence that both guides come to say at some point.'] };
    const first = build([a, b], new Map());
    const edited = { ...a, blocks: [...a.blocks, 'A sentence that both guides come to say at some point.'] };
    const again = build([edited, b], first.kept);
    expect(again.made).toEqual(['A', 'B']);
    expect(again.text).toBe(clean([edited, b]));
    expect(again.text).not.toContain('# B\n\nA sentence');
  });

  it('takes a part whose looked-up units have the same answers without reading its blocks', () => {
    const guides = [
      { title: 'A', blocks: ['The first guide says this sentence of its own.'] },
      { title: 'B', blocks: ['The second guide says this sentence of its own.'] },
      { title: 'C', blocks: ['The third guide says this sentence of its own.'] },
    ];
    const first = build(guides, new Map());
    const edited = [guides[0]!, { ...guides[1]!, blocks: ['The second guide now says another sentence.'] }, guides[2]!];
    expect(build(edited, first.kept).made).toEqual(['B']);
  });
});
