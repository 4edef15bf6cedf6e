// Writes a file's Markdown blocks with each sentence, list item and table row said once: what an earlier block said is
// left out of a later one (a table or list left empty becomes a pointer to where it was given). llms-full.txt joins
// pages that repeat the same facts; an agent reading it whole should read each once.
import { comparableText } from '../../text/prose-rules.js';
import { sentences } from '../../text/units.js';
import { keyHash } from '../../text/key-hash.js';
import { HashIndex, NONE } from '../../text/hash-index.js';
import type { MadeSaidPart, SaidPart } from '../../cache/said-parts.js';

export type { SaidPart };

export interface SourcedBlock {
  text: string;
  /** Where the block comes from, for pointers ("the introduction", a page's title). */
  source: string;
}

const FENCE = /^\s*(`{3,}|~{3,})/;

/** Whether a block is a fenced code block (at any indentation, as in a list item): it is written as it is. */
const isCode = (text: string) => FENCE.test(text);

/**
 * A Markdown text's blocks, as separated by blank lines, but a fenced code block stays one block whatever blank lines
 * it holds: read as prose, its lines would be joined and the fences after it misread.
 */
export function markdownBlocksOf(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    if (fence === undefined && line.trim() === '') {
      if (current.length) blocks.push(current.join('\n'));
      current = [];
      continue;
    }
    current.push(line);
    const marker = FENCE.exec(line)?.[1];
    if (fence === undefined) fence = marker;
    // A fence closes on a line of its own character, at least as long, and nothing else.
    else if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
      fence = undefined;
  }
  if (current.length) blocks.push(current.join('\n'));
  return blocks;
}

/** A part made in this build: its text, and what it looked up, in memory. */
export interface MadePart extends MadeSaidPart {
  text: string;
  looked: string[];
  answers: (string | null)[];
  hashes: number[];
  pointers: string[];
  hadPointers: boolean[];
}

/**
 * The fold that says each unit once, part by part in reading order: `make` reads a part's blocks, `take` gives a part
 * made in an earlier build again when every answer it looked up is still the same (its text is then what `make`
 * would write), and refuses it otherwise. Either way the state moves on as `make` would move it.
 *
 * The state is the parts so far and, by hash, which part said each key first: a kept part's exact keys are read only
 * when one of its hashes meets one another part said (a repeated unit), never for the units said once.
 */
export class SayOnce {
  private readonly parts: SaidPart[] = [];
  private readonly sources: string[] = [];
  /** A key's hash, and the part that said a key of that hash first; more such parts (rare) in `more`. */
  private readonly byHash: HashIndex;
  private readonly more = new Map<number, number[]>();
  private readonly pointers = new Set<string>();

  /**
   * `expected`: about how many units the parts will say (the parts the last good build kept looked up so many): the
   * index is made that large at once, not grown eight times past its 130,000 hashes at 10,000 pages.
   */
  constructor(expected = 512) {
    this.byHash = new HashIndex(expected);
  }

  /** The source of the part that said `key` first, if one did. */
  private lookup(key: string, hash: number): string | undefined {
    const first = this.byHash.get(hash);
    if (first === NONE) return undefined;
    for (const index of [first, ...(this.more.get(hash) ?? [])]) {
      const part = this.parts[index]!;
      const keys = part.keys();
      for (let i = 0; i < part.hashes.length; i++) {
        if (part.hashes[i] === hash && part.answer(i) === null && keys[i] === key) return this.sources[index];
      }
    }
    return undefined;
  }

  private add(hash: number, index: number): void {
    const first = this.byHash.addFirst(hash, index);
    if (first !== NONE && first !== index) {
      const more = this.more.get(hash);
      if (!more) this.more.set(hash, [index]);
      else if (!more.includes(index)) more.push(index);
    }
  }

  make(blocks: readonly SourcedBlock[], source: string): MadePart {
    const part: MadePart = {
      text: '',
      looked: [],
      answers: [],
      hashes: [],
      pointers: [],
      hadPointers: [],
      keys: () => part.looked,
      answer: (i) => part.answers[i] ?? null,
    };
    const index = this.parts.length;
    this.parts.push(part);
    this.sources.push(source);
    const lookedHere = new Set<string>();
    /** Whether a unit is new (and remember it); a unit too short to compare always is. */
    const fresh = (text: string, item = false): { isNew: boolean; first?: string } => {
      // A table row or list item is a fact of its own, however short ("`error.code` | string | Machine-readable code").
      const key = comparableText(text) ?? (item ? text.replace(/\s+/g, ' ').trim() : undefined);
      if (key === undefined) return { isNew: true };
      const hash = keyHash(key);
      const first = this.lookup(key, hash);
      if (first !== undefined) {
        if (!lookedHere.has(key)) {
          lookedHere.add(key);
          part.looked.push(key);
          part.answers.push(first);
          part.hashes.push(hash);
        }
        return { isNew: false, first };
      }
      lookedHere.add(key);
      part.looked.push(key);
      part.answers.push(null);
      part.hashes.push(hash);
      this.add(hash, index);
      return { isNew: true };
    };
    const out: string[] = [];
    for (const { text } of blocks) {
      if (text.startsWith('#') || isCode(text)) {
        out.push(text);
        continue;
      }
      const lines = text.split('\n');
      const isTable = lines[0]!.startsWith('|');
      const isList = /^(?:[-*+]|\d{1,9}[.)]) /.test(lines[0]!);
      if (!isTable && !isList) {
        const kept = sentences(text.replace(/\n/g, ' '), 0)
          .filter((u) => fresh(u.text).isNew)
          .map((u) => u.text);
        if (kept.length) out.push(kept.join(' '));
        continue;
      }
      let first: string | undefined;
      // A table keeps its header and delimiter rows; a list item keeps the lines indented under it.
      const head = isTable ? lines.slice(0, 2) : [];
      const body: string[] = [];
      let dropping = false;
      for (const line of isTable ? lines.slice(2) : lines) {
        const item = isTable || !/^\s/.test(line);
        if (item) {
          const verdict = fresh(line, true);
          dropping = !verdict.isNew;
          first ??= verdict.first;
        }
        if (!dropping) body.push(line);
      }
      if (body.length) {
        out.push([...head, ...body].join('\n'));
        continue;
      }
      const pointer = `(The same ${isTable ? 'table' : 'list'} is given above, in “${first}”.)`;
      const had = this.pointers.has(pointer);
      if (!part.pointers.includes(pointer)) {
        part.pointers.push(pointer);
        part.hadPointers.push(had);
      }
      if (!had) {
        this.pointers.add(pointer);
        out.push(pointer);
      }
    }
    part.text = out.join('\n\n');
    return part;
  }

  /**
   * Takes a part made before, by the source `source`, when every answer it looked up is the same now: true, and the
   * state moves on as making it would. False when one differs: the state is left as it was, and the part is made.
   * Every answer it looked up was an answer of the state before it (a unit is looked up before the part says it), so
   * all are checked against the state as it is, then the part's own units are added.
   */
  take(part: SaidPart, source: string): boolean {
    const { hashes, pointers, hadPointers } = part;
    for (let i = 0; i < pointers.length; i++) if (this.pointers.has(pointers[i]!) !== hadPointers[i]) return false;
    let keys: readonly string[] | undefined;
    for (let i = 0; i < hashes.length; i++) {
      const hash = hashes[i]!;
      const answer = part.answer(i);
      // No part said a key of this hash: the key is new now, whatever it is.
      if (this.byHash.get(hash) === NONE) {
        if (answer !== null) return false;
        continue;
      }
      keys ??= part.keys();
      const key = keys[i];
      if (key === undefined || this.lookup(key, hash) !== (answer ?? undefined)) return false;
    }
    const index = this.parts.length;
    this.parts.push(part);
    this.sources.push(source);
    for (let i = 0; i < hashes.length; i++) if (part.answer(i) === null) this.add(hashes[i]!, index);
    for (let i = 0; i < pointers.length; i++) if (!hadPointers[i]) this.pointers.add(pointers[i]!);
    return true;
  }
}

/** The blocks with each sentence, list item and table row said once, in one go, joined by blank lines. */
export function sayOnce(blocks: readonly SourcedBlock[]): string {
  const fold = new SayOnce();
  // Each block as a part of its own: a block's units are said once against every block before it, of any source.
  return blocks
    .map((block) => fold.make([block], block.source).text)
    .filter((text) => text !== '')
    .join('\n\n');
}
