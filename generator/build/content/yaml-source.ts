// Parses YAML with positions, so that syntax and schema errors point at the file, line and column.
import {
  isAlias,
  isMap,
  isNode,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Scalar,
  type YAMLError,
} from 'yaml';
import type { SourcePlace } from '../../model/types.js';
import type { Diagnostics } from '../messages/diagnostics.js';
import { MAX_YAML_ALIASES } from './limits.js';

/**
 * A YAML text read: its value, and where each of its nodes starts (what a message needs to be placed later, and what
 * the boundaries guard reads of each string). Plain JSON, so that a read kept across builds is the read made again.
 */
export interface YamlSource {
  file: string;
  /** Lines before the YAML text in its file (front matter starts one line after the opening ---). */
  lineOffset: number;
  value: unknown;
  /** The document's top node; null for an empty document. */
  root: YamlNode | null;
}

/** Where a node starts in the YAML text: its line and column, from 1 (before `lineOffset`). */
export type YamlAt = [line: number, column: number];

/**
 * One node of a YAML document, as the parser gave it: where it starts, and what the places and the guard read of it.
 * A map's pairs and a sequence's items keep the document's order; a pair or item that is not a node is null.
 */
export interface YamlNode {
  at: YamlAt;
  /** A string scalar: its value, its style (the parser's scalar type: PLAIN, QUOTE_DOUBLE…). */
  text?: string;
  style?: string;
  /** A plain or quoted string scalar written on one line: its words sit at its column plus their offset. */
  inline?: true;
  /** A map: each pair's key (the key scalar's value), where the key starts, and the value's node. */
  pairs?: YamlPair[];
  /** A sequence: its items' nodes. */
  items?: (YamlNode | null)[];
}

/**
 * A pair of a map. A key that is not a scalar (a collection, an alias, or no key at all: never named by a path) is
 * `[null, at, value, true]`, its place null when there is no key.
 */
export type YamlPair = [key: YamlKey, keyAt: YamlAt | null, value: YamlNode | null, notScalar?: true];

/** A key scalar's value. */
export type YamlKey = string | number | boolean | null;

/** The key a duplicate-key error points at (its offset), and the offset of its first writing in the same mapping. */
function duplicateKey(doc: Document, at: number): { key: string; first: number } | undefined {
  let found: { key: string; first: number } | undefined;
  visit(doc, {
    Map(_, map) {
      const pair = map.items.find((item) => isScalar(item.key) && item.key.range?.[0] === at);
      if (!pair || !isScalar(pair.key)) return;
      const key = String(pair.key.value);
      const first = map.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
      found = { key, first: (first!.key as Scalar).range![0] };
      return visit.BREAK;
    },
  });
  return found;
}

/** Parses one YAML text; reports syntax errors and returns undefined when there are any. */
export function parseYamlSource(
  text: string,
  file: string,
  diagnostics: Diagnostics,
  lineOffset = 0,
): YamlSource | undefined {
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  } catch (error) {
    // The parser recurses once per nested level: a structure nested thousands deep overflows the stack.
    if (!(error instanceof RangeError)) throw error;
    diagnostics.error('load', {
      ruleId: 'nesting-too-deep',
      reason: 'The YAML is nested too deeply to be read.',
      fix: 'Flatten the structure: content facts nest a few levels at most.',
      place: { file, line: 1 + lineOffset, column: 1 },
    });
    return undefined;
  }
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      const opening = unclosedQuote(doc, error);
      const pos = lineCounter.linePos(opening ?? error.pos[0]);
      if (error.code === 'RESOURCE_EXHAUSTION') {
        // The parser's own guard against deep nesting (its message is a JavaScript error's).
        diagnostics.error('load', {
          ruleId: 'nesting-too-deep',
          reason: 'The YAML is nested too deeply to be read.',
          fix: 'Flatten the structure: content facts nest a few levels at most.',
          place: { file, line: pos.line + lineOffset, column: pos.col },
        });
        continue;
      }
      const twice = error.code === 'DUPLICATE_KEY' ? duplicateKey(doc, error.pos[0]) : undefined;
      if (twice) {
        diagnostics.error('load', {
          ruleId: 'yaml-syntax',
          reason: `\`${twice.key}\` is written twice in the same mapping, so which value counts is not clear.`,
          fix: `Keep one of the two (the first is at line ${lineCounter.linePos(twice.first).line + lineOffset}), or rename this one.`,
          place: { file, line: pos.line + lineOffset, column: pos.col },
        });
        continue;
      }
      diagnostics.error('load', {
        ruleId: 'yaml-syntax',
        reason:
          opening === undefined
            ? `YAML cannot be read: ${firstLine(error.message)}.`
            : 'YAML cannot be read: the quote opened here is never closed (the value runs to the end of the file).',
        fix: 'Correct the YAML syntax at this place (indentation, a missing colon, an unclosed quote or bracket).',
        place: { file, line: pos.line + lineOffset, column: pos.col },
      });
    }
    return undefined;
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    // An alias that expands too far (an alias bomb) or refers to no anchor: reported at the first alias.
    const place = firstAliasPlace(doc, lineCounter, file, lineOffset);
    const tooMany = error instanceof Error && /alias count/i.test(error.message);
    diagnostics.error('load', {
      ruleId: tooMany ? 'yaml-alias-limit' : 'yaml-syntax',
      reason: tooMany
        ? `The YAML's aliases expand to more than ${MAX_YAML_ALIASES} copies (an alias bomb reads as billions of values).`
        : `YAML cannot be read: ${error instanceof Error ? firstLine(error.message) : String(error)}.`,
      fix: tooMany
        ? 'Write the values out instead of repeating them through anchors (&name) and aliases (*name).'
        : 'Give every alias (*name) an anchor (&name) above it, or write the value out.',
      place,
    });
    return undefined;
  }
  return { file, lineOffset, value, root: placed(doc.contents, lineCounter) };
}

