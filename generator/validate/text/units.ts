// Splits an artifact's text into the units the wording checks judge one at a time: sentences, list items, table
// rows, headings, code lines, JSON values. Each unit carries the text around it that may qualify it (the line
// that introduces a list, a table's header, a JSON value's sibling values and keys).
import type { TextFormat } from './artifact-text.js';
import { walkJson, type JsonPath } from './json-walk.js';
import { blockText, isDelimiterRow, listItems, markdownBlocks } from './markdown-blocks.js';

export interface TextUnit {
  text: string;
  /** Offset of the unit in the artifact text (for JSON: of the value's first occurrence). */
  offset: number;
  /** Text that qualifies the unit: a list's lead-in, a table's header, a heading's next paragraph, JSON siblings and keys. */
  context: string[];
  /** For JSON units: where the value sits, and where the unit starts inside the string value. */
  path?: JsonPath;
  inValue?: number;
}

/** JSON units are placed at their value's first occurrence; `path` and `inValue` let a message place them exactly. */
export function unitsOf(text: string, format: TextFormat, json?: unknown): TextUnit[] {
  switch (format) {
    case 'markdown':
      return markdownUnits(text);
    case 'html':
      return htmlUnits(text);
    case 'json':
      return json === undefined ? lineUnits(text) : jsonUnits(json, text);
    default:
      return lineUnits(text);
  }
}

// Sentence ends: . ! ? followed by a space, but not after the abbreviations prose uses mid-sentence. A semicolon
// ends a unit too: "Use the seller API; no approval needed" must not borrow the second clause's "no".
const SENTENCE_END = /(?<!\b(?:e\.g|i\.e|etc|vs|cf|approx))(?:[.!?]+|;)(?=\s)/g;

export function sentences(text: string, offset: number, context: string[] = []): TextUnit[] {
  const units: TextUnit[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    push(units, text.slice(start, end), offset + start, context);
    start = end;
  }
  push(units, text.slice(start), offset + start, context);
  return units;
}

function push(units: TextUnit[], raw: string, offset: number, context: string[]): void {
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  if (text) units.push({ text, offset: offset + lead, context });
}

const LIST_MARKER = /^\s*(?:[-*+]|\d{1,9}[.)])\s+/;

export function markdownUnits(text: string): TextUnit[] {
  const units: TextUnit[] = [];
  const blocks = markdownBlocks(text);
  blocks.forEach((block, i) => {
    const before = blockText(blocks[i - 1], text);
    const first = block.lines[0];
    if (!first) return;
    switch (block.kind) {
      case 'heading':
        // A heading names a topic; the paragraph under it says what is true of it.
        push(units, first.text, first.offset, [blockText(blocks[i + 1], text)]);
        break;
      case 'paragraph':
        units.push(...sentences(blockText(block, text), first.offset));
        break;
      case 'list': {
        // Each item is judged with the list's lead-in and with the items it is nested under.
        const parents: { indent: number; text: string }[] = [];
        for (const item of listItems(block)) {
          while (parents.length > 0 && parents[parents.length - 1]!.indent >= item.indent) parents.pop();
          // The unit starts after the item's marker ("- ", "1. "), so excerpts read as the item does.
          const marker = item.lines[0]!.text.length - item.lines[0]!.text.replace(LIST_MARKER, '').length;
          const own = blockText({ kind: 'list', lines: item.lines }, text).slice(marker);
          push(units, own, item.lines[0]!.offset + marker, [before, ...parents.map((p) => p.text)]);
          parents.push({ indent: item.indent, text: own });
        }
        break;
      }
      case 'table': {
        const [header, ...rows] = block.lines;
        push(units, header!.text, header!.offset, [before]);
        for (const row of rows) if (!isDelimiterRow(row)) push(units, row.text, row.offset, [before, header!.text]);
        break;
      }
      case 'code':
        for (const line of block.lines) units.push(...sentences(line.text, line.offset));
        break;
    }
  });
  return units;
}

/** One unit per line (code, XML, robots.txt), each split into sentences. */
export function lineUnits(text: string, offset = 0, context: string[] = []): TextUnit[] {
  const units: TextUnit[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    units.push(...sentences(line, offset + at, context));
    at += line.length + 1;
  }
  return units;
}

// Elements that end one unit and start the next; inline elements and table cells do not (a row is one unit).
const BLOCK_TAGS = new Set([
  'p', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'dd', 'pre', 'title', 'blockquote', 'ul', 'ol',
  'table', 'thead', 'tbody', 'div', 'nav', 'header', 'footer', 'main', 'section', 'article', 'body', 'head',
  'html', 'br', 'hr', 'caption', 'figcaption', 'aside', 'details', 'summary', 'meta', 'link',
]);

/**
 * HTML units without an HTML parser: the tags are blanked out (so offsets stay those of the file) and the text
 * between block tags forms the units. Lists and tables inherit the unit written just before them.
 */
