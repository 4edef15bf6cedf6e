// The parts of a file made by saying each unit once (llms-full.txt: the introduction, then one part per guide), kept
// across builds: a rebuild after one page changed takes every other guide's part again, without reading its Markdown,
// when what the part looked up of the parts before it has the same answers, and makes only the parts whose answers
// differ. Kept in the cache folder for one generator (its code decides what a part writes), in two files: the parts'
// texts and exact keys, appended to (a rebuild after one edit adds that part's bytes, and does not write the others
// again), and a head that says where each part's bytes are, with its own checksum. A part's text and keys stay bytes
// until they are needed (the text when the file is written out, the keys when a hash meets another part's).
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createHash } from 'node:crypto';
import { asciiJson, cacheText } from './ascii-json.js';
import { fileSystemNow } from './file-identity.js';
import { checkedBody, FEW_BESIDE, withChecksum } from './whole-file.js';
import { appendToBlob, type PartsBlob, isBlob, readBlob, writeBlob, writePieces } from './parts-blob.js';

/**
 * What one part of the file needs of the parts before it and gives to the parts after it, and what it wrote: enough
 * to take the part again while what it looked up has the same answers.
 */
export interface SaidPart {
  /** The blocks it wrote, joined by blank lines ('' when it wrote none), as text or as its UTF-8 bytes. */
  readonly text: string | Uint8Array;
  /** The 32-bit hash of each unit's key it looked up, the first time it did, in order. */
  readonly hashes: ArrayLike<number>;
  /** For each: the source that said it first, or null when it was new (then this part said it first). */
  answer(index: number): string | null;
  /** The exact keys, in the same order (read from the file only when asked). */
  keys(): readonly string[];
  /** Each pointer it looked for, the first time, and whether an earlier part had written it (if not, it wrote it). */
  readonly pointers: readonly string[];
  readonly hadPointers: readonly boolean[];
}

/** What a part made in this build gives to be kept: its text and its keys in memory. */
export interface MadeSaidPart extends SaidPart {
  readonly text: string;
  readonly hashes: readonly number[];
}

/**
 * A kept part's place in the file: its text's and keys' bytes in the blob, its hashes and answers in the integers;
 * then what the checks keep of its text (see `PartPlace`): its length in UTF-16 code units, its line breaks, its
 * hash, its edges, and how many comparable sentences it has (-1: not known), their hashes and offsets following its
 * answers in the integers.
 */
type SavedPart = [
  key: string,
  textAt: number,
  textBytes: number,
  keysAt: number,
  keysBytes: number,
  intsAt: number,
  count: number,
  pointers: string[],
  hadPointers: (0 | 1)[],
  chars: number,
  lines: number,
  hash: string,
  edges: number,
  sentences: number,
];

/**
 * Where a part is in the file made of its parts, and what the checks keep of its text: its hash, how it meets the
 * parts around it, and the comparable sentences the repeated-sentence check read in it. The checks fill in what is
 * not known yet (`edges`, `sentences`), and it is kept with the part.
 */
export interface PartPlace {
  /** Where its text starts in the file, in UTF-16 code units, and how long it is. */
  offset: number;
  chars: number;
  /** The same in the file's UTF-8 bytes (a file joined from kept bytes is read a part at a time, never decoded whole). */
  byteOffset: number;
  bytes: number;
  /** The file's line its text starts on (1-based). */
  line: number;
  /** contentHash of its text. */
  hash: string;
  /** How its blocks meet the parts around it, in a check's own bits; -1 while not known. */
  edges: number;
  /** Each comparable sentence's key hash and offset in the part, as the repeated-sentence check reads them. */
  sentences?: { hashes: ArrayLike<number>; offsets: ArrayLike<number> };
}

/**
 * A file made in parts, as the checks read it: its parts in order, none empty, joined by blank lines; its length in
 * UTF-16 code units (its text's `length`, known without decoding the file).
 */
export interface PartedText {
  parts: readonly PartPlace[];
  chars: number;
}

/** What the checks need of the kept parts. */
export interface PartedTexts {
  /** The parts of a file's body (its text, or its UTF-8 bytes), when it is the one this build made of them. */
  partsOf(body: string | Uint8Array): PartedText | undefined;
}

