// A structural diff of two JSON values: the JSON Pointers (RFC 6901) that were added, removed or changed.

export interface JsonChange {
  pointer: string;
  change: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/** Lists what differs between two JSON values, deepest pointers first in document order; at most `limit` entries. */
export function diffJson(before: unknown, after: unknown, limit = 200): { changes: JsonChange[]; truncated: boolean } {
  const changes: JsonChange[] = [];
  let truncated = false;
  const push = (c: JsonChange) => {
    if (changes.length >= limit) truncated = true;
    else changes.push(c);
  };
  const walk = (a: unknown, b: unknown, pointer: string): void => {
    if (truncated) return;
    if (isObject(a) && isObject(b)) {
      for (const key of Object.keys(a)) {
        const p = `${pointer}/${escapePointer(key)}`;
        if (!(key in b)) push({ pointer: p, change: 'removed', before: a[key] });
        else walk(a[key], b[key], p);
      }
      for (const key of Object.keys(b)) {
        if (!(key in a)) push({ pointer: `${pointer}/${escapePointer(key)}`, change: 'added', after: b[key] });
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      const shared = Math.min(a.length, b.length);
      for (let i = 0; i < shared; i++) walk(a[i], b[i], `${pointer}/${i}`);
      for (let i = shared; i < a.length; i++) push({ pointer: `${pointer}/${i}`, change: 'removed', before: a[i] });
      for (let i = shared; i < b.length; i++) push({ pointer: `${pointer}/${i}`, change: 'added', after: b[i] });
      return;
    }
    if (!sameScalar(a, b)) push({ pointer, change: 'changed', before: a, after: b });
  };
  walk(before, after, '');
  return { changes, truncated };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Scalars compare by value; an object against an array (or a scalar) is a change of the whole value. */
function sameScalar(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A value shown in one line of the report. */
export function showValue(value: unknown, max = 80): string {
  const text = value === undefined ? '(none)' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A changed string pair shown around its first difference, so two long values that differ late do not look alike
 * once cut to one line.
 */
export function showStringChange(before: string, after: string, max = 80): [string, string] {
  let common = 0;
  while (common < before.length && common < after.length && before[common] === after[common]) common++;
  const lead = 20;
  if (common <= lead || (before.length <= max && after.length <= max))
    return [showValue(before, max), showValue(after, max)];
  const cut = (text: string) => showValue(text.slice(common - lead), max - 1).replace(/^"/, '"…');
  return [cut(before), cut(after)];
}
