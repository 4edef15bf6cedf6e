// markdown-it's tokens turned into the tree remark-parse makes of the same page, for the constructs the fast path
// claims; anything else is refused (a reason), and the page goes to the reference parser.
import type Token from 'markdown-it/lib/token.mjs';
import type {
  Blockquote,
  Code,
  Heading,
  List,
  ListItem,
  Paragraph,
  Parents,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from 'mdast';
import type { LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString as plainText } from 'mdast-util-to-string';
import { MAX_NESTING } from './tokenizer.js';
import { refusedInline, refusedLeafDirective, cellCount, LEAF_DIRECTIVE, REFUSED_TEXT } from './claims.js';

type Position = NonNullable<Root['position']>;

export class Refused extends Error {}

const refuse = (reason: string): never => {
  throw new Refused(reason);
};

/**
 * A block's place: its lines (from markdown-it's line map, counted from the body), no columns or offsets. Enough
 * to tell the editor's nodes from generated ones; a message that needs an exact place comes from the reference parser.
 */
function place(map: [number, number] | null | undefined): Position | undefined {
  if (!map) return undefined;
  return { start: { line: map[0] + 1, column: 1 }, end: { line: Math.max(map[1], map[0] + 1), column: 1 } };
}

type Block = RootContent & { _map?: [number, number] };

/**
 * Builds the tree; `lines` are the body's lines (for tables' cell counts and fences). `directives`: read leaf
 * directives (pages) or leave `::name` lines as text (generated Markdown, read without the directive syntax).
 * `gfmTextAsText`: text that may hold GFM's autolink literals or strikethrough is kept as text instead of refused (the
 * blocks are still remark-parse's, the inline content then is not: for checks of the blocks only).
 */
export function tokensToMdast(tokens: Token[], lines: string[], directives: boolean, gfmTextAsText = false): Root {
  const inlineToMdast = (inline: Token, position: Position | undefined) =>
    inlineContent(inline, position, gfmTextAsText);
  const root: Root = { type: 'root', children: [], position: place([0, lines.length]) };
  const stack: { node: Parents; token?: Token; blocks: Block[] }[] = [{ node: root, blocks: [] }];
  let depth = 0;
  let sawIndentedCode = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.level >= MAX_NESTING) refuse('blocks nested deeper than the fast path reads');
    const top = stack[stack.length - 1]!;
    const add = (node: Block, map = token.map) => {
      if (map) node._map = map as [number, number];
      (top.node.children as RootContent[]).push(node);
      top.blocks.push(node);
    };
    switch (token.type) {
      case 'paragraph_open': {
        const inline = tokens[i + 1]!;
        const directive = directives ? leafDirective(inline, token.map) : undefined;
        const position = place(token.map);
        if (directive) {
          add({ ...directive, position } as LeafDirective as Block);
        } else {
          add({ type: 'paragraph', children: inlineToMdast(inline, position), position } satisfies Paragraph);
        }
        i += 2;
        break;
      }
      case 'heading_open': {
        const inline = tokens[i + 1]!;
        const position = place(token.map);
        const depthOf = Number(token.tag.slice(1)) as Heading['depth'];
        if (directives && inline.content.split('\n').some((line) => LEAF_DIRECTIVE_START.test(line))) {
          refuse('a heading with a line that starts like a directive');
        }
        add({ type: 'heading', depth: depthOf, children: inlineToMdast(inline, position), position } satisfies Heading);
        i += 2;
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open';
        const start = token.attrGet('start');
        // After an indented code block remark-parse reads an ordered list that does not start at 1 as a paragraph.
        // remark-parse does the same in some containers: such lists are claimed only at the top level.
        if (start !== null && start !== '1' && (sawIndentedCode || depth > 0)) refuse('a list not starting at 1 here');
        const list: List = {
          type: 'list',
          ordered,
          start: ordered ? (start === null ? 1 : Number(start)) : null,
          spread: false,
          children: [],
          position: place(token.map),
        };
        add(list);
        stack.push({ node: list, token, blocks: [] });
        depth++;
        break;
      }
      case 'list_item_open': {
        const item: ListItem = {
          type: 'listItem',
          spread: false,
          checked: null,
          children: [],
          position: place(token.map),
        };
        add(item);
        stack.push({ node: item, token, blocks: [] });
        break;
      }
      case 'blockquote_open': {
        const quote: Blockquote = { type: 'blockquote', children: [], position: place(token.map) };
        add(quote);
        stack.push({ node: quote, token, blocks: [] });
        depth++;
        break;
      }
      case 'list_item_close': {
        const frame = stack.pop()!;
        const item = frame.node as ListItem;
        if (item.children.length === 0) refuse('an empty list item');
        // remark-parse: an item is spread when a blank line separates two of its own blocks.
        item.spread = gapBetween(frame.blocks);
        break;
      }
      case 'bullet_list_close':
      case 'ordered_list_close': {
        const frame = stack.pop()!;
        // remark-parse: a list is spread when a blank line separates two of its items.
        (frame.node as List).spread = frame.blocks.some(
          (item, k) => k > 0 && blankBefore(frame.blocks[k - 1]!, item._map![0], lines),
        );
        depth--;
        break;
      }
      case 'blockquote_close':
        stack.pop();
        depth--;
        break;
      case 'fence': {
        if (/[\\&]|\s$/.test(token.info))
          refuse('a code fence info string with escapes, references or trailing spaces');
        if (!closedFence(token, lines)) refuse('a code fence without its closing fence');
        const info = token.info.trim();
        const space = info.search(/\s/);
        const lang = info === '' ? null : space === -1 ? info : info.slice(0, space);
        const meta = space === -1 ? null : info.slice(space).trim() || null;
        add({
          type: 'code',
          lang,
          meta,
          value: token.content.replace(/\n$/, ''),
          position: place(token.map),
        } satisfies Code);
        break;
      }
      case 'code_block':
        sawIndentedCode = true;
        // remark-parse keeps a trailing line of spaces in indented code in some places, markdown-it never does.
        if (lines.some((line) => line !== '' && line.trim() === ''))
          refuse('indented code in a page with lines of spaces');
        add({
          type: 'code',
          lang: null,
          meta: null,
          value: token.content.replace(/\n$/, ''),
          position: place(token.map),
        } satisfies Code);
        break;
      case 'hr':
        add({ type: 'thematicBreak', position: place(token.map) });
        break;
      case 'table_open': {
        if (depth > 0) refuse('a table inside a list or quote');
        // remark-parse would take the line before as the table's header row.
        if (token.map && token.map[0] > 0 && lines[token.map[0] - 1]!.trim() !== '') refuse('a table right after text');
        // remark-parse reads a header row with only escaped pipes, or a delimiter row without pipes, otherwise.
        if (!token.map || !/(?:^|[^\\])\|/.test(lines[token.map[0]]!) || !lines[token.map[0] + 1]!.includes('|')) {
          refuse('a table whose first two rows lack plain pipes');
        }
        const end = tokens.findIndex((t, k) => k > i && t.type === 'table_close');
        add(table(tokens.slice(i + 1, end), lines, token.map, inlineToMdast));
        i = end;
        break;
      }
      default:
        refuse(`a ${token.type.replace(/_open$/, '')} block`);
    }
  }
  for (const node of root.children) clean(node as Block);
  return root;
}