/** What is known of a part's text without reading it. */
interface TextFacts {
  chars: number;
  /** Its UTF-8 bytes' count. */
  bytes: number;
  lines: number;
  hash: string;
}

interface Header {
  format: typeof FORMAT;
  scope: string;
  /** What every part's text depends on besides its key (the index notice each guide leaves out). */
  context: string;
  /** The sources the answers name (a few page titles), by index. */
  sources: string[];
  /** The byte length of the integers (each part's hashes, then its answers: a source's index, or -1 for new). */
  intsBytes: number;
  parts: SavedPart[];
  /** The file of the parts' bytes, as it was when the head was written (see PartsBlob). */
  blob: PartsBlob;
}

/**
 * What a save after an edit keeps beside the head rather than write the head again: the parts that differ from the
 * head's own, their integers after the head's, and the sources and the blob as they are now. Read only beside the head
 * it names (by its checksum); the head alone is read otherwise.
 */
interface Beside {
  format: typeof FORMAT;
  base: string;
  /** All the sources: the head's, then those added since. */
  sources: string[];
  intsBytes: number;
  /** Each part's `intsAt` counts from the head's first integer: its integers follow the head's. */
  parts: SavedPart[];
  blob: PartsBlob;
}

/** The head as read, under what was kept beside it: its checksum, its integers' count, the parts kept beside it. */
interface HeadBase {
  crc: string;
  ints: number;
  beside: ReadonlySet<SavedPart>;
}

interface Loaded {
  /** The head, with the parts, sources and blob kept beside it. */
  header: Header;
  /** The head's integers, then those kept beside it. */
  ints: Int32Array;
  base?: HeadBase;
  /** The blob's bytes, as far as the head names them. */
  blob: Buffer;
  /** Whether the blob file ends where the head says: then new parts are appended to it. */
  appendable: boolean;
}

/** The layout of the saved files; another value is not read. */
const FORMAT = 3;

const folderOf = (cacheDir: string) => join(cacheDir, 'said-parts');
const besideOf = (cacheDir: string, scope: string) => join(folderOf(cacheDir), `${scope.slice(0, 32)}.more`);
const headOf = (cacheDir: string, scope: string) => join(folderOf(cacheDir), `${scope.slice(0, 32)}.head`);

/** What an emitter needs of the kept parts. */
export interface KeptParts {
  /**
   * Starts a file whose parts all depend on `context` as well as on their keys: the parts kept under another context
   * are not taken.
   */
  begin(context: string): void;
  /** How many units the parts the last good build kept under this context looked up (0 when none is kept). */
  readonly keyCount: number;
  /** The part the last good build made under `key`, if any (the caller checks its answers). */
  take(key: string): SaidPart | undefined;
  /** A part of this build, kept for the next under `key`: one `take` gave, or one made (a `MadeSaidPart`). */
  keep(key: string, part: SaidPart): void;
  /**
   * Tells the file made of the parts kept so far, in their order (its text, or its UTF-8 bytes): the checks then read
   * it part by part.
   */
  laidOut(body: string | Uint8Array): void;
}

/** A kept part as the fold reads it: its bytes are read from the file only when asked for. */
class KeptPart implements SaidPart {
  private keyList?: readonly string[];

  constructor(
    private readonly loaded: Loaded,
    readonly saved: SavedPart,
    readonly hashes: Int32Array,
    private readonly answers: Int32Array,
  ) {}

  get text(): Uint8Array {
    return this.loaded.blob.subarray(this.saved[1], this.saved[1] + this.saved[2]);
  }

  get pointers(): string[] {
    return this.saved[7];
  }

  get hadPointers(): boolean[] {
    return this.saved[8].map((had) => had === 1);
  }

  get facts(): TextFacts {
    return { chars: this.saved[9], bytes: this.saved[2], lines: this.saved[10], hash: this.saved[11] };
  }

  /** What the checks kept of its text. */
  checked(): Pick<PartPlace, 'edges' | 'sentences'> {
    const saved = this.saved;
    const edges = saved[12];
    const sentences = saved[13];
    if (sentences < 0) return { edges };
    const from = saved[5] + 2 * saved[6];
    const ints = this.loaded.ints;
    return {
      edges,
      sentences: {
        hashes: ints.subarray(from, from + sentences),
        offsets: ints.subarray(from + sentences, from + 2 * sentences),
      },
    };
  }

