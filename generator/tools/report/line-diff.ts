// A line diff (Myers' O(ND) algorithm) and its rendering as short unified-diff hunks, for text artifacts in the report.

export interface LineOp {
  op: ' ' | '-' | '+';
  line: string;
}

/** Beyond this many differing lines the edit script is not worth computing: the report says "rewritten". */
export const MAX_EDIT_DISTANCE = 4000;

/**
 * The shortest edit script turning `a` into `b`, or undefined when it is longer than MAX_EDIT_DISTANCE.
 * Common head and tail lines are set aside first, so the quadratic memory of the trace only covers the changed middle.
 */
export function diffLines(a: readonly string[], b: readonly string[]): LineOp[] | undefined {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const middle = myers(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  if (!middle) return undefined;
  const same = (lines: readonly string[]): LineOp[] => lines.map((line) => ({ op: ' ', line }));
  return [...same(a.slice(0, head)), ...middle, ...same(a.slice(a.length - tail))];
}

function myers(a: readonly string[], b: readonly string[]): LineOp[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset);
    }
  }
  return undefined;
}

function backtrack(trace: Int32Array[], a: readonly string[], b: readonly string[], offset: number): LineOp[] {
  const ops: LineOp[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d--) {
    const v = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ op: ' ', line: a[--x]! });
      y--;
    }
    if (down) ops.push({ op: '+', line: b[--y]! });
    else ops.push({ op: '-', line: a[--x]! });
  }
  while (x > 0 && y > 0) {
    ops.push({ op: ' ', line: a[--x]! });
    y--;
  }
  return ops.reverse();
}

export interface TextDiffSummary {
  addedLines: number;
  removedLines: number;
  /** Unified-diff hunks, cut to a readable length; undefined when the text was rewritten beyond MAX_EDIT_DISTANCE. */
  hunks?: string;
  truncated: boolean;
}

/** Diffs two texts line by line and renders the changes with `context` lines around them, at most `maxLines` lines. */
export function summarizeTextDiff(before: string, after: string, context = 2, maxLines = 60): TextDiffSummary {
  const a = splitLines(before);
  const b = splitLines(after);
  const ops = diffLines(a, b);
  if (!ops) return { addedLines: b.length, removedLines: a.length, truncated: true };
  const addedLines = ops.filter((o) => o.op === '+').length;
  const removedLines = ops.filter((o) => o.op === '-').length;
  const out: string[] = [];
  let truncated = false;
  let aLine = 1;
  let bLine = 1;
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.op === ' ') {
      aLine++;
      bLine++;
      i++;
      continue;
    }
    // A hunk: from `context` lines before this change to `context` lines after the last change near it.
    const start = Math.max(0, i - context);
    let end = i;
    while (end < ops.length) {
      if (ops[end]!.op !== ' ') {
        end++;
        continue;
      }
      let run = end;
      while (run < ops.length && ops[run]!.op === ' ') run++;
      if (run === ops.length || run - end > 2 * context) break;
      end = run;
    }
    const stop = Math.min(ops.length, end + context);
    const lead = i - start;
    const hunk = ops.slice(start, stop);
    const aCount = hunk.filter((o) => o.op !== '+').length;
    const bCount = hunk.filter((o) => o.op !== '-').length;
    const lines = [
      `@@ -${aLine - lead},${aCount} +${bLine - lead},${bCount} @@`,
      ...hunk.map((o) => `${o.op}${o.line}`),
    ];
    if (out.length + lines.length > maxLines) {
      out.push(...lines.slice(0, Math.max(0, maxLines - out.length)));
      truncated = true;
      break;
    }
    out.push(...lines);
    for (let j = i; j < stop; j++) {
      if (ops[j]!.op !== '+') aLine++;
      if (ops[j]!.op !== '-') bLine++;
    }
    i = stop;
  }
  return { addedLines, removedLines, hunks: out.join('\n'), truncated };
}

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
