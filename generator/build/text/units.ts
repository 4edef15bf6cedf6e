// Splits an artifact's text into the units the wording checks judge one at a time: sentences, list items, table
// rows, headings, code lines, JSON values. Each unit carries the text around it that may qualify it (the line
// that introduces a list, a table's header, a JSON value's sibling values and keys).
import type { TextFormat } from './text-format.js';
import { walkJson, type JsonPath } from './json-walk.js';
import { blockText, isDelimiterRow, listItems, markdownBlocks, type Block } from './markdown-blocks.js';

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
export function unitsOf(text: string, format: TextFormat, json?: unknown, blocks?: Block[]): TextUnit[] {
  switch (format) {
    case 'markdown':
      return markdownUnits(text, blocks);
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
const MAY_END_SENTENCE = /[.!?;]/;
const SENTENCE_END = /(?<!\b(?:e\.g|i\.e|etc|vs|cf|approx))(?:[.!?]+|;)(?=\s)/g;

export function sentences(text: string, offset: number, context: string[] = []): TextUnit[] {
  const units: TextUnit[] = [];
  // Most values and many lines end no sentence inside: one unit, without the search.
  if (!MAY_END_SENTENCE.test(text)) {
    push(units, text, offset, context);
    return units;
  }
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

/** `blocks`: the text's blocks when they are already read (markdownBlocks). */
export function markdownUnits(text: string, blocks: Block[] = markdownBlocks(text)): TextUnit[] {
  const units: TextUnit[] = [];
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
  'p',
  'li',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'dt',
  'dd',
  'pre',
  'title',
  'blockquote',
  'ul',
  'ol',
  'table',
  'thead',
  'tbody',
  'div',
  'nav',
  'header',
  'footer',
  'main',
  'section',
  'article',
  'body',
  'head',
  'html',
  'br',
  'hr',
  'caption',
  'figcaption',
  'aside',
  'details',
  'summary',
  'meta',
  'link',
]);

/**
 * HTML units without an HTML parser: the tags are blanked out (so offsets stay those of the file) and the text
 * between block tags forms the units. Lists and tables inherit the unit written just before them.
 */
export function htmlUnits(html: string): TextUnit[] {
  const scan = scanHtml(blankHtml(html), emptyHtmlState());
  return scan.units;
}

/** Script and style bodies and comments are not text: blanked to spaces, so that offsets stay those of the file. */
export function blankHtml(html: string): string {
  return html
    .replace(SCRIPT_OR_STYLE, (m) => ' '.repeat(m.length))
    .replace(/<!--[\s\S]*?-->/g, (m) => ' '.repeat(m.length));
}

const SCRIPT_OR_STYLE = /<(script|style)\b[\s\S]*?<\/\1>/gi;

/**
 * The [start, end) ranges blankHtml blanks, without making the blanked copy of the page; undefined for a page with a
 * comment (a comment is found in the text with its scripts already blanked: then blank the page itself).
 */
export function blankedRanges(html: string): [number, number][] | undefined {
  if (html.includes('<!--')) return undefined;
  return [...html.matchAll(SCRIPT_OR_STYLE)].map((m): [number, number] => [m.index, m.index + m[0].length]);
}

/** A stretch of a page as blankHtml blanks it, from the page and its blanked ranges. */
export function blankedSlice(html: string, from: number, to: number, ranges: [number, number][]): string {
  let out = '';
  let at = from;
  for (const [start, end] of ranges) {
    if (end <= at || start >= to) continue;
    const a = Math.max(start, at);
    const b = Math.min(end, to);
    out += html.slice(at, a) + ' '.repeat(b - a);
    at = b;
  }
  return at === from ? html.slice(from, to) : out + html.slice(at, to);
}

/** What the HTML reader carries from one stretch of a page to the next. */
export interface HtmlState {
  /** The lead-in of each open list or table (the block written just before it). */
  leadIns: string[];
  /** The header row of each open table. */
  headers: (string | undefined)[];
  /** The last block's text: the lead-in of a list or table that opens next. */
  lastBlock: string;
  inThead: boolean;
}

export const emptyHtmlState = (): HtmlState => ({ leadIns: [], headers: [], lastBlock: '', inThead: false });

export interface HtmlScan {
  /** Units with offsets in the scanned text. */
  units: TextUnit[];
  /** Whether a list or table opened before any block of the text: then its lead-in is the block before the text. */
  readsLastBlock: boolean;
  /** Whether the text set the last block itself (else it passes on the one it was given). */
  setsLastBlock: boolean;
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*>/g;

/**
 * Reads blanked HTML into units, from a state (updated in place). A text that starts with a block tag (or at the
 * start of a page) and ends before one (or at the end) reads exactly as it does inside the whole page.
 */
export function scanHtml(blanked: string, state: HtmlState): HtmlScan {
  const units: TextUnit[] = [];
  let readsLastBlock = false;
  let setsLastBlock = false;
  let start = 0;
  let kind = 'p';
  const flush = (end: number) => {
    // Most flushes come between two tags with nothing between them.
    if (end <= start) return;
    let raw = blanked.slice(start, end);
    if (raw.includes('<')) raw = raw.replace(/<[^>]*>/g, (m) => ' '.repeat(m.length));
    const text = raw.trim();
    if (!text) return;
    const context = [...state.leadIns];
    const header = state.headers[state.headers.length - 1];
    if (kind === 'tr' && !state.inThead && header) context.push(header);
    if (kind === 'li' || kind === 'tr') push(units, raw, start, context);
    else units.push(...sentences(raw, start, context));
    if (kind === 'tr' && state.inThead) state.headers[state.headers.length - 1] = text;
    else if (kind !== 'li' && kind !== 'tr') {
      state.lastBlock = text;
      setsLastBlock = true;
    }
  };
  for (const tag of blanked.matchAll(TAG)) {
    const name = tag[2]!.toLowerCase();
    if (!BLOCK_TAGS.has(name)) continue;
    const closing = tag[1] === '/';
    flush(tag.index);
    start = tag.index + tag[0].length;
    if (name === 'ul' || name === 'ol' || name === 'table') {
      if (closing) {
        state.leadIns.pop();
        if (name === 'table') state.headers.pop();
      } else {
        if (!setsLastBlock) readsLastBlock = true;
        state.leadIns.push(state.lastBlock);
        if (name === 'table') state.headers.push(undefined);
      }
    }
    if (name === 'thead') state.inThead = !closing;
    kind = closing ? 'p' : name;
  }
  flush(blanked.length);
  return { units, readsLastBlock, setsLastBlock };
}

// Landmarks a site's template repeats on every page (its header, navigation, footer): the places where a page is cut
// into stretches, so that a stretch every page repeats is read once.
const LANDMARK = /<\/?(?:header|nav|main|footer)\b/gi;

/**
 * Offsets of the landmark tags where blanked HTML can be cut: each one a block tag that the reader sees as a tag
 * (no tag before it is still open: the nearest angle bracket before it is a ">"), so every stretch reads as it does
 * inside the page.
 */
export function htmlCuts(blanked: string): number[] {
  return htmlCutsIn(blanked, []);
}

/** htmlCuts of the blanked page, read in the page itself with the ranges blankHtml would blank (blankedRanges). */
export function htmlCutsIn(html: string, ranges: [number, number][]): number[] {
  const inRange = (pos: number) => ranges.find(([start, end]) => pos >= start && pos < end);
  const cuts: number[] = [];
  for (const m of html.matchAll(LANDMARK)) {
    const at = m.index;
    if (at === 0 || inRange(at)) continue;
    // The nearest angle bracket before it that is not blanked.
    let bracket = Math.max(html.lastIndexOf('>', at - 1), html.lastIndexOf('<', at - 1));
    for (
      let range = bracket >= 0 ? inRange(bracket) : undefined;
      range;
      range = bracket >= 0 ? inRange(bracket) : undefined
    ) {
      bracket =
        range[0] === 0 ? -1 : Math.max(html.lastIndexOf('>', range[0] - 1), html.lastIndexOf('<', range[0] - 1));
    }
    if (bracket >= 0 && html[bracket] === '<') continue;
    // A ">" after it that is not blanked.
    let close = html.indexOf('>', at);
    for (let range = close >= 0 ? inRange(close) : undefined; range; range = close >= 0 ? inRange(close) : undefined) {
      close = html.indexOf('>', range[1]);
    }
    if (close < 0) continue;
    cuts.push(at);
  }
  return cuts;
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
  const add = (s: string, valuePath: JsonPath, context: string[]) => {
    const at = find(valuePath, s);
    for (const unit of sentences(s, at + 1, context)) {
      units.push({
        text: unit.text,
        offset: unit.offset,
        context: unit.context,
        path: valuePath,
        inValue: unit.offset - at - 1,
      });
    }
  };
  walkJson(json, (value, path) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object);
    const siblings: string[] = [];
    for (const key of keys) {
      const v = object[key];
      if (typeof v === 'string' && v.length <= ROW_VALUE_LIMIT) siblings.push(v);
    }
    // The keys above the object, once per object (the walker's path changes as it walks on).
    let above: string[] | undefined;
    const contextOf = (s: string, key: string) => {
      above ??= path.filter((p): p is string => typeof p === 'string');
      return [...(siblings.includes(s) ? siblings.filter((x) => x !== s) : siblings), ...above, key];
    };
    for (const key of keys) {
      const v = object[key];
      if (typeof v === 'string') add(v, [...path, key], contextOf(v, key));
      else if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          const x: unknown = v[i];
          if (typeof x === 'string') add(x, [...path, key, i], contextOf(x, key));
        }
      }
    }
  });
  // Strings directly in a top-level array (rare) still count.
  if (Array.isArray(json)) {
    json.forEach((s, i) => {
      if (typeof s !== 'string') return;
      add(s, [i], []);
    });
  }
  return units;
}

/** The JSON code blocks of a Markdown text that parse as JSON, with the offset of each block's first line. */
export function jsonCodeBlocks(
  text: string,
  blocks: Block[] = markdownBlocks(text),
): { json: unknown; offset: number }[] {
  const found: { json: unknown; offset: number }[] = [];
  for (const block of blocks) {
    if (block.kind !== 'code' || !block.info?.startsWith('json') || block.lines.length === 0) continue;
    try {
      // The fence line is just above the first line of the body.
      found.push({
        json: JSON.parse(block.lines.map((l) => l.text).join('\n')),
        offset: fenceOffset(text, block.lines[0]!.offset),
      });
    } catch {
      // Not JSON (a fragment, comments): nothing to read as a shape.
    }
  }
  return found;
}

function fenceOffset(text: string, bodyOffset: number): number {
  return text.lastIndexOf('\n', bodyOffset - 2) + 1;
}
