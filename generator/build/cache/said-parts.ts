// The parts of a file made by saying each unit once (llms-full.txt: the introduction, then one part per guide), kept
// across builds: a rebuild after one page changed takes every other guide's part again, without reading its Markdown,
// when what the part looked up of the parts before it has the same answers, and makes only the parts whose answers
// differ. Kept in the cache folder, one file per generator (its code decides what a part writes), with a checksum: a
// damaged file is not read, and every part is made again. A part's text and exact keys stay bytes in the file until
// they are needed (the text when the file is written out, the keys when a hash meets another part's).
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

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

/** A kept part's place in the file: its text's and keys' bytes in the blob, its hashes and answers in the integers. */
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
];

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
}

interface Loaded {
  header: Header;
  ints: Int32Array;
  blob: Buffer;
}

/** The layout of the saved file; another value is not read. */
const FORMAT = 1;

const folderOf = (cacheDir: string) => join(cacheDir, 'said-parts');
const fileOf = (cacheDir: string, scope: string) => join(folderOf(cacheDir), `${scope.slice(0, 32)}.bin`);

/** What an emitter needs of the kept parts. */
export interface KeptParts {
  /**
   * Starts a file whose parts all depend on `context` as well as on their keys: the parts kept under another context
   * are not taken.
   */
  begin(context: string): void;
  /** The part the last good build made under `key`, if any (the caller checks its answers). */
  take(key: string): SaidPart | undefined;
  /** A part of this build, kept for the next under `key`: one `take` gave, or one made (a `MadeSaidPart`). */
  keep(key: string, part: SaidPart): void;
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
      this.keyList =
        Array.isArray(keys) && keys.length === count && keys.every((k) => typeof k === 'string') ? keys : [];
    }
    return this.keyList;
  }
}

export class SaidParts implements KeptParts {
  private previous = new Map<string, SavedPart>();
  private context = '';
  private readonly current = new Map<string, KeptPart | MadeSaidPart>();
  /** Whether a part was made in this build. */
  private differs = false;
  /** How many parts were taken from the last good build, and how many were made. */
  readonly counts = { kept: 0, made: 0 };

  constructor(
    readonly scope: string,
    private readonly loaded?: Loaded,
  ) {}

  begin(context: string): void {
    this.context = context;
    this.current.clear();
    this.counts.kept = 0;
    this.counts.made = 0;
    const header = this.loaded?.header;
    this.previous =
      header?.context === context ? new Map(header.parts.map((part) => [String(part?.[0]), part])) : new Map();
  }

  take(key: string): KeptPart | undefined {
    const saved = this.previous.get(key);
    const loaded = this.loaded;
    if (!saved || !loaded || !isPart(saved, loaded)) return undefined;
    const [, , , , , at, count] = saved;
    const ints = loaded.ints;
    return new KeptPart(loaded, saved, ints.subarray(at, at + count), ints.subarray(at + count, at + 2 * count));
  }

  keep(key: string, part: SaidPart): void {
    if (part instanceof KeptPart) {
      this.counts.kept++;
      this.current.set(key, part);
      return;
    }
    this.counts.made++;
    this.differs = true;
    this.current.set(key, part as MadeSaidPart);
  }

