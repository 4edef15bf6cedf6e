// The hashes of a build's input files, known by their stat: a file whose identity is the one recorded, settled
// before the walk that recorded it, is not read again to fingerprint a build; its recorded hash stands for its bytes.
import { readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileSystemNow, identityOf, settledBefore } from './file-identity.js';
import type { WalkedEntry } from './folder-walk.js';
import { asciiJson, readCacheText } from './ascii-json.js';
import { writeWhole } from './whole-file.js';

/** A file's path, its settled identity (see identityOf) and the SHA-256 of its bytes, as the record keeps it. */
type Known = [path: string, identity: string, hash: string];

const isKnown = (value: unknown): value is Known =>
  Array.isArray(value) && value.length === 3 && value.every((member) => typeof member === 'string');

export class FileHashes {
  /**
   * The files of this walk that were known (by their recorded entry) or read and settled (by a new one), in order: what
   * the next walk may trust. Listed, and made into the record only when it is written (after most edits it is not).
   */
  private readonly current: Known[] = [];
  /** How many files were read (the others were known by their stat). */
  readonly counts = { opened: 0, known: 0 };

  private constructor(
    private readonly cacheDir: string,
    private readonly previous: ReadonlyMap<string, Known>,
    private readonly startNs: bigint,
  ) {}

  /** The hashes the last walk recorded in `cacheDir` (none when unreadable); this walk's start is taken now. */
  static async load(cacheDir: string): Promise<FileHashes> {
    const startNs = fileSystemNow(cacheDir);
    const previous = new Map<string, Known>();
    try {
      // A list of entries, not an object keyed by path: 10,000 paths read as names would each go through the
      // engine's table of names. A record of another layout, or an entry of another shape, is read again.
      const saved = JSON.parse(await readCacheText(fileOf(cacheDir))) as { files?: unknown };
      if (Array.isArray(saved.files))
        for (const entry of saved.files) if (isKnown(entry)) previous.set(entry[0], entry);
    } catch {
      // None yet, or unreadable: every file is read.
    }
    return new FileHashes(cacheDir, previous, startNs);
  }

  /** The instant this walk began, on the file systems' clock: a walk of the inputs starts from it. */
  get start(): bigint {
    return this.startNs;
  }

  /** The SHA-256 of a file's bytes: the recorded one when its stat is the settled one seen then, else read. */
  hashOf(path: string): string {
    const stats = statSync(path, { bigint: true });
    return this.hashOfKnown(path, identityOf(stats), settledBefore(stats, this.startNs));
  }

  /**
   * As `hashOf`, for a file of a walk begun at `start` (its stat taken then): the walk's identity stands for the stat.
   * A file that vanished from under the walk is read, which reports it.
   */
  hashOfWalked(path: string, entry: WalkedEntry): string {
    if (entry.identity === undefined) return this.hashOfKnown(path, '', false);
    return this.hashOfKnown(path, entry.identity, entry.settled === true);
  }

  private hashOfKnown(path: string, identity: string, settled: boolean): string {
    const seen = this.previous.get(path);
    if (settled && seen !== undefined && seen[1] === identity) {
      this.counts.known++;
      this.current.push(seen);
      return seen[2];
    }
    this.counts.opened++;
    const hash = createHash('sha256').update(readFileSync(path)).digest('hex');
    if (settled) this.current.push([path, identity, hash]);
    return hash;
  }

  /**
   * Records this walk's settled files when some were read, unless only a few among many: reading those few again
   * next time costs less than writing every file's hash again after each edit (a record not written is the last one,
   * true of the files it names). A walk that read none knew every file it met by the record, which holds them already.
   */
  async save(): Promise<void> {
    if (this.counts.opened === 0) return;
    if (this.counts.opened * FEW_OF < this.previous.size) return;
    const path = fileOf(this.cacheDir);
    await mkdir(this.cacheDir, { recursive: true });
    // A file met twice (never, in one walk of distinct paths) is recorded once, as last met.
    const files = [...new Map(this.current.map((known) => [known[0], known])).values()];
    await writeWhole(path, asciiJson({ files }));
  }
}

const fileOf = (cacheDir: string) => join(cacheDir, 'file-hashes.json');

/** Files read in a walk count as few while there are more than this many times as many recorded. */
const FEW_OF = 64;
