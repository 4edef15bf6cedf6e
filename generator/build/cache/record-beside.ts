// What a rebuild written in place keeps beside the build record: the files it wrote and removed, and what it said,
// rather than the whole record again. After one page of 10,000 changed, a rebuild writes a handful of 21,000 files;
// its record is the last one with that handful changed. So that is what it keeps, beside the record's file, while
// what is kept there stays small beside the file (FEW_BESIDE); past that, the record is written whole again.
import type { ListedMessage } from '../messages/diagnostics.js';
import { FEW_BESIDE } from './whole-file.js';

/** One output file as a record lists it: its name from the output folders' parent, size, time, and hash when known. */
export type Output = [name: string, size: number, mtimeMs: number, hash?: string];

export interface RecordBeside {
  /** The CRC-32 of the bytes of the record file it was kept beside: beside any other file (one written since), unread. */
  base: number;
  fingerprint: string;
  notices?: string[];
  warnings?: ListedMessage[];
  /** The files written since the record file was (new or changed), sorted by name. */
  outputs: Output[];
  /** The names of files the record file lists that were removed since. */
  removed: string[];
}

/** What is kept beside a record file: the files written since it was, and the names of its files removed since. */
export type BesideChanges = Pick<RecordBeside, 'outputs' | 'removed'>;

/** What a rebuild in place changed: each file it wrote, as the record lists one, and the names of those it removed. */
export interface ChangedOutputs {
  written: Output[];
  removed: string[];
}

/** The order of a record's files: by name, as JavaScript compares strings. */
export const byName = (a: Output, b: Output) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** A beside kept for the record file whose bytes have this CRC-32, in the shape this module writes. */
export function isBesideOf(value: unknown, crc: number): value is RecordBeside {
  const beside = value as Partial<RecordBeside> | null;
  return (
    beside?.base === crc &&
    typeof beside.fingerprint === 'string' &&
    Array.isArray(beside.outputs) &&
    beside.outputs.every(isOutput) &&
    Array.isArray(beside.removed) &&
    beside.removed.every((name) => typeof name === 'string')
  );
}

const isOutput = (output: unknown): output is Output =>
  Array.isArray(output) &&
  typeof output[0] === 'string' &&
  typeof output[1] === 'number' &&
  typeof output[2] === 'number' &&
  (output[3] === undefined || typeof output[3] === 'string');

/**
 * The record's files with what was kept beside it: those removed left out, those written in place of the listed ones
 * or added, in the order of names (both lists are sorted: one pass, no file looked up).
 */
export function withBeside(outputs: readonly Output[], beside: BesideChanges): Output[] {
  const removed = new Set(beside.removed);
  const added = beside.outputs;
  const merged: Output[] = [];
  let next = 0;
  for (const output of outputs) {
    while (next < added.length && added[next]![0] < output[0]) merged.push(added[next++]!);
    if (next < added.length && added[next]![0] === output[0]) merged.push(added[next++]!);
    else if (!removed.has(output[0])) merged.push(output);
  }
  while (next < added.length) merged.push(added[next++]!);
  return merged;
}

/**
 * What is kept beside the record file after this rebuild: what was kept there already, with this rebuild's changes
 * over it. Undefined when that is no longer few beside the `listed` files of the record file: it is written whole.
 */
export function besideAfter(
  kept: BesideChanges | undefined,
  changed: ChangedOutputs,
  listed: number,
): BesideChanges | undefined {
  const outputs = new Map((kept?.outputs ?? []).map((output) => [output[0], output] as const));
  const removed = new Set(kept?.removed ?? []);
  for (const output of changed.written) {
    outputs.set(output[0], output);
    removed.delete(output[0]);
  }
  for (const name of changed.removed) {
    outputs.delete(name);
    removed.add(name);
  }
  if ((outputs.size + removed.size) * FEW_BESIDE > listed) return undefined;
  return { outputs: [...outputs.values()].sort(byName), removed: [...removed].sort() };
}
