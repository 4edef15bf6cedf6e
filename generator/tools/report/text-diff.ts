// Line diff of two texts (jsdiff): each run of changed lines is one edit, its long lines cut to word-level windows.
import { diffLines } from 'diff';
import { LONG_LINE, wordDiff } from './word-diff.js';

/** Beyond this many differing lines the texts are not diffed: the report says "rewritten". */
export const MAX_EDIT_LINES = 4000;
/** Edits kept per file; the rest are counted. */
export const MAX_EDITS_PER_FILE = 50;

/** One change in a file: what it was, what it is, and where. */
export interface Edit {
  /** Where: "line 12" or "lines 12–14" of the head (of the base for a removal) for text, a JSON Pointer for JSON. */
  at: string;
  /** The nearest Markdown heading above a text edit, so a line of llms-full.txt says which page it is in. */
  heading?: string;
  /** The lines as they were and as they are (long ones cut around the change); empty for an addition or removal. */
  before: string[];
  after: string[];
  /** What the edit does, without where: the same key in several files is one change shared by them. */
  key: string;
}

export interface TextDiff {
  addedLines: number;
  removedLines: number;
  /** Undefined when the texts differ in more than MAX_EDIT_LINES lines. */
  edits?: Edit[];
  /** Edits past MAX_EDITS_PER_FILE, counted only. */
  moreEdits: number;
}

export function diffText(before: string, after: string): TextDiff {
  const parts = diffLines(before, after, { maxEditLength: MAX_EDIT_LINES });
  if (!parts) return { addedLines: countLines(after), removedLines: countLines(before), moreEdits: 0 };
  const headLines = after.split('\n');
  const edits: Edit[] = [];
  let addedLines = 0;
  let removedLines = 0;
  let moreEdits = 0;
  let baseLine = 1;
  let headLine = 1;
  let removed: string[] = [];
  let added: string[] = [];
  const close = () => {
    if (removed.length + added.length === 0) return;
    const headStart = headLine - added.length;
    const line = added.length > 0 ? headStart : baseLine - removed.length;
    // As many lines replaced as replace them: line by line, so a page's changed head line is the same edit as
    // every other page's even where the page's own next line changed too.
    const pairs =
      removed.length === added.length && removed.length > 1
        ? removed.map((r, i) => [[r], [added[i]!], i] as const)
        : [[removed, added, 0] as const];
    for (const [r, a, i] of pairs) {
      if (edits.length >= MAX_EDITS_PER_FILE) moreEdits++;
      else edits.push(editOf([...r], [...a], line + i, headingAbove(headLines, headStart + i - 1)));
    }
    removed = [];
    added = [];
  };
  for (const part of parts) {
    const lines = splitLines(part.value);
    if (part.removed) {
      removed.push(...lines);
      removedLines += lines.length;
      baseLine += lines.length;
    } else if (part.added) {
      added.push(...lines);
      addedLines += lines.length;
      headLine += lines.length;
    } else {
      close();
      baseLine += lines.length;
      headLine += lines.length;
    }
  }
  close();
  return { addedLines, removedLines, edits, moreEdits };
}

function editOf(removed: string[], added: string[], line: number, heading: string | undefined): Edit {
  const count = Math.max(removed.length, added.length);
  const at = count === 1 ? `line ${line}` : `lines ${line}–${line + count - 1}`;
  if (removed.length > 0 && added.length > 0) {
    const words = wordDiff(removed.join('\n'), added.join('\n'));
    return { at, heading, before: words.before, after: words.after, key: words.key };
  }
  const lines = removed.length > 0 ? removed : added;
  const shown = lines.map((l) => (l.length > LONG_LINE ? `${l.slice(0, LONG_LINE)}…` : l));
  const key = `${removed.length > 0 ? '-' : '+'}${lines.join('\n').replace(/\s+/g, ' ')}`;
  return removed.length > 0
    ? { at, heading, before: shown, after: [], key }
    : { at, heading, before: [], after: shown, key };
}

/** The closest line above `index` that is a Markdown heading; only looked for a hundred lines up. */
function headingAbove(lines: string[], index: number): string | undefined {
  for (let i = Math.min(index, lines.length) - 1; i >= 0 && i >= index - 100; i--) {
    const line = lines[i]!;
    if (/^#{1,6} \S/.test(line)) return line.length > 80 ? `${line.slice(0, 79)}…` : line;
  }
  return undefined;
}

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function countLines(text: string): number {
  return splitLines(text).length;
}