  answer(index: number): string | null {
    const source = this.answers[index]!;
    return source < 0 ? null : (this.loaded.header.sources[source] ?? '');
  }

  keys(): readonly string[] {
    if (!this.keyList) {
      const [, , , at, bytes, , count] = this.saved;
      let keys: unknown;
      try {
        keys = JSON.parse(this.loaded.blob.toString('utf8', at, at + bytes));
      } catch {
        keys = undefined;
      }
      // Keys that do not read (a file changed on purpose, past its checksum) match nothing: the part is made again.
      this.keyList = Array.isArray(keys) && keys.length === count && keys.every(isText) ? keys : [];
    }
    return this.keyList;
  }
}

/** A part of this build: kept or made, and where the file it was laid out in has it. */
interface Current {
  part: KeptPart | MadeSaidPart;
  facts: TextFacts;
  place?: PartPlace;
}

export class SaidParts implements KeptParts, PartedTexts {
  private previous = new Map<string, SavedPart>();
  private context = '';
  keyCount = 0;
  private readonly current = new Map<string, Current>();
  /** The file made of this build's parts (its text or its bytes), and their places in it. */
  private layout?: { body: string | Uint8Array; parted: PartedText };
  /** Whether a part was made in this build. */
  private differs = false;
  /**
   * Noted as parts are kept and laid out, so that a save after an edit finds what differs from the head without a pass
   * over its 10,000 parts: the keys of the parts made or taken from beside the head, and the kept parts whose checks'
   * findings the head did not hold (`edges` or `sentences` unknown: a check may learn them; see isNewer).
   */
  private notAsInHead: string[] = [];
  private unknown: [string, Current][] = [];
  /** How many parts were taken from the last good build, and how many were made. */
  readonly counts = { kept: 0, made: 0 };

  constructor(
    readonly scope: string,
    private readonly loaded?: Loaded,
  ) {}

  begin(context: string): void {
    this.context = context;
    this.current.clear();
    this.notAsInHead = [];
    this.unknown = [];
    this.layout = undefined;
    this.counts.kept = 0;
    this.counts.made = 0;
    const header = this.loaded?.header;
    this.previous = new Map();
    this.keyCount = 0;
    if (header?.context !== context) return;
    let count = 0;
    for (const part of header.parts) {
      this.previous.set(String(part?.[0]), part);
      const looked = part?.[6];
      if (Number.isSafeInteger(looked) && looked > 0) count += looked;
    }
    // No more than the integers read hold (each unit has two): a damaged head's counts only size the index less well.
    this.keyCount = Math.min(count, this.loaded!.ints.length / 2);
  }

  take(key: string): KeptPart | undefined {
    const saved = this.previous.get(key);
    const loaded = this.loaded;
    if (!saved || !loaded || !isPart(saved, loaded)) return undefined;
    const at = saved[5];
    const count = saved[6];
    const ints = loaded.ints;
    return new KeptPart(loaded, saved, ints.subarray(at, at + count), ints.subarray(at + count, at + 2 * count));
  }

  keep(key: string, part: SaidPart): void {
    if (part instanceof KeptPart) {
      this.counts.kept++;
      this.current.set(key, { part, facts: part.facts });
      // Taken from beside the head (or with no head to be as in): not as the head holds it.
      const base = this.loaded?.base;
      if (!base || base.beside.has(part.saved)) this.notAsInHead.push(key);
      return;
    }
    const made = part as MadeSaidPart;
    this.counts.made++;
    this.differs = true;
    this.current.set(key, { part: made, facts: factsOf(made.text) });
    this.notAsInHead.push(key);
  }

