// Parses YAML with positions, so that syntax and schema errors point at the file, line and column.
import { isAlias, isNode, LineCounter, parseDocument, visit, type Document, type YAMLError } from 'yaml';
import type { SourcePlace } from '../../model/types.js';
import type { Diagnostics } from '../messages/diagnostics.js';
import { MAX_YAML_ALIASES } from './limits.js';

export interface YamlSource {
  file: string;
  doc: Document;
  lineCounter: LineCounter;
  /** Lines before the YAML text in its file (front matter starts one line after the opening ---). */
  lineOffset: number;
  value: unknown;
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
  return { file, doc, lineCounter, lineOffset, value };
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
    const node =
      key && n === segments.length
        ? keyNode(source, path)
        : path.length === 0
          ? source.doc.contents
          : source.doc.getIn(path, true);
    if (isNode(node) && node.range) {
      const pos = source.lineCounter.linePos(node.range[0]);
      return { file: source.file, line: pos.line + source.lineOffset, column: pos.col };
    }
  }
  return { file: source.file, line: 1 + source.lineOffset, column: 1 };
}

function keyNode(source: YamlSource, path: readonly (string | number)[]): unknown {
  const parent = path.length <= 1 ? source.doc.contents : source.doc.getIn(path.slice(0, -1), true);
  const last = path[path.length - 1];
  const items = (parent as { items?: { key: unknown }[] } | null)?.items;
  if (!items) return undefined;
  for (const pair of items) {
    const k = pair.key as { value?: unknown } | null;
    if (k && k.value === last) return k;
  }
  return undefined;
}
