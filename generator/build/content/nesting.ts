// Measures how deeply a page's Markdown nests, on the source and before it is parsed: one pass over its lines, a few
// operations a character. The parser's time and the tree writers' recursion grow with the depth, so a page nested
// past the limit is refused before the parser sees it. Read on the source, so it holds whatever parser reads the page.

export interface NestingFault {
  /** 1-based line of the page text where the depth first passes the limit. */
  line: number;
  depth: number;
  what: 'containers' | 'brackets';
}

/**
 * The first line where containers (quotes, list items, container directives) or open brackets (links, images,
 * directive labels) pass `limit`. Conservative: list indentation counts a level per two columns (the least a nested
 * item needs), and lines inside a fenced code block (a fence CommonMark opens: at most three spaces in, outside any
 * container) are not measured.
 */
export function nestingFault(text: string, limit: number): NestingFault | undefined {
  let fence: { char: string; length: number } | undefined;
  let directives = 0;
  let brackets = 0;
  let start = 0;
  for (let line = 1; start <= text.length; line++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const content = text.slice(start, end);
    start = end + 1;
    if (fence) {
      const close = FENCE.exec(content);
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length && close[2]!.trim() === '')
        fence = undefined;
      continue;
    }
    const open = FENCE.exec(content);
    if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
      fence = { char: open[1]![0]!, length: open[1]!.length };
      continue;
    }
    if (content.trim() === '') {
      // A blank line ends a paragraph: brackets never pair across it.
      brackets = 0;
      continue;
    }
    const { depth, rest } = containerPrefix(content);
    if (/^:{3,}[A-Za-z]/.test(rest)) directives++;
    else if (/^:{3,}\s*$/.test(rest)) directives = Math.max(0, directives - 1);
    if (depth + directives > limit) return { line, depth: depth + directives, what: 'containers' };
    for (let i = 0; i < rest.length; i++) {
      const ch = rest.charCodeAt(i);
      if (ch === BACKSLASH) i++;
      else if (ch === OPEN && ++brackets > limit) return { line, depth: brackets, what: 'brackets' };
      else if (ch === CLOSE && brackets > 0) brackets--;
    }
  }
  return undefined;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const BACKSLASH = 0x5c;
const OPEN = 0x5b;
const CLOSE = 0x5d;

/** The containers a line opens or continues: quote markers, list markers, and indentation (a level per two columns). */
function containerPrefix(line: string): { depth: number; rest: string } {
  let depth = 0;
  let spaces = 0;
  let i = 0;
  for (;;) {
    while (i < line.length && (line[i] === ' ' || line[i] === '\t')) {
      spaces += line[i] === '\t' ? 4 : 1;
      i++;
    }
    const marker = MARKER.exec(line.slice(i, i + 12));
    if (!marker) break;
    depth++;
    i += marker[0].length;
    // The one space after a marker belongs to it.
    if (line[i] === ' ') i++;
  }
  return { depth: depth + Math.floor(spaces / 2), rest: line.slice(i) };
}

/** A quote marker, or a list marker followed by a space, a tab or the end of the line. */
const MARKER = /^(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$))/;
