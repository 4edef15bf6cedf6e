// Plain text written into generated Markdown: a CommonMark and GFM reader reads it back as the same text, never syntax.
import type { List, Paragraph } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { markdownText } from '../../../generator/build/text/markdown-text.js';

const reader = unified().use(remarkParse).use(remarkGfm);

/** The kinds of node and the text a list item reads as, when the text is written after a list marker. */
function readBack(text: string): { types: string[]; text: string } {
  const list = reader.parse(`- ${markdownText(text)}\n`).children[0] as List;
  const paragraph = list.children[0]!.children[0] as Paragraph | undefined;
  const inline = paragraph?.children ?? [];
  return {
    types: [...new Set(inline.map((n) => n.type))],
    text: inline.map((n) => ('value' in n ? n.value : '')).join(''),
  };
}

describe('markdownText', () => {
  it.each([
    'search_products and _private_ and __init__',
    '*stars* and **strong** and ~~struck~~ and ~one~',
    '[a link](javascript:alert(1)) and ![an image](/i.png) and [ref]',
    '<b>raw</b> and <irc:chat.example> and <!-- comment -->',
    '`code` and ``more``',
    '&copy; &#169; &amp;',
    'C:\\dir\\ and a trailing backslash \\',
    'é_é, 日本_語, naïve *émphase*',
    '2 > 1 # not a heading - nor a list',
    '',
  ])('reads back %j as the same text and nothing else', (text) => {
    const read = readBack(text);
    expect(read.text).toBe(text);
    expect(read.types.filter((t) => t !== 'text')).toEqual([]);
  });

  it('leaves an underscore inside a word, in any script, as written', () => {
    expect(markdownText('search_products')).toBe('search_products');
    expect(markdownText('日本_語')).toBe('日本_語');
    expect(markdownText('_lead trail_')).toBe('\\_lead trail\\_');
  });
});
