// Splits an artifact's text into the units the wording checks judge one at a time: sentences, list items, table
// rows, headings, code lines, JSON values. Each unit carries the text around it that may qualify it (the line
// that introduces a list, a table's header, a JSON value's sibling values and keys).
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import type { Root, RootContent, List, Table } from 'mdast';
import type { TextFormat } from './artifact-text.js';
import { walkJson, type JsonPath } from './json-walk.js';

export interface TextUnit {
  text: string;
  /** Offset of the unit in the artifact text (for JSON: of the value's first occurrence). */
  offset: number;
  /** Text that qualifies the unit: a list's lead-in, a table's header, a heading's next paragraph, JSON siblings and keys. */
  context: string[];
  /** For JSON units: where the value sits. */
  path?: JsonPath;
}

const markdown = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();

/** `offsetAt` places JSON values exactly (json-source-map); without it a value is found by its first occurrence. */
export function unitsOf(text: string, format: TextFormat, json?: unknown, offsetAt?: (path: JsonPath) => number): TextUnit[] {
  switch (format) {
    case 'markdown':
      return markdownUnits(text);
    case 'html':
      return htmlUnits(text);
    case 'json':
      return json === undefined ? lineUnits(text) : jsonUnits(json, text, offsetAt);
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

export function markdownUnits(text: string): TextUnit[] {
  const tree = markdown.parse(text) as Root;
  const units: TextUnit[] = [];
  blocks(tree.children, text, units, []);
  return units;
}

function slice(node: RootContent | undefined, text: string): string {
  const start = node?.position?.start.offset;
  const end = node?.position?.end.offset;
  return start === undefined || end === undefined ? '' : text.slice(start, end);
}

function blocks(nodes: RootContent[], text: string, units: TextUnit[], inherited: string[]): void {
  nodes.forEach((node, i) => {
    const start = node.position?.start.offset ?? 0;
    const before = slice(nodes[i - 1], text);
    switch (node.type) {
      case 'heading':
        // A heading names a topic; the paragraph under it says what is true of it.
        push(units, slice(node, text), start, [...inherited, slice(nodes[i + 1], text)]);
        break;
      case 'paragraph':
        units.push(...sentences(slice(node, text), start, inherited));
        break;
      case 'list':
        listUnits(node, text, units, [...inherited, before]);
        break;
      case 'table':
        tableUnits(node, text, units, [...inherited, before]);
        break;
      case 'code':
        units.push(...lineUnits(slice(node, text), start, inherited));
        break;
      case 'blockquote':
      case 'containerDirective':
        blocks(node.children as RootContent[], text, units, inherited);
        break;
      case 'html':
        units.push(...lineUnits(slice(node, text), start, inherited));
        break;
      default:
        break;
    }
  });
}

function listUnits(list: List, text: string, units: TextUnit[], context: string[]): void {
  for (const item of list.children) {
    const [first, ...rest] = item.children;
    if (!first) continue;
    const own = slice(first, text);
    if (first.type === 'paragraph') push(units, own, first.position?.start.offset ?? 0, context);
    else blocks([first], text, units, context);
    blocks(rest, text, units, [...context, own]);
  }
}

function tableUnits(table: Table, text: string, units: TextUnit[], context: string[]): void {
  const [header, ...rows] = table.children;
  if (!header) return;
  const headerText = slice(header as unknown as RootContent, text);
  push(units, headerText, header.position?.start.offset ?? 0, context);
  for (const row of rows) {
    push(units, slice(row as unknown as RootContent, text), row.position?.start.offset ?? 0, [...context, headerText]);
  }
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
  let headers: (string | undefined)[] = [];
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
  headers = [];
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
export function jsonUnits(json: unknown, text: string, offsetAt?: (path: JsonPath) => number): TextUnit[] {
  const find = (path: JsonPath, s: string) => (offsetAt ? offsetAt(path) : Math.max(0, text.indexOf(JSON.stringify(s))));
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
        for (const unit of sentences(s, at + 1, context)) units.push({ ...unit, path: [...path, key] });
      }
    }
  });
  // Strings directly in a top-level array (rare) still count.
  if (Array.isArray(json)) {
    json.forEach((s, i) => {
      if (typeof s === 'string') units.push(...sentences(s, find([i], s) + 1, []));
    });
  }
  return units;
}

/** The JSON code blocks of a Markdown text that parse as JSON, with the offset of each block. */
export function jsonCodeBlocks(text: string): { json: unknown; offset: number }[] {
  const tree = markdown.parse(text) as Root;
  const blocks: { json: unknown; offset: number }[] = [];
  const visit = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type === 'code' && /^json/i.test(node.lang ?? '')) {
        try {
          blocks.push({ json: JSON.parse(node.value), offset: node.position?.start.offset ?? 0 });
        } catch {
          // Not JSON (a fragment, comments): nothing to read as a shape.
        }
      } else if ('children' in node) visit(node.children as RootContent[]);
    }
  };
  visit(tree.children);
  return blocks;
}
