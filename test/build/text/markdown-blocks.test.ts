// Markdown read into blocks line by line: each block's kind, lines and offsets, list items and table delimiter rows.
import { describe, expect, it } from 'vitest';
import {
  type Block,
  type Line,
  blockText,
  isDelimiterRow,
  listItems,
  markdownBlocks,
} from '../../../generator/build/text/markdown-blocks.js';

const texts = (block: { lines: Line[] } | undefined) => block?.lines.map((l) => l.text);

/** Every line's text is the text at its offset. */
function expectPlaced(blocks: Block[], source: string) {
  for (const line of blocks.flatMap((b) => b.lines)) {
    expect(source.slice(line.offset, line.offset + line.text.length)).toBe(line.text);
  }
}

const page =
  '# Title\n\nFirst line\nsecond line\n- item\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```JSON\n{"a": 1}\n```\nAfter.';

describe('markdown blocks', () => {
  it('reads headings, paragraphs, lists, tables and code, each line at its offset', () => {
    const blocks = markdownBlocks(page);
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'table', 'code', 'paragraph']);
    expect(texts(blocks[1])).toEqual(['First line', 'second line']);
    expect(texts(blocks[3])).toEqual(['| a | b |', '| --- | --- |', '| 1 | 2 |']);
    expect(blocks[4]).toMatchObject({ info: 'json' });
    expect(texts(blocks[4])).toEqual(['{"a": 1}']);
    expectPlaced(blocks, page);
  });

  it('reads CRLF text with the same blocks, lines without their CR, and offsets of the file', () => {
    const crlf = page.replace(/\n/g, '\r\n');
    const blocks = markdownBlocks(crlf);
    expect(blocks.map((b) => b.kind)).toEqual(markdownBlocks(page).map((b) => b.kind));
    expect(texts(blocks[1])).toEqual(['First line', 'second line']);
    expect(blocks[4]!.info).toBe('json');
    expectPlaced(blocks, crlf);
    expect(blockText(blocks[1], crlf)).toBe('First line\r\nsecond line');
  });

  it('reads nothing in an empty or blank text', () => {
    expect(markdownBlocks('')).toEqual([]);
    expect(markdownBlocks('\n  \n\t\n')).toEqual([]);
  });

  it('takes one to six "#" and a space, indented at most three spaces, for a heading', () => {
    const kind = (line: string) => markdownBlocks(line)[0]!.kind;
    expect(['# a', '###### a', '   ## a', '#'].map(kind)).toEqual(['heading', 'heading', 'heading', 'heading']);
    expect(['#hashtag', '####### a'].map(kind)).toEqual(['paragraph', 'paragraph']);
  });

  it('runs a list across blank lines to an indented line or an item, and ends it at other text', () => {
    const md = '- a\n\n- b\n  more\n\n    indented\n1. c\n2) d\n\nAfter';
    const [list, after] = markdownBlocks(md);
    expect(texts(list)).toEqual(['- a', '- b', '  more', '    indented', '1. c', '2) d']);
    expect(texts(after)).toEqual(['After']);
    expect(listItems(list!).map((item) => texts(item))).toEqual([
      ['- a'],
      ['- b', '  more', '    indented'],
      ['1. c'],
      ['2) d'],
    ]);
  });

  it('ends a list at a heading, a table or a fence written right under it', () => {
    for (const next of ['# H', '| a |', '```']) {
      expect(markdownBlocks(`- a\n${next}`).map((b) => b.kind)[0]).toBe('list');
      expect(texts(markdownBlocks(`- a\n${next}`)[0])).toEqual(['- a']);
    }
  });

  it('gives each list item the indent of its marker', () => {
    const [list] = markdownBlocks('- a\n  - b\n    * c\n- d');
    expect(listItems(list!).map((item) => item.indent)).toEqual([0, 2, 4, 0]);
  });

  it('closes a fence only with its own marker at least as long, and runs an unclosed one to the end', () => {
    expect(texts(markdownBlocks('~~~\n```\nx\n~~~\nafter')[0])).toEqual(['```', 'x']);
    expect(texts(markdownBlocks('````\n```\n````')[0])).toEqual(['```']);
    expect(markdownBlocks('```\nx\n`````\nafter').map((b) => b.kind)).toEqual(['code', 'paragraph']);
    expect(texts(markdownBlocks('```text\na\n\nb')[0])).toEqual(['a', '', 'b']);
  });

  it('keeps Unicode text as written, with offsets in code units', () => {
    const md = '# Café ☕\n😀 Texte';
    const blocks = markdownBlocks(md);
    expect(blocks.map((b) => texts(b))).toEqual([['# Café ☕'], ['😀 Texte']]);
    expectPlaced(blocks, md);
  });
});

describe('block text', () => {
  it('is the source from the first line to the end of the last, and empty for no block', () => {
    const blocks = markdownBlocks(page);
    expect(blockText(blocks[3], page)).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
    expect(blockText(undefined, page)).toBe('');
    expect(blockText({ kind: 'code', lines: [] }, page)).toBe('');
  });
});

describe('table delimiter rows', () => {
  it.each([
    ['| --- | :-: |', true],
    ['|:--|--:|', true],
    ['--- | ---', true],
    [' | - |', true],
    ['| a | b |', false],
    ['| --- | x |', false],
    ['| :: |', false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(isDelimiterRow({ text, offset: 0 })).toBe(expected);
  });
});
