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

export class FileHashes {
  /** Each file hashed in this walk (by path), with its settled identity: what the next walk may trust. */
  private readonly current = new Map<string, [identity: string, hash: string]>();
  /** How many files were read (the others were known by their stat). */
  readonly counts = { opened: 0, known: 0 };

  private constructor(
    private readonly cacheDir: string,
    private readonly previous: ReadonlyMap<string, [identity: string, hash: string]>,
    private readonly startNs: bigint,
  ) {}

  /** The hashes the last walk recorded in `cacheDir` (none when unreadable); this walk's start is taken now. */
  static async load(cacheDir: string): Promise<FileHashes> {
    const startNs = fileSystemNow(cacheDir);
    let previous = new Map<string, [string, string]>();
    try {
      const saved = JSON.parse(await readCacheText(fileOf(cacheDir))) as {
        files?: Record<string, [string, string]>;
      };
      if (saved.files && typeof saved.files === 'object') previous = new Map(Object.entries(saved.files));
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
    if (settled && Array.isArray(seen) && seen[0] === identity && typeof seen[1] === 'string') {
      this.counts.known++;
      this.current.set(path, seen);
      return seen[1];
    }
    this.counts.opened++;
    const hash = createHash('sha256').update(readFileSync(path)).digest('hex');
    if (settled) this.current.set(path, [identity, hash]);
    return hash;
  }

  /**
   * Records this walk's settled files when they differ from what is recorded, unless only a few were read among many:
   * reading those few again next time costs less than writing every file's hash again after each edit (a record not
   * written is the last one, true of the files it names).
   */
  async save(): Promise<void> {
    if (this.counts.opened === 0 && this.current.size === this.previous.size) return;
    if (this.counts.opened * FEW_OF < this.previous.size) return;
    const path = fileOf(this.cacheDir);
    await mkdir(this.cacheDir, { recursive: true });
    await writeWhole(path, asciiJson({ files: Object.fromEntries(this.current) }));
  }
}

const fileOf = (cacheDir: string) => join(cacheDir, 'file-hashes.json');

/** Files read in a walk count as few while there are more than this many times as many recorded. */
const FEW_OF = 64;