  laidOut(body: string | Uint8Array): void {
    const parts: PartPlace[] = [];
    let offset = 0;
    let byteOffset = 0;
    let line = 1;
    // forEach and fields by name rather than a destructuring for...of: 10,000 parts run in the interpreter, where
    // each destructuring runs an iterator.
    this.current.forEach((current, key) => {
      const facts = current.facts;
      const chars = facts.chars;
      if (chars === 0) return;
      const kept = current.part instanceof KeptPart ? current.part : undefined;
      const checked = kept ? kept.checked() : undefined;
      const place: PartPlace = { offset, chars, byteOffset, bytes: facts.bytes, line, hash: facts.hash, edges: -1 };
      if (checked) {
        place.edges = checked.edges;
        if (checked.sentences) place.sentences = checked.sentences;
        if (checked.edges < 0 || checked.sentences === undefined) this.unknown.push([key, current]);
      }
      current.place = place;
      parts.push(place);
      offset += chars + 2;
      byteOffset += facts.bytes + 2;
      line += facts.lines + 2;
    });
    // The file ends with one line break after its last part: any other length, and it is read whole.
    const fits = typeof body === 'string' ? offset - 1 === body.length : byteOffset - 1 === body.byteLength;
    this.layout = parts.length > 0 && fits ? { body, parted: { parts, chars: offset - 1 } } : undefined;
  }

  partsOf(body: string | Uint8Array): PartedText | undefined {
    const layout = this.layout;
    if (layout === undefined) return undefined;
    // Bytes are the file's when they are the very bytes laid out; a text is asked of every text the checks read: the
    // length settles it for all but one, without comparing characters.
    if (typeof body !== 'string' || typeof layout.body !== 'string')
      return layout.body === body ? layout.parted : undefined;
    return layout.body.length === body.length && layout.body === body ? layout.parted : undefined;
  }

  /**
   * The parts of this build not kept as the head holds them (see isAsInHead), in the order they were noted: found among
   * the few noted as parts were kept and laid out, not by a pass over every part.
   */
  private differing(base: HeadBase): [string, Current][] {
    const keys = new Set(this.notAsInHead);
    for (const [key] of this.unknown) keys.add(key);
    const differ: [string, Current][] = [];
    for (const key of keys) {
      const current = this.current.get(key);
      if (current && !isAsInHead(current, base)) differ.push([key, current]);
    }
    return differ;
  }

  /**
   * Keeps the parts of a good build (never a failed one's), unless they are the ones kept already; `afresh`: in a
   * blob of their own, not appended to the one read.
   */
  async save(cacheDir: string, afresh = false): Promise<void> {
    const before = this.loaded?.header;
    const learnt = this.unknown.some(([, { part, place }]) => place !== undefined && isNewer(part, place));
    if (!this.differs && !learnt && before?.context === this.context && this.current.size === this.previous.size)
      return;
    // The sources start as the last file's, so that a kept part's answers keep their indexes (its integers are copied
    // whole); a file whose sources have grown past twice its parts starts them afresh.
    const previousSources = before?.sources ?? [];
    const sources: string[] = previousSources.length <= 2 * this.current.size + 16 ? [...previousSources] : [];
    const sourceIndex = new Map<string, number>(sources.map((source, i) => [source, i]));
    const sameSources = sources.length === previousSources.length;
    const indexOf = (source: string | null) => {
      if (source === null) return -1;
      let index = sourceIndex.get(source);
      if (index === undefined) {
        index = sources.length;
        sources.push(source);
        sourceIndex.set(source, index);
      }
      return index;
    };
    // The bytes of the parts made in this build; a kept part's are where the blob has them.
    const made = new Map<string, { text: Buffer; keys: Buffer }>();
    let liveKept = 0;
    let madeBytes = 0;
    this.current.forEach(({ part }, key) => {
      if (part instanceof KeptPart) {
        liveKept += part.saved[2] + part.saved[4];
        return;
      }
      const bytes = { text: Buffer.from(part.text, 'utf8'), keys: Buffer.from(JSON.stringify(part.keys()), 'utf8') };
      made.set(key, bytes);
      madeBytes += bytes.text.length + bytes.keys.length;
    });
    // Appended to the blob while the bytes no part needs any more are fewer than those they need; else written afresh.
    const loaded = this.loaded;
    const append = !afresh && loaded?.appendable === true && loaded.blob.length - liveKept <= liveKept + madeBytes;
    const pieces: Uint8Array[] = [];
    let blobBytes = append ? loaded.blob.length : 0;
    const put = (bytes: Uint8Array) => {
      pieces.push(bytes);
      blobBytes += bytes.length;
      return blobBytes - bytes.length;
    };
    const folder = folderOf(cacheDir);
    await mkdir(folder, { recursive: true });
    const lay = (entries: Iterable<[string, Current]>, intsFrom: number) =>
      layOut(entries, { loaded, append, sameSources, indexOf, made, put, intsFrom });
    // After an edit, the parts that differ from the head's own (the edited guide's) go beside it, appended to the
    // blob, and the head of 10,000 parts is not made and written again.
    const base = loaded?.base;
    if (append && sameSources && base) {
      const differ = this.differing(base);
      if (differ.length * FEW_BESIDE <= this.current.size) {
        const { parts, ints } = lay(differ, base.ints);
        const blob = await appendToBlob(folder, loaded.header.blob, pieces);
        if (!blob) return this.save(cacheDir, true);
        const beside: Beside = { format: FORMAT, base: base.crc, sources, intsBytes: ints.byteLength, parts, blob };
        await writeHeadFile(besideOf(cacheDir, this.scope), beside, ints);
        await removeOthers(folder, [headOf(cacheDir, this.scope), besideOf(cacheDir, this.scope), blob.name]);
        return;
      }
    }
    const { parts, ints } = lay(this.current, 0);
    const blob = append
      ? await appendToBlob(folder, loaded.header.blob, pieces)
      : await writeBlob(folder, this.scope, pieces);
    // Another build appended to the same blob since it was read (two builds sharing a cache folder): this build's
    // bytes are not where its head would say. Its parts go to a blob of their own instead.
    if (!blob) return this.save(cacheDir, true);
    const header: Header = {
      format: FORMAT,
      scope: this.scope,
      context: this.context,
      sources,
      intsBytes: ints.byteLength,
      parts,
      blob,
    };
    const path = headOf(cacheDir, this.scope);
    await writeHeadFile(path, header, ints);
    // Only the latest parts are kept: another generator's, a blob written afresh before this one, and what was kept
    // beside the head just replaced, are removed.
    await removeOthers(folder, [path, blob.name]);
  }
}