export function htmlUnits(html: string): TextUnit[] {
  const blanked = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, (m) => ' '.repeat(m.length))
    .replace(/<!--[\s\S]*?-->/g, (m) => ' '.repeat(m.length));
  const units: TextUnit[] = [];
  const leadIns: string[] = [];
  const headers: (string | undefined)[] = [];
  let lastBlock = '';
  let inThead = false;
  let start = 0;
  let kind = 'p';
  const flush = (end: number) => {
    const raw = blanked.slice(start, end).replace(/<[^>]*>/g, (m) => ' '.repeat(m.length));
    const context = [...leadIns];
    const header = headers[headers.length - 1];
    if (kind === 'tr' && !inThead && header) context.push(header);
    const text = raw.trim();
    if (text) {
      if (kind === 'li' || kind === 'tr') push(units, raw, start, context);
      else units.push(...sentences(raw, start, context));
      if (kind === 'tr' && inThead) headers[headers.length - 1] = text;
      else if (kind !== 'li' && kind !== 'tr') lastBlock = text;
    }
  };
  for (const tag of blanked.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*>/g)) {
    const name = tag[2]!.toLowerCase();
    if (!BLOCK_TAGS.has(name)) continue;
    const closing = tag[1] === '/';
    flush(tag.index);
    start = tag.index + tag[0].length;
    if (name === 'ul' || name === 'ol' || name === 'table') {
      if (closing) {
        leadIns.pop();
        if (name === 'table') headers.pop();
      } else {
        leadIns.push(lastBlock);
        if (name === 'table') headers.push(undefined);
      }
    }
    if (name === 'thead') inThead = !closing;
    kind = closing ? 'p' : name;
  }
  flush(blanked.length);
  return units;
}

/**
 * A sibling value qualifies a JSON value the way a table cell qualifies its row only when it is short, like a status
 * ("not provided"): a long sentence elsewhere in a big object must not excuse a claim.
 */
export const ROW_VALUE_LIMIT = 80;

/**
 * JSON units: every string value, qualified by the other short string values of its object (a JSON object is read
 * like a table row) and by the keys above it.
 */
export function jsonUnits(json: unknown, text: string): TextUnit[] {
  // A source map of every value would cost a second parse of every JSON artifact; the first occurrence is enough to
  // read the text, and a message asks for the exact place only when there is one to report.
  // One pass over the text's string tokens finds each distinct string's first offset: searching the text once per
  // value was quadratic in a large file (page contexts of thousands of pages). JSON has no quote outside a string,
  // so the tokens are found in order from the start.
  const firstOffsets = new Map<string, number>();
  for (const token of text.matchAll(/"(?:[^"\\]|\\.)*"/g)) {
    if (!firstOffsets.has(token[0])) firstOffsets.set(token[0], token.index);
  }
  const find = (_path: JsonPath, s: string) => firstOffsets.get(JSON.stringify(s)) ?? 0;
  const units: TextUnit[] = [];
  walkJson(json, (value, path) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    const entries = Object.entries(value);
    const siblings = entries.flatMap(([, v]) => (typeof v === 'string' && v.length <= ROW_VALUE_LIMIT ? [v] : []));
    for (const [key, v] of entries) {
      const strings: [string, JsonPath][] =
        typeof v === 'string'
          ? [[v, [...path, key]]]
          : Array.isArray(v)
            ? v.flatMap((x, i): [string, JsonPath][] => (typeof x === 'string' ? [[x, [...path, key, i]]] : []))
            : [];
      for (const [s, valuePath] of strings) {
        const at = find(valuePath, s);
        const context = [...siblings.filter((x) => x !== s), ...path.filter((p): p is string => typeof p === 'string'), key];
        for (const unit of sentences(s, at + 1, context)) units.push({ ...unit, path: valuePath, inValue: unit.offset - at - 1 });
      }
    }
  });
  // Strings directly in a top-level array (rare) still count.
  if (Array.isArray(json)) {
    json.forEach((s, i) => {
      if (typeof s !== 'string') return;
      const at = find([i], s);
      for (const unit of sentences(s, at + 1, [])) units.push({ ...unit, path: [i], inValue: unit.offset - at - 1 });
    });
  }
  return units;
}

/** The JSON code blocks of a Markdown text that parse as JSON, with the offset of each block's first line. */
export function jsonCodeBlocks(text: string): { json: unknown; offset: number }[] {
  const found: { json: unknown; offset: number }[] = [];
  for (const block of markdownBlocks(text)) {
    if (block.kind !== 'code' || !block.info?.startsWith('json') || block.lines.length === 0) continue;
    try {
      // The fence line is just above the first line of the body.
      found.push({ json: JSON.parse(block.lines.map((l) => l.text).join('\n')), offset: fenceOffset(text, block.lines[0]!.offset) });
    } catch {
      // Not JSON (a fragment, comments): nothing to read as a shape.
    }
  }
  return found;
}

function fenceOffset(text: string, bodyOffset: number): number {
  return text.lastIndexOf('\n', bodyOffset - 2) + 1;
}