/** The node's place and, for a collection, its children's: the tree the places and the guard read. */
function placed(node: unknown, lines: LineCounter): YamlNode | null {
  if (!isNode(node) || !node.range) return null;
  const start = lines.linePos(node.range[0]);
  const out: YamlNode = { at: [start.line, start.col] };
  if (isScalar(node)) {
    if (typeof node.value !== 'string') return out;
    out.text = node.value;
    if (node.type !== undefined) out.style = node.type;
    const oneLine = node.type === 'PLAIN' || node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
    if (oneLine && lines.linePos(node.range[1]).line === start.line) out.inline = true;
  } else if (isMap(node)) {
    out.pairs = node.items.map((pair): YamlPair => {
      const key = pair.key as unknown;
      const keyAt = isNode(key) && key.range ? at(key.range[0], lines) : null;
      const value = placed(pair.value, lines);
      return isScalar(key) ? [key.value as YamlKey, keyAt, value] : [null, keyAt, value, true];
    });
  } else if (isSeq(node)) {
    out.items = node.items.map((item) => placed(item, lines));
  }
  return out;
}

function at(offset: number, lines: LineCounter): YamlAt {
  const pos = lines.linePos(offset);
  return [pos.line, pos.col];
}

function firstAliasPlace(doc: Document, lineCounter: LineCounter, file: string, lineOffset: number): SourcePlace {
  let place: SourcePlace = { file, line: 1 + lineOffset, column: 1 };
  visit(doc, {
    Alias(_key, node) {
      if (!isAlias(node) || !node.range) return undefined;
      const pos = lineCounter.linePos(node.range[0]);
      place = { file, line: pos.line + lineOffset, column: pos.col };
      return visit.BREAK;
    },
  });
  return place;
}

/**
 * Where the quote an unclosed-quote error is about opens: the parser notices only at the end of the file, which is
 * not where the editor has to look.
 */
function unclosedQuote(doc: Document, error: YAMLError): number | undefined {
  if (error.code !== 'MISSING_CHAR' || !/quote/.test(error.message)) return undefined;
  let opening: number | undefined;
  visit(doc, {
    Scalar(_, node) {
      const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
      if (quoted && node.range && node.range[0] < error.pos[0] && node.range[1] >= error.pos[0])
        opening = node.range[0];
    },
  });
  return opening;
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/[.:\s]+$/, '');
}

/** Splits an ajv instancePath ("/a/0/b") into YAML path segments. */
export function pointerSegments(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** The place of the node at a path; falls back to the nearest ancestor that exists. */
export function placeOf(source: YamlSource, segments: readonly (string | number)[], key = false): SourcePlace {
  for (let n = segments.length; n >= 0; n--) {
    const path = segments.slice(0, n);
    const at = key && n === segments.length ? keyAt(source.root, path) : nodeAt(source.root, path)?.at;
    if (at) return { file: source.file, line: at[0] + source.lineOffset, column: at[1] };
  }
  return { file: source.file, line: 1 + source.lineOffset, column: 1 };
}

/** The node at a path, as the parser's document finds it (a key is a pair's key scalar value, an index an item's). */
export function nodeAt(root: YamlNode | null, path: readonly (string | number)[]): YamlNode | undefined {
  let node: YamlNode | null | undefined = root;
  for (const segment of path) {
    if (!node || (!node.pairs && !node.items)) return undefined;
    node = childOf(node, segment);
  }
  return node ?? undefined;
}

function childOf(node: YamlNode, segment: string | number): YamlNode | null | undefined {
  if (node.pairs) return node.pairs.find((pair) => pair[3] !== true && pair[0] === segment)?.[2];
  // An index, or its digits: what the parser takes as an item's index.
  const index = typeof segment === 'string' && segment !== '' ? Number(segment) : segment;
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 ? node.items?.[index] : undefined;
}

/** Where the key of the pair at a path starts. */
function keyAt(root: YamlNode | null, path: readonly (string | number)[]): YamlAt | null | undefined {
  const parent = path.length <= 1 ? root : nodeAt(root, path.slice(0, -1));
  const last = path[path.length - 1];
  // The parser's document matches a key scalar by its value; a key that is not a scalar has none.
  const matches = (pair: YamlPair) => (last === undefined ? pair[3] === true : pair[3] !== true && pair[0] === last);
  return parent?.pairs?.find((pair) => pair[1] !== null && matches(pair))?.[1];
}