  /** Keeps the parts of a good build (never a failed one's), unless they are the ones kept already. */
  async save(cacheDir: string): Promise<void> {
    const before = this.loaded?.header;
    if (!this.differs && before?.context === this.context && this.current.size === this.previous.size) return;
    const sources: string[] = [];
    const sourceIndex = new Map<string, number>();
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
    const blob: Uint8Array[] = [];
    let blobBytes = 0;
    const put = (bytes: Uint8Array) => {
      blob.push(bytes);
      blobBytes += bytes.length;
      return blobBytes - bytes.length;
    };
    let intCount = 0;
    for (const part of this.current.values()) intCount += 2 * part.hashes.length;
    const ints = new Int32Array(intCount);
    let intsAt = 0;
    const parts: SavedPart[] = [];
    for (const [key, part] of this.current) {
      const count = part.hashes.length;
      for (let i = 0; i < count; i++) {
        ints[intsAt + i] = part.hashes[i]!;
        ints[intsAt + count + i] = indexOf(part.answer(i));
      }
      if (part instanceof KeptPart) {
        const [, textAt, textBytes, keysAt, keysBytes, , , pointers, had] = part.saved;
        const from = this.loaded!.blob;
        const text = put(from.subarray(textAt, textAt + textBytes));
        const keys = put(from.subarray(keysAt, keysAt + keysBytes));
        parts.push([key, text, textBytes, keys, keysBytes, intsAt, count, pointers, had]);
      } else {
        const text = Buffer.from(part.text, 'utf8');
        const keys = Buffer.from(JSON.stringify(part.keys()), 'utf8');
        const hadPointers = part.hadPointers.map((had): 0 | 1 => (had ? 1 : 0));
        parts.push([
          key,
          put(text),
          text.length,
          put(keys),
          keys.length,
          intsAt,
          count,
          [...part.pointers],
          hadPointers,
        ]);
      }
      intsAt += 2 * count;
    }
    const intBytes = new Uint8Array(ints.buffer);
    const header: Header = {
      format: FORMAT,
      scope: this.scope,
      context: this.context,
      sources,
      intsBytes: intBytes.length,
      parts,
    };
    const head = Buffer.from(JSON.stringify(header), 'utf8');
    const body = [Buffer.from(`${head.length}\n`), head, intBytes, ...blob];
    const folder = folderOf(cacheDir);
    // Another generator's parts are never read again: only the latest are kept.
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    const path = fileOf(cacheDir, this.scope);
    const tmp = `${path}.${process.pid}.tmp`;
    // The CRC-32 of the bytes on the first line: a file cut short, zeroed or changed by accident is not read. Written
    // piece by piece, the kept parts' bytes straight from the file read: tens of megabytes are not copied into one.
    let crc = 0;
    for (const bytes of body) crc = crc32(bytes, crc);
    const file = await open(tmp, 'w');
    try {
      await file.write(`${crc}\n`);
      for (let i = 0; i < body.length; i += WRITE_BATCH) await file.writev(body.slice(i, i + WRITE_BATCH));
    } finally {
      await file.close();
    }
    await rename(tmp, path);
  }
}

/** How many pieces one write is given at most (the system's limit on one vectored write is about a thousand). */
const WRITE_BATCH = 512;

/** The parts the last good build made with this generator; none when it was another, or its file is damaged. */
export async function loadSaidParts(cacheDir: string, scope: string): Promise<SaidParts> {
  try {
    const file = await readFile(fileOf(cacheDir, scope));
    const newline = file.indexOf(0x0a);
    const body = file.subarray(newline + 1);
    if (newline > 0 && newline <= 10 && String(crc32(body)) === file.toString('latin1', 0, newline)) {
      const headEnd = body.indexOf(0x0a);
      const headBytes = Number(body.toString('latin1', 0, headEnd));
      const header = JSON.parse(body.toString('utf8', headEnd + 1, headEnd + 1 + headBytes)) as Header;
      if (isHeader(header, scope)) {
        const intsStart = headEnd + 1 + headBytes;
        // Copied out: an Int32Array needs its bytes aligned, and the file's are where the header ends.
        const ints = new Int32Array(new Uint8Array(body.subarray(intsStart, intsStart + header.intsBytes)).buffer);
        return new SaidParts(scope, { header, ints, blob: body.subarray(intsStart + header.intsBytes) });
      }
    }
  } catch {
    // None kept for this generator, or unreadable: every part is made.
  }
  return new SaidParts(scope);
}

function isHeader(header: Header, scope: string): boolean {
  return (
    header?.format === FORMAT &&
    header.scope === scope &&
    typeof header.context === 'string' &&
    Array.isArray(header.sources) &&
    Number.isSafeInteger(header.intsBytes) &&
    header.intsBytes % 4 === 0 &&
    Array.isArray(header.parts)
  );
}

/** A part whose places are inside the file (the checksum catches damage by accident; this, a file of another shape). */
function isPart(part: SavedPart, loaded: Loaded): boolean {
  if (!Array.isArray(part) || part.length !== 9) return false;
  const [, textAt, textBytes, keysAt, keysBytes, intsAt, count, pointers, had] = part;
  const inBlob = (at: number, bytes: number) =>
    Number.isSafeInteger(at) &&
    Number.isSafeInteger(bytes) &&
    at >= 0 &&
    bytes >= 0 &&
    at + bytes <= loaded.blob.length;
  return (
    inBlob(textAt, textBytes) &&
    inBlob(keysAt, keysBytes) &&
    Number.isSafeInteger(intsAt) &&
    Number.isSafeInteger(count) &&
    intsAt >= 0 &&
    count >= 0 &&
    intsAt + 2 * count <= loaded.ints.length &&
    Array.isArray(pointers) &&
    Array.isArray(had) &&
    pointers.length === had.length &&
    pointers.every((p) => typeof p === 'string')
  );
}
