// An index from a unit's key hash (a 30-bit integer, see key-hash.ts) to the first part or place that has a key of
// that hash: one table of integers, open by address. llms-full.txt's fold looks up and adds some 130,000 hashes at
// 10,000 pages on every build (a Map of them was a fifth of the file's making), and the repeated-sentence check as
// many sentences.
import { KEY_HASH_MASK } from './key-hash.js';

/** No part yet: what `get` answers for a hash never added. */
export const NONE = -1;

export class HashIndex {
  /** Each slot's hash plus one (0: empty), and the part it names. */
  private keys: Int32Array;
  private values: Int32Array;
  private count = 0;
  /** A hash outside 30 bits (only a damaged cache could give one): kept aside, so that it is still exact. */
  private readonly others = new Map<number, number>();

  constructor(expected = 16) {
    let size = 16;
    while (size < expected * 2) size *= 2;
    this.keys = new Int32Array(size);
    this.values = new Int32Array(size);
  }

  /** The part added for `hash`, or NONE. */
  get(hash: number): number {
    if (!isKeyHash(hash)) return this.others.get(hash) ?? NONE;
    const mask = this.keys.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const key = this.keys[slot]!;
      if (key === 0) return NONE;
      if (key === hash + 1) return this.values[slot]!;
    }
  }

  /**
   * Names `part` for `hash` unless a part is named for it already (the first stays). Returns the part named before, or
   * NONE when `part` is now: one probe where a `get` before it would make two.
   */
  addFirst(hash: number, part: number): number {
    if (!isKeyHash(hash)) {
      const before = this.others.get(hash);
      if (before !== undefined) return before;
      this.others.set(hash, part);
      return NONE;
    }
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const key = this.keys[slot]!;
      if (key === hash + 1) return this.values[slot]!;
      if (key === 0) {
        this.keys[slot] = hash + 1;
        this.values[slot] = part;
        this.count++;
        return NONE;
      }
    }
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.values = new Int32Array(keys.length * 2);
    this.count = 0;
    for (let slot = 0; slot < keys.length; slot++) if (keys[slot] !== 0) this.addFirst(keys[slot]! - 1, values[slot]!);
  }
}

const isKeyHash = (hash: number) => (hash & KEY_HASH_MASK) === hash;
