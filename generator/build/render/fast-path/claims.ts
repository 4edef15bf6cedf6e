// What the fast path claims: the constructs whose markdown-it tokens map exactly onto remark-parse's tree. A page
// with anything else (raw HTML, autolinks, footnotes, strikethrough, task lists, reference links, container
// directives, directives with labels…) is refused here and parsed whole by the reference parser.
import type { LeafDirective } from 'mdast-util-directive';

/** Checks of the whole body, for constructs rare enough that refusing the page is cheaper than reading them. */
const REFUSED_SOURCE: [RegExp, string][] = [
  [/[\r\0\t]/, 'a carriage return, NUL or tab'],
  [/^[ >]*:::/m, 'a container directive'],
  [/\[\^/, 'a footnote'],
  [/\[[ xX]\]/, 'a task list box'],
];

/**
 * Checks of the text markdown-it found (not code, not link destinations): strikethrough and GFM's autolink literals
 * (`www.`, `http://`, e-mail addresses) are read by remark-parse only.
 */
export const REFUSED_TEXT = /[~@]|www|:\/\//i;

/** Checks of each run of inline source (paragraph, heading, table cell), before it is mapped. */
const REFUSED_INLINE: [RegExp, string][] = [
  [/(?:^|\n)[ \t]*(?:[-+*]|\d{1,9}[.)])[ \t]*(?:\n|$)/, 'a line of a list marker alone'],
  [/\\:/, 'an escaped colon (remark-directive reads a directive after it)'],
];

export function refusedSource(body: string): string | undefined {
  for (const [pattern, why] of REFUSED_SOURCE) if (pattern.test(body)) return why;
  return undefined;
}

export function refusedInline(content: string): string | undefined {
  for (const [pattern, why] of REFUSED_INLINE) if (pattern.test(content)) return why;
  if (punctuationFlankedRun(content)) return 'an emphasis mark between punctuation on both sides';
  if (content.includes('\n') && DELIMITER_ROW.test(content))
    return 'a line like a table delimiter row inside a paragraph';
  if (content.includes('`') && content.includes('[') && count(content, '[') !== count(content, ']')) {
    // markdown-it then misses code spans after an unclosed bracket (its scan of backticks is cached by the label's).
    return 'code spans beside an unclosed bracket';
  }
  if (content.includes('`') && content.includes('\n') && codeSpanCrossesLine(content)) {
    // markdown-it turns its line ending into a space, remark-parse keeps it: the twins would differ.
    return 'a code span over two lines';
  }
  return undefined;
}

/** A later line of a paragraph that remark-parse may read as a table's delimiter row (with a header of one cell). */
const DELIMITER_ROW = /\n[ \t]*(?=[^\n]*-)(?=[^\n]*[|:])[|:\- \t]+(?:\n|$)/;

const PUNCTUATION = /[\p{P}\p{S}]/u;

/**
 * A run of `*` or `_` with punctuation right before and after it can both open and close emphasis; there the two
 * parsers' delimiter matching has been seen to differ, so such text is left to the reference parser.
 */
function punctuationFlankedRun(content: string): boolean {
  for (const run of content.matchAll(/[*_]+/g)) {
    // Whole code points: a symbol outside the BMP (an emoji) is punctuation to both parsers.
    const before =
      run.index > 0
        ? String.fromCodePoint(
            content.codePointAt(run.index - (/[\uDC00-\uDFFF]/.test(content[run.index - 1]!) ? 2 : 1))!,
          )
        : undefined;
    const after =
      run.index + run[0].length < content.length
        ? String.fromCodePoint(content.codePointAt(run.index + run[0].length)!)
        : undefined;
    if (before !== undefined && after !== undefined && PUNCTUATION.test(before) && PUNCTUATION.test(after)) return true;
  }
  return false;
}

function count(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i !== -1; i = text.indexOf(char, i + 1)) n++;
  return n;
}

/** Code spans found as CommonMark finds them (a run of backticks closed by the next run of the same length). */
function codeSpanCrossesLine(content: string): boolean {
  if (content.includes('\\')) return true;
  const runs = [...content.matchAll(/`+/g)];
  for (let i = 0; i < runs.length; i++) {
    const close = runs.findIndex((run, k) => k > i && run[0].length === runs[i]![0].length);
    if (close === -1) continue;
    if (content.slice(runs[i]!.index, runs[close]!.index).includes('\n')) return true;
    i = close;
  }
  return false;
}

/** A leaf directive line the fast path reads: a name, then at most `{key="value" …}`, nothing else. */
export const LEAF_DIRECTIVE = /^::([A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)(?:\{([^{}\n]*)\})?$/;
const ATTRIBUTES = /^(?:\s*[A-Za-z][A-Za-z0-9_-]*="[^"\\&\n]*"(?=\s|$))*\s*$/;
const ATTRIBUTE = /([A-Za-z][A-Za-z0-9_-]*)="([^"]*)"/g;

/** The directive's node (no place), or undefined when its attributes are not in the simple form. */
export function refusedLeafDirective(match: RegExpExecArray): Omit<LeafDirective, 'position'> | undefined {
  const attributes: Record<string, string> = {};
  const source = match[2] ?? '';
  if (!ATTRIBUTES.test(source)) return undefined;
  for (const [, key, value] of source.matchAll(ATTRIBUTE)) {
    if (key! in attributes) return undefined;
    attributes[key!] = value!;
  }
  return { type: 'leafDirective', name: match[1]!, attributes, children: [] };
}

/** A table row's cells as GFM counts them: split at unescaped pipes, an outer pipe on either side dropped. */
export function cellCount(line: string): number {
  const text = line.trim();
  let cells = 1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '|' && text[i - 1] !== '\\') cells++;
  }
  if (text.startsWith('|')) cells--;
  if (text.length > 1 && text.endsWith('|') && text[text.length - 2] !== '\\') cells--;
  return cells;
}
