// Structural diff of two JSON documents (jsondiffpatch): array items matched by identity, so an insertion is one edit
// and a reordering is a move, not every later index changed.
import {
  type AddedDelta,
  type ArrayDelta,
  create,
  type Delta,
  type DeletedDelta,
  type ModifiedDelta,
  type MovedDelta,
} from 'jsondiffpatch';
import { diffText, type Edit, MAX_EDITS_PER_FILE } from './text-diff.js';
import { wordDiff } from './word-diff.js';

/** The members that name an object in a list, in the order they are tried. */
const IDENTITY = ['key', 'id', '@id', 'path', 'name', 'url', 'href', 'uri', 'file'] as const;

const differ = create({
  objectHash: (item) => identityOf(item) ?? JSON.stringify(item),
  arrays: { detectMove: true, includeValueOnMove: false },
});

export interface JsonDiff {
  edits: Edit[];
  moreEdits: number;
}

export function diffJsonDocuments(before: unknown, after: unknown): JsonDiff {
  const edits = compact(diffJsonValues(before, after));
  return { edits: edits.slice(0, MAX_EDITS_PER_FILE), moreEdits: Math.max(0, edits.length - MAX_EDITS_PER_FILE) };
}

/** Every member or item that was added, removed, changed or moved, in document order. */
export function diffJsonValues(before: unknown, after: unknown): Leaf[] {
  const leaves: Leaf[] = [];
  walk(differ.diff(before, after), before, after, '', leaves);
  return leaves;
}

export interface Leaf {
  pointer: string;
  change: 'added' | 'removed' | 'changed' | 'moved';
  before?: unknown;
  after?: unknown;
  /** For a move: the item's index in the base. */
  from?: number;
  /** The object the member belongs to (for merging scalar changes of one object into one line). */
  parent: string;
  member: string;
  /** The parent object's name (its `key`, `id`, …), when it is an item of a list. */
  label?: string;
}

function walk(delta: Delta, before: unknown, after: unknown, pointer: string, out: Leaf[], label?: string): void {
  if (delta === undefined) return;
  if (isArrayDelta(delta)) {
    walkArray(delta, before as unknown[], after as unknown[], pointer, out);
    return;
  }
  if (typeof delta === 'object' && !Array.isArray(delta)) {
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    for (const member of Object.keys(delta)) {
      const child = `${pointer}/${escapePointer(member)}`;
      const sub = delta[member];
      const leaf = { parent: pointer, member, label };
      if (isAddedDelta(sub)) out.push({ ...leaf, pointer: child, change: 'added', after: a[member] });
      else if (isDeletedDelta(sub)) out.push({ ...leaf, pointer: child, change: 'removed', before: b[member] });
      else if (isModifiedDelta(sub))
        out.push({ ...leaf, pointer: child, change: 'changed', before: b[member], after: a[member] });
      else walk(sub, b[member], a[member], child, out);
    }
  }
}

function walkArray(delta: ArrayDelta, before: unknown[], after: unknown[], pointer: string, out: Leaf[]): void {
  // Indices of `_N` keys are the base's, of `N` keys the head's; what is neither added, removed nor moved keeps its
  // order, so the base's remaining items pair with the head's remaining items one to one.
  const entries = Object.entries(delta as unknown as Record<string, Delta>).filter(([key]) => key !== '_t');
  const gone = new Set<number>();
  const came = new Map<number, number | undefined>();
  const found: { index: number; leaves: Leaf[] }[] = [];
  for (const [key, sub] of entries) {
    if (key.startsWith('_')) {
      const from = Number(key.slice(1));
      gone.add(from);
      if (isMovedDelta(sub)) came.set(sub[1], from);
      else found.push({ index: from, leaves: [leafAt(pointer, from, 'removed', { before: before[from] })] });
    } else if (isAddedDelta(sub)) came.set(Number(key), undefined);
  }
  const stay = before.map((_, i) => i).filter((i) => !gone.has(i));
  const kept = after.map((_, i) => i).filter((i) => !came.has(i));
  const baseOf = new Map(kept.map((head, n) => [head, stay[n]]));
  for (const [to, from] of came) {
    const leaf =
      from === undefined
        ? leafAt(pointer, to, 'added', { after: after[to] })
        : leafAt(pointer, to, 'moved', { from, after: after[to] });
    found.push({ index: to, leaves: [leaf] });
  }
  for (const [key, sub] of entries) {
    if (key.startsWith('_') || isAddedDelta(sub)) continue;
    const index = Number(key);
    const from = came.get(index) ?? baseOf.get(index);
    const base = from === undefined ? undefined : before[from];
    const leaves: Leaf[] = [];
    if (isModifiedDelta(sub)) leaves.push(leafAt(pointer, index, 'changed', { before: base, after: after[index] }));
    else walk(sub, base, after[index], `${pointer}/${index}`, leaves, identityOf(after[index]));
    found.push({ index, leaves });
  }
  found.sort((x, y) => x.index - y.index);
  for (const { leaves } of found) out.push(...leaves);
}

function leafAt(pointer: string, index: number, change: Leaf['change'], values: Partial<Leaf>): Leaf {
  return { pointer: `${pointer}/${index}`, change, parent: pointer, member: String(index), ...values };
}

/** The scalar changes of one item of a list (a file's size and digest in a manifest). */
interface ItemChanges {
  /** The item's pointer ("/files/24") and the list's ("/files"). */
  item: string;
  list: string;
  label: string;
  leaves: Leaf[];
}

/** Items of a list whose same members changed, past this many, are one line naming them. */
const SAME_SHAPE = 3;