/** How the parts of a save are laid out: where their bytes go, and their integers from `intsFrom` on. */
interface Layout {
  loaded: Loaded | undefined;
  append: boolean;
  sameSources: boolean;
  indexOf: (source: string | null) => number;
  made: ReadonlyMap<string, { text: Buffer; keys: Buffer }>;
  put: (bytes: Uint8Array) => number;
  intsFrom: number;
}

/** The entries of these parts, and their integers (each part's at its `intsAt`, counted from `intsFrom`). */
function layOut(entries: Iterable<[string, Current]>, layout: Layout): { parts: SavedPart[]; ints: Int32Array } {
  const { loaded, append, sameSources, indexOf, made, put, intsFrom } = layout;
  const list = [...entries];
  let intCount = 0;
  for (const [, { part, place }] of list)
    intCount += 2 * part.hashes.length + 2 * (place?.sentences?.hashes.length ?? 0);
  const ints = new Int32Array(intCount);
  let at = 0;
  const parts: SavedPart[] = [];
  for (const [key, { part, facts, place }] of list) {
    const count = part.hashes.length;
    const sentences = place?.sentences;
    const sentenceCount = sentences ? sentences.hashes.length : -1;
    const kept = part instanceof KeptPart ? part.saved : undefined;
    const asKept =
      sameSources &&
      kept !== undefined &&
      sentenceCount === kept[13] &&
      (sentences === undefined || sentences.hashes instanceof Int32Array);
    if (asKept) {
      const from = kept[5];
      // A kept part as it was kept: its hashes, answers and sentences, one copy.
      const length = 2 * count + 2 * Math.max(0, sentenceCount);
      ints.set(loaded!.ints.subarray(from, from + length), at);
    } else {
      for (let i = 0; i < count; i++) {
        ints[at + i] = part.hashes[i]!;
        ints[at + count + i] = indexOf(part.answer(i));
      }
      if (sentences) {
        ints.set(Array.from(sentences.hashes), at + 2 * count);
        ints.set(Array.from(sentences.offsets), at + 2 * count + sentenceCount);
      }
    }
    const checked = [facts.chars, facts.lines, facts.hash, place?.edges ?? -1, sentenceCount] as const;
    const intsAt = intsFrom + at;
    if (part instanceof KeptPart) {
      const [, textAt, textBytes, keysAt, keysBytes, , , pointers, had] = part.saved;
      const from = loaded!.blob;
      // Appending, a kept part's bytes stay where they are; written afresh, they are copied from the blob read.
      const text = append ? textAt : put(from.subarray(textAt, textAt + textBytes));
      const keys = append ? keysAt : put(from.subarray(keysAt, keysAt + keysBytes));
      parts.push([key, text, textBytes, keys, keysBytes, intsAt, count, pointers, had, ...checked]);
    } else {
      const { text, keys } = made.get(key)!;
      const had = part.hadPointers.map((h): 0 | 1 => (h ? 1 : 0));
      parts.push([
        key,
        put(text),
        text.length,
        put(keys),
        keys.length,
        intsAt,
        count,
        [...part.pointers],
        had,
        ...checked,
      ]);
    }
    at += 2 * count + 2 * Math.max(0, sentenceCount);
  }
  return { parts, ints };
}