/** The fence's last line closes it (an unclosed fence runs to the end, where the parsers differ on spaces). */
function closedFence(token: Token, lines: string[]): boolean {
  if (!token.map || token.map[1] - token.map[0] < 2) return false;
  const close = /^(`{3,}|~{3,}) *$/.exec(lines[token.map[1] - 1]!.replace(/^[ >]*/, ''));
  return close !== null && close[1]![0] === token.markup[0] && close[1]!.length >= token.markup.length;
}

const LEAF_DIRECTIVE_START = /^\s*::/;

/** A paragraph that is one clean `::name{…}` line is a leaf directive; a line like one anywhere else is refused. */
function leafDirective(inline: Token, map: Token['map']): Omit<LeafDirective, 'position'> | undefined {
  const content = inline.content;
  if (!content.includes('::')) return undefined;
  const parts = content.split('\n');
  if (parts.length === 1 && map && map[1] - map[0] === 1) {
    const directive = LEAF_DIRECTIVE.exec(content.trim());
    if (directive) {
      return refusedLeafDirective(directive) ?? refuse('a leaf directive the fast path does not read');
    }
  }
  if (parts.some((line) => LEAF_DIRECTIVE_START.test(line))) refuse('a line that starts like a directive');
  return undefined;
}

function table(
  tokens: Token[],
  lines: string[],
  map: Token['map'],
  inlineToMdast: (inline: Token, position: Position | undefined) => PhrasingContent[],
): Table {
  const rows: TableRow[] = [];
  const align: Table['align'] = [];
  let row: TableRow | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'tr_open') {
      row = { type: 'tableRow', children: [], position: place(token.map) };
      rows.push(row);
      const line = token.map ? lines[token.map[0]] : undefined;
      if (line !== undefined && rows.length > 1 && cellCount(line) !== align.length) {
        refuse('a table row with another number of cells than its header');
      }
    } else if (token.type === 'th_open' || token.type === 'td_open') {
      if (token.type === 'th_open') {
        const style = token.attrGet('style');
        align.push(style ? (style.slice('text-align:'.length) as 'left' | 'right' | 'center') : null);
      }
      const inline = tokens[i + 1]!;
      const cell: TableCell = {
        type: 'tableCell',
        children: inlineToMdast(inline, row!.position),
        position: row!.position,
      };
      row!.children.push(cell);
      i += 2;
    }
  }
  return { type: 'table', align, children: rows, position: place(map) };
}

/** True when a blank line lies between any two consecutive blocks (their line maps leave a gap). */
function gapBetween(blocks: Block[]): boolean {
  for (let k = 1; k < blocks.length; k++) {
    if (blocks[k]!._map && blocks[k - 1]!._map && blocks[k]!._map![0] > lastLine(blocks[k - 1]!)) return true;
  }
  return false;
}

/** The line after a block's last line of content, its nested blocks included. */
function lastLine(block: Block): number {
  if (block.type !== 'list' && block.type !== 'listItem') return block._map?.[1] ?? 0;
  // A list's or an item's own line map runs on over the blank lines after it.
  let end = (block._map?.[0] ?? 0) + 1;
  for (const child of block.children as Block[]) if (child._map) end = Math.max(end, lastLine(child));
  return end;
}

function blankBefore(previous: Block, start: number, lines: string[]): boolean {
  for (let line = lastLine(previous); line < start; line++) if (lines[line]!.trim() === '') return true;
  return false;
}

function clean(node: Block): void {
  delete node._map;
  if (node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote') {
    for (const child of node.children as Block[]) clean(child);
  }
}

/** An inline token's children as phrasing content; adjacent text and soft breaks become one text node. */
function inlineContent(inline: Token, position: Position | undefined, gfmTextAsText: boolean): PhrasingContent[] {
  const why = refusedInline(inline.content);
  if (why) refuse(why);
  const root: { children: PhrasingContent[] } = { children: [] };
  const stack: { children: PhrasingContent[] }[] = [root];
  const text = (value: string) => {
    const children = stack[stack.length - 1]!.children;
    const last = children[children.length - 1];
    if (last && last.type === 'text') last.value += value;
    else children.push({ type: 'text', value, position });
  };
  const open = (node: PhrasingContent & { children: PhrasingContent[] }) => {
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  };
  for (const token of inline.children ?? []) {
    if (token.level >= MAX_NESTING) refuse('inline constructs nested deeper than the fast path reads');
    switch (token.type) {
      case 'text':
      case 'text_special':
        if (!gfmTextAsText && REFUSED_TEXT.test(token.content)) refuse('strikethrough or a possible autolink literal');
        if (token.content !== '') text(token.content);
        break;
      case 'softbreak':
        text('\n');
        break;
      case 'hardbreak':
        stack[stack.length - 1]!.children.push({ type: 'break', position });
        break;
      case 'code_inline':
        if (/^ *$/.test(token.content)) refuse('a code span of spaces only');
        stack[stack.length - 1]!.children.push({ type: 'inlineCode', value: token.content, position });
        break;
      case 'em_open':
        open({ type: 'emphasis', children: [], position });
        break;
      case 'strong_open':
        open({ type: 'strong', children: [], position });
        break;
      case 'link_open':
        if (token.markup === 'autolink' || token.markup === 'linkify') refuse('an autolink');
        open({ type: 'link', url: token.attrGet('href') ?? '', title: token.attrGet('title'), children: [], position });
        break;
      case 'em_close':
      case 'strong_close':
      case 'link_close':
        stack.pop();
        break;
      case 'image': {
        const alt = inlineContent(
          { ...token, content: '', children: token.children } as Token,
          position,
          gfmTextAsText,
        );
        stack[stack.length - 1]!.children.push({
          type: 'image',
          url: token.attrGet('src') ?? '',
          title: token.attrGet('title'),
          alt: plainText(alt),
          position,
        });
        break;
      }
      case 'text_directive':
        stack[stack.length - 1]!.children.push({
          type: 'textDirective',
          name: token.content,
          attributes: {},
          children: [],
          // Lines only, no offsets: the expansion then writes an unknown directive back as `:name`, its source.
          position,
        } satisfies TextDirective);
        break;
      default:
        refuse(`inline ${token.type}`);
    }
  }
  return root.children;
}
