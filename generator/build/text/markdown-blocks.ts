// Reads Markdown into blocks line by line (headings, paragraphs, list items, table rows, code), without a full
// CommonMark parse: the checks only need each block's text and exact offset, and a parse per page would double the
// build's most expensive step (design.md: parsing is most of the cost).

export type BlockKind = 'heading' | 'paragraph' | 'list' | 'table' | 'code';

export interface Line {
  text: string;
  offset: number;
}

export interface Block {
  kind: BlockKind;
  lines: Line[];
  /** For code blocks: the info string after the fence ("json"). */
  info?: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const HEADING = /^ {0,3}#{1,6}(?:\s|$)/;
const LIST_ITEM = /^(\s*)(?:[-*+]|\d{1,9}[.)])\s+/;
const TABLE_ROW = /^\s*\|/;

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    lines.push({ text: line.replace(/\r$/, ''), offset });
    offset += line.length + 1;
  }
  return lines;
}

const blank = (line: Line | undefined) => line !== undefined && line.text.trim() === '';
const startsBlock = (line: Line) =>
  FENCE.test(line.text) || HEADING.test(line.text) || LIST_ITEM.test(line.text) || TABLE_ROW.test(line.text);

export function markdownBlocks(text: string): Block[] {
  const lines = linesOf(text);
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (blank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line.text);
    if (fence) {
      const marker = fence[1]!;
      const body: Line[] = [];
      i++;
      while (i < lines.length && !lines[i]!.text.trimStart().startsWith(marker)) body.push(lines[i++]!);
      i++; // the closing fence
      blocks.push({ kind: 'code', lines: body, info: fence[2]?.toLowerCase() });
      continue;
    }
    if (HEADING.test(line.text)) {
      blocks.push({ kind: 'heading', lines: [line] });
      i++;
      continue;
    }
    if (TABLE_ROW.test(line.text)) {
      const rows: Line[] = [];
      while (i < lines.length && TABLE_ROW.test(lines[i]!.text)) rows.push(lines[i++]!);
      blocks.push({ kind: 'table', lines: rows });
      continue;
    }
    if (LIST_ITEM.test(line.text)) {
      // A list runs on through its items' continuation lines, and across blank lines to an indented line or item.
      const items: Line[] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        if (blank(current)) {
          const next = lines[i + 1];
          if (next && !blank(next) && (LIST_ITEM.test(next.text) || /^\s{2,}/.test(next.text))) {
            i++;
            continue;
          }
          break;
        }
        if (items.length > 0 && !LIST_ITEM.test(current.text) && startsBlock(current)) break;
        items.push(current);
        i++;
      }
      blocks.push({ kind: 'list', lines: items });
      continue;
    }
    const paragraph: Line[] = [];
    while (i < lines.length && !blank(lines[i]) && (paragraph.length === 0 || !startsBlock(lines[i]!)))
      paragraph.push(lines[i++]!);
    blocks.push({ kind: 'paragraph', lines: paragraph });
  }
  return blocks;
}

/** The block's text as written, from its first line to its last (offsets of the file stay valid inside it). */
export function blockText(block: Block | undefined, source: string): string {
  if (!block || block.lines.length === 0) return '';
  const first = block.lines[0]!;
  const last = block.lines[block.lines.length - 1]!;
  return source.slice(first.offset, last.offset + last.text.length);
}

/** Groups a list block's lines into items: an item line and the continuation lines under it. */
export function listItems(block: Block): { lines: Line[]; indent: number }[] {
  const items: { lines: Line[]; indent: number }[] = [];
  for (const line of block.lines) {
    const item = LIST_ITEM.exec(line.text);
    if (item || items.length === 0) items.push({ lines: [line], indent: item ? item[1]!.length : 0 });
    else items[items.length - 1]!.lines.push(line);
  }
  return items;
}

/** Whether a table line is the delimiter row (| --- | :-: |). */
export function isDelimiterRow(line: Line): boolean {
  return /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/.test(line.text);
}