/** Whether a part of this build is kept as the head holds it (not beside it), and the checks learnt nothing new of it. */
function isAsInHead({ part, place }: Current, base: HeadBase): boolean {
  return part instanceof KeptPart && !base.beside.has(part.saved) && (place === undefined || !isNewer(part, place));
}

/** Writes a head or what is kept beside it: its checksum, its JSON's length, its JSON, its integers. */
async function writeHeadFile(path: string, value: Header | Beside, ints: Int32Array): Promise<void> {
  const json = asciiJson(value);
  const tmp = `${path}.${process.pid}.tmp`;
  // It carries its own checksum: one cut short, zeroed or changed by accident is not read.
  const intBytes = new Uint8Array(ints.buffer, ints.byteOffset, ints.byteLength);
  await writePieces(tmp, withChecksum([Buffer.from(`${json.length}\n`), json, intBytes]).pieces, 'w');
  await rename(tmp, path);
}

/** Removes every file of the folder but these (another generator's parts, blobs no head names). */
async function removeOthers(folder: string, keep: readonly string[]): Promise<void> {
  const kept = new Set(keep.map((file) => basename(file)));
  for (const file of await readdir(folder)) if (!kept.has(file)) await rm(join(folder, file), { force: true });
}

/** Whether a check learnt of a kept part what its file does not hold. */
function isNewer(part: KeptPart | MadeSaidPart, place: PartPlace): boolean {
  if (!(part instanceof KeptPart)) return false;
  const [, , , , , , , , , , , , edges, sentences] = part.saved;
  return place.edges !== edges || (sentences < 0 && place.sentences !== undefined);
}

/** A made part's length, line breaks and hash. */
function factsOf(text: string): TextFacts {
  let lines = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return {
    chars: text.length,
    bytes: Buffer.byteLength(text),
    lines,
    hash: createHash('sha256').update(text).digest('hex').slice(0, 32),
  };
}

/** The parts the last good build made with this generator; none when it was another, or its files are damaged. */
export async function loadSaidParts(cacheDir: string, scope: string): Promise<SaidParts> {
  try {
    const [headFile, besideFile] = await Promise.all(
      [headOf(cacheDir, scope), besideOf(cacheDir, scope)].map((path) => readFile(path).catch(() => undefined)),
    );
    const head = headFile && readHeadFile<Header>(headFile);
    if (head && isHeader(head.value, scope)) {
      const kept = besideFile && readHeadFile<Beside>(besideFile);
      const beside = kept && isBeside(kept.value, head.value, head.crc) ? kept : undefined;
      const header = beside
        ? {
            ...head.value,
            sources: beside.value.sources,
            parts: [...head.value.parts, ...beside.value.parts],
            blob: beside.value.blob,
          }
        : head.value;
      const blob = await readBlob(folderOf(cacheDir), fileSystemNow(cacheDir), header.blob);
      if (blob) {
        // Copied out (an Int32Array needs its bytes aligned, and the file's are where its JSON ends), the head's
        // integers and then those kept beside it.
        const ints = new Int32Array((head.ints.length + (beside?.ints.length ?? 0)) / 4);
        const bytes = new Uint8Array(ints.buffer);
        bytes.set(head.ints);
        if (beside) bytes.set(beside.ints, head.ints.length);
        const base = { crc: head.crc, ints: head.ints.length / 4, beside: new Set(beside?.value.parts ?? []) };
        return new SaidParts(scope, { header, ints, base, ...blob });
      }
    }
  } catch {
    // None kept for this generator, or unreadable: every part is made.
  }
  return new SaidParts(scope);
}