/**
 * Scalar changes of one named item become one line; then the items of one list whose same members changed (35
 * files' size and digest in a manifest) become one line naming them.
 */
function compact(leaves: Leaf[]): Edit[] {
  const items: (Leaf | ItemChanges)[] = [];
  for (const leaf of leaves) {
    const last = items[items.length - 1];
    const scalar = leaf.change === 'changed' && isScalar(leaf.before) && isScalar(leaf.after);
    // A long text (a page's body) is shown word by word, on its own.
    const prose =
      typeof leaf.before === 'string' &&
      typeof leaf.after === 'string' &&
      (leaf.after.length > 80 || /\n/.test(leaf.after));
    if (!scalar || prose || !leaf.label) items.push(leaf);
    else if (last && 'leaves' in last && last.item === leaf.parent) last.leaves.push(leaf);
    else {
      const list = leaf.parent.slice(0, leaf.parent.lastIndexOf('/'));
      items.push({ item: leaf.parent, list, label: leaf.label, leaves: [leaf] });
    }
  }
  const shape = (r: ItemChanges) => `${r.list} ${r.leaves.map((l) => l.member).join(',')}`;
  const counts = new Map<string, ItemChanges[]>();
  for (const item of items) if ('leaves' in item) counts.set(shape(item), [...(counts.get(shape(item)) ?? []), item]);
  const edits: Edit[] = [];
  const done = new Set<string>();
  for (const item of items) {
    if (!('leaves' in item)) edits.push(...editsOf(item));
    else {
      const same = counts.get(shape(item))!;
      if (same.length < SAME_SHAPE) edits.push(recordEdit(item));
      else if (!done.has(shape(item))) {
        done.add(shape(item));
        edits.push(sameShapeEdit(same));
      }
    }
  }
  return edits;
}

function recordEdit(record: ItemChanges): Edit {
  const side = (pick: (l: Leaf) => unknown) =>
    record.leaves.map((l) => `${l.member}: ${showValue(pick(l), 40)}`).join(', ');
  return {
    at: `${record.item} (${record.label})`,
    before: [side((l) => l.before)],
    after: [side((l) => l.after)],
    key: record.leaves.map((l) => `${l.pointer}=${JSON.stringify(l.before)}→${JSON.stringify(l.after)}`).join(' '),
  };
}

function sameShapeEdit(records: ItemChanges[]): Edit {
  const members = records[0]!.leaves.map((l) => l.member);
  const named = records.slice(0, 3).map((r) => r.label.replace(/^[^=]+=/, ''));
  const more = records.length > named.length ? ` and ${records.length - named.length} more` : '';
  return {
    at: `${records[0]!.list}/*: ${members.join(' and ')} changed in ${records.length} items (${named.join(', ')}${more})`,
    before: [],
    after: [],
    key: `${records[0]!.list} ${members.join(',')} ${records.map((r) => r.label).join(',')}`,
  };
}

/** A changed text of several lines (a page's body) is diffed as text: its changed lines only. */
function editsOf(item: Leaf): Edit[] {
  const { before, after } = item;
  if (item.change !== 'changed' || typeof before !== 'string' || typeof after !== 'string') return [editOf(item)];
  if (!before.includes('\n') && !after.includes('\n')) return [editOf(item)];
  const text = diffText(before, after);
  if (!text.edits) return [editOf(item)];
  const where = `${item.pointer}${item.label ? ` (${item.label})` : ''}`;
  return text.edits.map((edit) => ({ ...edit, at: `${where}, ${edit.at}` }));
}

function editOf(item: Leaf): Edit {
  const at = `${item.pointer || '/'}${item.label ? ` (${item.label})` : ''}`;
  if (item.change === 'changed' && typeof item.before === 'string' && typeof item.after === 'string') {
    const words = wordDiff(item.before, item.after);
    const quote = (lines: string[]) => [showValue(lines.join('\n'), 200)];
    return { at, before: quote(words.before), after: quote(words.after), key: words.key };
  }
  if (item.change === 'moved') {
    return {
      at,
      before: [`at ${item.from}`],
      after: [`at ${item.member}: ${showValue(item.after)}`],
      key: `${at} moved ${JSON.stringify(item.after)}`,
    };
  }
  const before = item.change === 'added' ? [] : [showValue(item.before)];
  const after = item.change === 'removed' ? [] : [showValue(item.after)];
  return {
    at,
    before,
    after,
    key: `${at} ${item.change} ${JSON.stringify(item.before)}→${JSON.stringify(item.after)}`,
  };
}

// The delta's shapes, as jsondiffpatch documents them: [new], [old, new], [old, 0, 0], ['', to, 3], {_t: 'a', …}.
const isAddedDelta = (d: Delta): d is AddedDelta => Array.isArray(d) && d.length === 1;
const isModifiedDelta = (d: Delta): d is ModifiedDelta => Array.isArray(d) && d.length === 2;
const isDeletedDelta = (d: Delta): d is DeletedDelta => Array.isArray(d) && d.length === 3 && d[2] === 0;
const isMovedDelta = (d: Delta): d is MovedDelta => Array.isArray(d) && d.length === 3 && d[2] === 3;
const isArrayDelta = (d: Delta): d is ArrayDelta => typeof d === 'object' && !Array.isArray(d) && d._t === 'a';

function identityOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const record = item as Record<string, unknown>;
  for (const member of IDENTITY) {
    const value = record[member];
    if (typeof value === 'string' || typeof value === 'number') return `${member}=${value}`;
  }
  return undefined;
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A value on one line of the report; digests are shortened, long values cut. */
export function showValue(value: unknown, max = 80): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string' && /^[0-9a-f]{32,}$/i.test(value)) return `${value.slice(0, 10)}…`;
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
