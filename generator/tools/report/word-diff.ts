// Word-level diff of two texts (jsdiff): what changed, shown as short windows of each side around the changed words.
import { diffWordsWithSpace } from 'diff';

/** Lines longer than this are shown as windows around their changes, not whole. */
export const LONG_LINE = 160;
/** Characters of unchanged text kept on each side of a change in a window. */
const CONTEXT = 40;
/** Past this many differing words the texts are shown as replaced whole (jsdiff gives up). */
const MAX_WORD_EDITS = 2000;

export interface WordDiff {
  /**
   * The changed words with the word before and after each: the same edit made in several files (a service name in
   * every page's head) has the same key wherever it is, whatever the rest of the line says.
   */
  key: string;
  /** Each side's lines, long ones cut to windows around the changes. */
  before: string[];
  after: string[];
}

interface Change {
  removed: string;
  added: string;
  /** Where the change starts and ends on each side. */
  beforeAt: [number, number];
  afterAt: [number, number];
}

export function wordDiff(before: string, after: string): WordDiff {
  const changes = changesOf(before, after);
  const key = changes
    .map(
      (c) =>
        `${lastWord(before.slice(0, c.beforeAt[0]))}[${squash(c.removed)}→${squash(c.added)}]${firstWord(before.slice(c.beforeAt[1]))}`,
    )
    .join(' ');
  return {
    key,
    before: showLines(
      before,
      changes.map((c) => c.beforeAt),
    ),
    after: showLines(
      after,
      changes.map((c) => c.afterAt),
    ),
  };
}

/** The changes, neighbours separated only by spaces merged into one ("that come up" → "people and agents ask"). */
function changesOf(before: string, after: string): Change[] {
  const parts = diffWordsWithSpace(before, after, { maxEditLength: MAX_WORD_EDITS });
  if (!parts) return [{ removed: before, added: after, beforeAt: [0, before.length], afterAt: [0, after.length] }];
  const changes: Change[] = [];
  let b = 0;
  let a = 0;
  let open: Change | undefined;
  for (const part of parts) {
    if (!part.added && !part.removed) {
      // A space or two between two changes does not end the first one.
      if (!/^[ \t]{1,3}$/.test(part.value)) open = undefined;
      b += part.value.length;
      a += part.value.length;
      continue;
    }
    if (!open) {
      open = { removed: '', added: '', beforeAt: [b, b], afterAt: [a, a] };
      changes.push(open);
    }
    if (part.removed) b += part.value.length;
    else a += part.value.length;
    open.beforeAt[1] = b;
    open.afterAt[1] = a;
    open.removed = before.slice(open.beforeAt[0], b);
    open.added = after.slice(open.afterAt[0], a);
  }
  return changes;
}

/** The text's lines; a long line becomes the windows around the changes on it, joined by "…". */
export function showLines(text: string, ranges: [number, number][]): string[] {
  const out: string[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    const end = start + line.length;
    if (line.length <= LONG_LINE) out.push(line);
    else {
      const mine = ranges
        .filter(([s, e]) => e >= start && s <= end)
        .map(([s, e]): [number, number] => [Math.max(s, start) - start, Math.min(e, end) - start]);
      out.push(windows(line, mine.length > 0 ? mine : [[0, 0]]));
    }
    start = end + 1;
  }
  // A text that ended with a newline has an empty last "line" that is not shown.
  if (out.length > 1 && out[out.length - 1] === '' && text.endsWith('\n')) out.pop();
  return out;
}

function windows(line: string, ranges: [number, number][]): string {
  const spans: [number, number][] = [];
  for (const [s, e] of ranges) {
    const from = boundaryAfter(line, Math.max(0, s - CONTEXT), s);
    const to = boundaryBefore(line, Math.min(line.length, Math.max(e, s + 1) + CONTEXT), e);
    const last = spans[spans.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else spans.push([from, to]);
  }
  let out = '';
  let at = 0;
  for (const [from, to] of spans) {
    if (from > at) out += '…';
    out += cap(line.slice(from, to));
    at = to;
  }
  if (at < line.length) out += '…';
  return out;
}

/** A window starts after a space or at a tag, when one is near, rather than inside a word. */
function boundaryAfter(line: string, from: number, limit: number): number {
  if (from === 0) return 0;
  for (let i = from; i < Math.min(limit, from + 12); i++) {
    if (line[i] === '<') return i;
    if (line[i] === ' ') return i + 1;
  }
  return from;
}

function boundaryBefore(line: string, to: number, limit: number): number {
  if (to >= line.length) return line.length;
  for (let i = to; i > Math.max(limit, to - 12); i--) {
    if (line[i - 1] === '>' || line[i] === ' ') return i;
  }
  return to;
}

/** A window over a very long change is itself cut, so one line of the report stays readable. */
function cap(text: string): string {
  return text.length > 2 * LONG_LINE ? `${text.slice(0, LONG_LINE)}…${text.slice(-LONG_LINE / 2)}` : text;
}

const WORD = /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;

function lastWord(text: string): string {
  const words = text.slice(-80).match(WORD);
  return words ? words[words.length - 1]! : '';
}

function firstWord(text: string): string {
  return text.slice(0, 80).match(WORD)?.[0] ?? '';
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