/** A head's or its beside's JSON and integers, when its checksum holds; undefined otherwise. */
function readHeadFile<T extends { intsBytes: number }>(
  file: Buffer,
): { value: T; ints: Buffer; crc: string } | undefined {
  const checked = checkedBody(file);
  if (!checked) return undefined;
  const body = checked.body;
  const jsonEnd = body.indexOf(0x0a);
  const jsonBytes = Number(body.toString('latin1', 0, jsonEnd));
  const value = JSON.parse(cacheText(body.subarray(jsonEnd + 1, jsonEnd + 1 + jsonBytes))) as T;
  const intsBytes = value?.intsBytes;
  if (!Number.isSafeInteger(intsBytes) || intsBytes % 4 !== 0) return undefined;
  const ints = body.subarray(jsonEnd + 1 + jsonBytes, jsonEnd + 1 + jsonBytes + intsBytes);
  return ints.length === intsBytes ? { value, ints, crc: checked.crc } : undefined;
}

/** What was kept beside this head (named by its checksum): its sources the head's and more, its parts listed. */
function isBeside(beside: Beside, header: Header, crc: string): boolean {
  return (
    beside?.format === FORMAT &&
    beside.base === crc &&
    Array.isArray(beside.sources) &&
    beside.sources.length >= header.sources.length &&
    header.sources.every((source, i) => beside.sources[i] === source) &&
    beside.sources.every(isText) &&
    Array.isArray(beside.parts) &&
    isBlob(beside.blob)
  );
}

function isHeader(header: Header, scope: string): boolean {
  return (
    header?.format === FORMAT &&
    header.scope === scope &&
    typeof header.context === 'string' &&
    Array.isArray(header.sources) &&
    header.sources.every(isText) &&
    Array.isArray(header.parts) &&
    isBlob(header.blob)
  );
}

/** A part whose places are inside the file (the checksum catches damage by accident; this, a file of another shape). */
function isPart(part: SavedPart, loaded: Loaded): boolean {
  if (!Array.isArray(part) || part.length !== 14) return false;
  // By index, without a closure: this runs for each of 10,000 kept parts.
  const intsAt = part[5];
  const count = part[6];
  const pointers = part[7];
  const had = part[8];
  const chars = part[9];
  const lines = part[10];
  const hash = part[11];
  const edges = part[12];
  const sentences = part[13];
  const blobBytes = loaded.blob.length;
  if (!inBlob(part[1], part[2], blobBytes) || !inBlob(part[3], part[4], blobBytes)) return false;
  return (
    Number.isSafeInteger(intsAt) &&
    Number.isSafeInteger(count) &&
    intsAt >= 0 &&
    count >= 0 &&
    Number.isSafeInteger(sentences) &&
    intsAt + 2 * count + 2 * Math.max(0, sentences) <= loaded.ints.length &&
    Number.isSafeInteger(chars) &&
    chars >= 0 &&
    Number.isSafeInteger(lines) &&
    typeof hash === 'string' &&
    Number.isSafeInteger(edges) &&
    Array.isArray(pointers) &&
    Array.isArray(had) &&
    pointers.length === had.length &&
    pointers.every(isText)
  );
}

/** Whether `bytes` from `at` lie inside a blob of `blobBytes`. */
const inBlob = (at: number, bytes: number, blobBytes: number): boolean =>
  Number.isSafeInteger(at) && Number.isSafeInteger(bytes) && at >= 0 && bytes >= 0 && at + bytes <= blobBytes;

/** One function for every check of a list of texts: a closure made per call would be one per kept part. */
const isText = (value: unknown): value is string => typeof value === 'string';
