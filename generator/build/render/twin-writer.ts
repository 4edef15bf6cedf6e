// Writes the Markdown twin: the blocks whose Markdown is their own text (plain paragraphs, ATX headings, fenced code,
// rules) are written directly, byte for byte what remark-stringify would write; remark-stringify writes the rest and
// joins them. Escaping is what makes the writer slow (dozens of patterns tried on every text), and most of a page is
// plain prose that needs none.
import type { Code, Heading, Html, List, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import { stringifyMarkdown } from './processor.js';

/**
 * Text that no escaping rule of the writer touches in a paragraph, a heading or a link's label: letters, digits,
 * spaces, line feeds, any character past ASCII, and the punctuation that only matters at a line's start (kept off
 * it below) or in constructs these blocks do not have (titles, destinations). Not `! # & * < [ \ ] _ \` ~ @ |`.
 */
const PLAIN_TEXT = /^[A-Za-z0-9 \n,.;:'"?()/%$+=\-\u0080-\uFFFF]*$/;
/** The writer escapes a GFM autolink literal's start (`www.`, `http:/`), so text with one is left to it. */
const AUTOLINK_START = /[Ww]\.[-.\w]|[ps]:\//;
/** Spaces next to a line ending are encoded by the writer. */
const EDGE_SPACE = /[ \t]\n|\n[ \t]/;
/** After a line ending, only a letter: digits could start a list item, other characters other blocks. */
const LINE_START = /\n(?![A-Za-z])/;
/** A link destination written raw, as is (no parentheses, spaces, `&` or angle brackets). */
const PLAIN_URL = /^[A-Za-z0-9/._~%#?=+:-]+$/;
const FENCE_LANG = /^[A-Za-z0-9_+.-]+$/;

/** A text's Markdown when it is the text itself; `first`/`last`: it starts or ends its paragraph or heading. */
function plainText(value: string, first: boolean, last: boolean): string | undefined {
  if (value === '' || !PLAIN_TEXT.test(value) || AUTOLINK_START.test(value) || EDGE_SPACE.test(value)) return;
  if (LINE_START.test(value)) return;
  if (first && !/^[A-Za-z]/.test(value)) return;
  if (last && / $/.test(value)) return;
  return value;
}

/** An inline code span written with single backticks and no padding. */
function plainCode(value: string): string | undefined {
  if (value === '' || /[`\n\r]/.test(value) || /^ | $/.test(value)) return;
  return `\`${value}\``;
}

/** The Markdown of a run of text, links and code spans, or undefined when the writer could write it otherwise. */
function plainPhrasing(children: PhrasingContent[], atLineStart: boolean): string | undefined {
  let out = '';
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const first = i === 0;
    const last = i === children.length - 1;
    let written: string | undefined;
    if (child.type === 'text') written = plainText(child.value, first && atLineStart, last);
    else if (child.type === 'inlineCode') written = plainCode(child.value);
    else if (child.type === 'link') {
      const [label] = child.children;
      if (child.children.length !== 1 || label?.type !== 'text' || child.title) return;
      // A link whose label is its address is written as an autolink.
      if (!PLAIN_URL.test(child.url) || label.value === child.url || `mailto:${label.value}` === child.url) return;
      const text = plainText(label.value, false, false);
      written = text === undefined || text.includes('\n') ? undefined : `[${text}](${child.url})`;
    }
    if (written === undefined) return;
    out += written;
  }
  return out;
}

function longestBacktickRun(value: string): number {
  let longest = 0;
  for (const run of value.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * A bulleted list of one-line items, each a paragraph of plain text: `- ` before each, a line ending between items of
 * a tight list (`spread: false`) and a blank line otherwise, as the writer joins them.
 */
function plainList(list: List): string | undefined {
  if (list.ordered || list.children.length === 0) return;
  const items: string[] = [];
  for (const item of list.children) {
    const [only] = item.children;
    if (item.checked != null || item.children.length !== 1 || only?.type !== 'paragraph') return;
    const text = plainPhrasing(only.children, true);
    if (text === undefined || text.includes('\n')) return;
    items.push(`- ${text}`);
  }
  return items.join(list.spread === false ? '\n' : '\n\n');
}

/** A top-level block's Markdown when it can be written directly; undefined leaves it to remark-stringify. */
export function directMarkdown(node: RootContent): string | undefined {
  switch (node.type) {
    case 'paragraph':
      return plainPhrasing((node as Paragraph).children, true);
    case 'heading': {
      const heading = node as Heading;
      const text = plainPhrasing(heading.children, false);
      // A heading with a line break in it is written in the setext style; a leading space would be encoded.
      if (!text || text.includes('\n') || /^[ \t]/.test(text) || heading.depth < 1 || heading.depth > 6) return;
      return `${'#'.repeat(heading.depth)} ${text}`;
    }
    case 'code': {
      const code = node as Code;
      if (code.meta || (code.lang != null && !FENCE_LANG.test(code.lang))) return;
      const fence = '`'.repeat(Math.max(longestBacktickRun(code.value) + 1, 3));
      return `${fence}${code.lang ?? ''}\n${code.value ? `${code.value}\n` : ''}${fence}`;
    }
    case 'thematicBreak':
      return '---';
    case 'list':
      return plainList(node as List);
    default:
      return undefined;
  }
}

/**
 * The twin of an expanded page. The tree is not changed (the HTML is made from it next). Each block written directly
 * takes its place as raw text, which the writer copies as is; the joins between top-level blocks do not depend on
 * their kinds here (fenced code, a root without `spread`). A list next to another list is left to the writer, which
 * gives the second one other bullets.
 */
export function writeTwin(tree: Root): string {
  let direct = 0;
  const isList = (node: RootContent | undefined) => node?.type === 'list';
  const children = tree.children.map((child, i): RootContent => {
    if (isList(child) && (isList(tree.children[i - 1]) || isList(tree.children[i + 1]))) return child;
    const markdown = directMarkdown(child);
    if (markdown === undefined) return child;
    direct++;
    return { type: 'html', value: markdown } satisfies Html;
  });
  if (direct === 0) return stringifyMarkdown(tree);
  return stringifyMarkdown({ ...tree, children });
}
