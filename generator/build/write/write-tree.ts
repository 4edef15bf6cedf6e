// Write stage: all or nothing. Every tree is written beside its target first and swapped in only when all are written.
import { contentHash, type Digest } from '../cache/fingerprint.js';
import { dirname, join, resolve, sep } from 'node:path';
import type { OutputFileSystem } from '../files/file-system.js';
import { IO_CONCURRENCY, mapLimit } from '../files/map-limit.js';
import type { StreamedFile } from '../registry/types.js';
import type { FileStamp, PreviousOutput } from '../cache/build-record.js';
import {
  type ApplyingFileSystem,
  applyJournal,
  canApply,
  completePendingWrite,
  isInside,
  type Journal,
  type JournalTree,
  writeJournal,
} from './journal.js';

export { completePendingWrite };

/**
 * A file's text or bytes, or what gives them when first asked for (an artifact whose body is a kept page's bytes, read
 * from the render cache only if the file must be written).
 */
export type TreeFile = string | Uint8Array | { readonly body: string | Uint8Array };

const bodyOf = (file: TreeFile): string | Uint8Array =>
  typeof file === 'string' || file instanceof Uint8Array ? file : file.body;

/** One output folder and the files that go in it (relative paths). */
export interface OutputTree {
  dir: string;
  files: Map<string, TreeFile>;
  /** Files made one at a time as they are written (a context per page): never all in memory at once. */
  streams?: (KnownStream | (() => Iterable<StreamedFile>))[];
  /**
   * The hash of a file's bytes when its maker knows it already (`contentHash`): not made again. Given the file as the
   * tree holds it, so that the maker finds what it knows without looking the name up.
   */
  hashOf?: (file: string, body: TreeFile) => string | undefined;
}

/** A stream whose files' digests are known before their texts are made: a file the tree in place holds is not made. */
export interface KnownStream {
  digests(): ReadonlyMap<string, Digest>;
  /** One file's text, made alone. */
  file(file: string): string | undefined;
}

export interface WriteObserver {
  /** Each file as it is placed (written, or linked from the previous tree): its final path and its size in bytes. */
  onWritten?: (path: string, bytes: number) => void;
  /** How many files are placed so far (every file, throttled by the caller). */
  onProgress?: (done: number) => void;
  /** The tree in place as the last good build recorded it: a file whose bytes it holds is kept, not written. */
  previous?: PreviousOutput;
  /**
   * With `previous`: where the write journal goes. The trees in place are then changed file by file: only the changed
   * files are staged, and once all are, the journal is written and applied (see write/journal.ts). Without it, or for
   * a tree not in place or that would turn a file into a folder or back, every tree is staged whole (unchanged files
   * as hard links) and swapped in.
   */
  journal?: string;
}

/**
 * What was written: each file's final (absolute) path and the hash of its bytes (for the build record), and how many
 * were kept from the previous tree (left in place, or staged as hard links to it) rather than written.
 */
export interface WriteResult {
  readonly hashes: ReadonlyMap<string, string>;
  /** How many files were placed (written or kept), streamed ones included. */
  readonly files: number;
  linked: number;
  /** The stamps of the files kept from the previous tree (for the build record). */
  readonly linkedStamps: ReadonlyMap<string, FileStamp>;
  /** What each output folder received, in the order of the trees: every file, streamed ones included. */
  trees: WrittenTree[];
  /**
   * Set when the trees were changed in place: the files written (by final path, with their hashes) and removed. Every
   * other file of the trees is one the previous tree held, unchanged.
   */
  inPlace?: { written: Map<string, string>; removed: string[] };
}

/**
 * What a write placed, by final path: each file's hash, and the stamp of each kept from the previous tree. Listed as
 * the files are placed (21,000 at 10,000 pages) and made into maps only when asked: a rebuild written in place keeps
 * its changes beside the build record and asks for neither.
 */
class Placed implements WriteResult {
  private readonly finals: string[] = [];
  private readonly hashList: string[] = [];
  private readonly keptFinals: string[] = [];
  private readonly keptStamps: FileStamp[] = [];
  private hashMap?: Map<string, string>;
  private stampMap?: Map<string, FileStamp>;
  linked = 0;
  readonly trees: WrittenTree[] = [];

  constructor(readonly inPlace?: WriteResult['inPlace']) {}

  place(final: string, hash: string): void {
    this.finals.push(final);
    this.hashList.push(hash);
  }

  kept(final: string, stamp: FileStamp): void {
    this.linked++;
    this.keptFinals.push(final);
    this.keptStamps.push(stamp);
  }

  /** Each final path is placed once: a tree's names are distinct (the registry refuses two alike), and so are trees. */
  get files(): number {
    return this.finals.length;
  }

  get hashes(): ReadonlyMap<string, string> {
    this.hashMap ??= new Map(this.finals.map((final, i) => [final, this.hashList[i]!]));
    return this.hashMap;
  }

  get linkedStamps(): ReadonlyMap<string, FileStamp> {
    this.stampMap ??= new Map(this.keptFinals.map((final, i) => [final, this.keptStamps[i]!]));
    return this.stampMap;
  }
}

/** What was written into one output folder: every file, streamed ones included. */
export interface WrittenTree {
  dir: string;
  files: number;
  bytes: number;
}

export async function writeTrees(
  trees: OutputTree[],
  fs: OutputFileSystem,
  observer: WriteObserver = {},
): Promise<WriteResult> {
  // A write an earlier build left half-applied is completed first: the trees are then what its record says.
  const completed = observer.journal !== undefined && (await completePendingWrite(observer.journal, fs));
  await observer.previous?.settle?.(!completed);
  if (observer.previous && observer.journal && canApply(fs)) {
    const written = await writeInPlace(trees, fs, observer.previous, observer.journal, observer);
    if (written) return written;
  }
  return writeStaged(trees, fs, observer);
}

/** Every tree staged whole beside its target (unchanged files as hard links to the previous tree's), then swapped in. */
async function writeStaged(trees: OutputTree[], fs: OutputFileSystem, observer: WriteObserver): Promise<WriteResult> {
  const result = new Placed();
  const previous = observer.previous;
  // A file whose bytes the tree in place already holds is linked from it; any other is written.
  // A file linked has the size its stamp says: its text is not measured (nor read) again.
  let linkedSize: number | undefined;
  const place = (tree: { dir: string; tmp: string }, file: string, hash: string): boolean => {
    // Absolute, as the build record names files (the output folder may be given relative).
    const final = resolve(tree.dir, file);
    result.place(final, hash);
    const stamp = previous && fs.linkSync ? previous.unchanged(final, hash) : undefined;
    if (!stamp || !fs.linkSync?.(final, join(tree.tmp, file))) return false;
    result.kept(final, stamp);
    linkedSize = stamp[0];
    return true;
  };
  const stamp = `${process.pid}-${Date.now()}`;
  let done = 0;
  const wrote = (tree: OutputTree, count: WrittenTree, file: string, body: TreeFile, size?: number) => {
    const bytes = size ?? sizeOf(bodyOf(body));
    count.files += 1;
    count.bytes += bytes;
    observer.onWritten?.(join(tree.dir, file), bytes);
    observer.onProgress?.(++done);
  };
  const staged = trees.map((t) => ({ ...t, tmp: `${t.dir}.build-tmp-${stamp}`, old: `${t.dir}.build-old-${stamp}` }));
  try {
    for (const tree of staged) {
      await fs.rm(tree.tmp);
      await fs.mkdir(tree.tmp);
      const dirs = new Set<string>();
      for (const file of tree.files.keys()) {
        refuseClimbing(file);
        dirs.add(dirname(join(tree.tmp, file)));
      }
      for (const dir of [...dirs].sort()) await fs.mkdir(dir);
      // A few writes in flight: one at a time is latency-bound with thousands of files.
      const count: WrittenTree = { dir: tree.dir, files: 0, bytes: 0 };
      result.trees.push(count);
      const toWrite: [string, TreeFile][] = [];
      for (const [file, body] of tree.files) {
        if (place(tree, file, hashOf(tree, file, body))) wrote(tree, count, file, body, linkedSize);
        else toWrite.push([file, body]);
      }
      await mapLimit(toWrite, IO_CONCURRENCY, async ([file, source]) => {
        const body = bodyOf(source);
        await fs.writeFile(join(tree.tmp, file), body);
        wrote(tree, count, file, body);
      });
      for (const stream of tree.streams ?? []) {
        await writeStream(
          tree.tmp,
          streamItems(stream),
          dirs,
          fs,
          (file, hash) => place(tree, file, hash),
          (file, body, size) => wrote(tree, count, file, body, size),
        );
      }
    }
  } catch (error) {
    for (const tree of staged) await fs.rm(tree.tmp);
    throw error;
  }
  // Every tree is complete: swap them in. The old trees are kept until all swaps are done.
  for (const tree of staged) {
    if (await fs.exists(tree.dir)) await fs.rename(tree.dir, tree.old);
    await fs.rename(tree.tmp, tree.dir);
  }
  for (const tree of staged) await fs.rm(tree.old);
  return result;
}

/** The new files were committed (the journal written) but not all moved into place: the next build completes it. */
export class WriteIncomplete extends Error {}

/** A tree in place cannot take the new one file by file (a file would become a folder, or a folder a file). */
class NotInPlace extends Error {}

/**
 * The trees in place changed file by file: a file whose bytes the tree already holds (as the last good build recorded
 * it, untouched since) is left alone; every other is staged beside the tree. Nothing in place is touched until every
 * file of every tree is staged; then the journal is written and applied: the staged files moved into place, the files
 * the new trees no longer have removed. Undefined, with nothing left behind, when a tree cannot be changed so: it is
 * then staged whole.
 */
async function writeInPlace(
  trees: OutputTree[],
  fs: ApplyingFileSystem,
  previous: PreviousOutput,
  journalPath: string,
  observer: WriteObserver,
): Promise<WriteResult | undefined> {
  const inPlace = { written: new Map<string, string>(), removed: [] as string[] };
  const result = new Placed(inPlace);
  const stamp = `${process.pid}-${Date.now()}`;
  const journal: Journal = { trees: [] };
  let done = 0;
  try {
    for (const tree of trees) {
      // Absolute in the journal: the build that completes it may run from another folder.
      const dir = resolve(tree.dir);
      // As listed beside the build when it was (the same listing, made on another thread), else listed now.
      const present = previous.listed?.(dir) ?? fs.list(dir);
      if (!present) throw new NotInPlace();
      const staged = `${dir}.build-tmp-${stamp}`;
      const entry: JournalTree = { dir, staged, moves: [], removals: [], folders: [...present.dirs] };
      journal.trees.push(entry);
      const count: WrittenTree = { dir: tree.dir, files: 0, bytes: 0 };
      result.trees.push(count);
      const made = new Set<string>();
      /** This tree's files, by their names in it: a file in place that is not one of them is removed. */
      const placed = new Set<string>();
      // Whether the file must be written (staged); false when the tree in place holds its bytes already.
      const changed = (file: string, hash: string): boolean => {
        refuseClimbing(file);
        if (present.dirs.has(file) || parentIsFile(file, present.files)) throw new NotInPlace();
        placed.add(file);
        const final = inside(dir, file);
        result.place(final, hash);
        const kept = previous.unchanged(final, hash);
        keptSize = kept?.[0];
        if (kept) {
          result.kept(final, kept);
          return false;
        }
        entry.moves.push(file);
        inPlace.written.set(final, hash);
        return true;
      };
      // A file left in place has the size its stamp says: its text is not measured again.
      let keptSize: number | undefined;
      const wrote = (file: string, body: TreeFile, size?: number) => {
        const bytes = size ?? sizeOf(bodyOf(body));
        count.files += 1;
        count.bytes += bytes;
        observer.onWritten?.(join(tree.dir, file), bytes);
        observer.onProgress?.(++done);
      };
      const toWrite: [string, TreeFile][] = [];
      // forEach rather than a destructuring for...of: 21,000 files, in the interpreter.
      tree.files.forEach((body, file) => {
        if (changed(file, hashOf(tree, file, body))) toWrite.push([file, body]);
        else wrote(file, body, keptSize);
      });
      for (const dir of new Set(toWrite.map(([file]) => dirname(join(staged, file))))) await fs.mkdir(dir);
      await mkdirOnce(fs, staged, made);
      await mapLimit(toWrite, IO_CONCURRENCY, async ([file, source]) => {
        const body = bodyOf(source);
        await fs.writeFile(join(staged, file), body);
        wrote(file, body);
      });
      for (const stream of tree.streams ?? []) {
        // A file left in place makes no folder in the staging one.
        await writeStream(
          staged,
          streamItems(stream),
          made,
          fs,
          (file, hash) => !changed(file, hash),
          (file, body, size) => wrote(file, body, size ?? keptSize),
          false,
        );
      }
      for (const file of present.files) {
        if (placed.has(file)) continue;
        entry.removals.push(file);
        inPlace.removed.push(inside(dir, file));
      }
    }
    await writeJournal(journalPath, journal);
  } catch (error) {
    for (const tree of journal.trees) await fs.rm(tree.staged);
    if (error instanceof NotInPlace) return undefined;
    throw error;
  }
  try {
    await applyJournal(journalPath, journal, fs);
  } catch (error) {
    throw new WriteIncomplete(
      `moving the new files into place stopped half-way (${error instanceof Error ? error.message : String(error)}); the next build completes it from ${journalPath}`,
    );
  }
  return result;
}

/** A file's hash: as its maker knows it, or made here. */
function hashOf(tree: OutputTree, file: string, body: TreeFile): string {
  return tree.hashOf?.(file, body) ?? contentHash(bodyOf(body));
}

const sizeOf = (body: string | Uint8Array): number =>
  typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;

/** A streamed file as the writer takes it: its hash and size first, its text only if it must be written. */
interface StreamItem {
  file: string;
  hash: string;
  bytes?: number;
  body(): string;
}

/** A known stream's files from their digests (each text made only when asked); any other's as they are made. */
function* streamItems(stream: KnownStream | (() => Iterable<StreamedFile>)): Generator<StreamItem> {
  if (typeof stream === 'function') {
    for (const { file, body } of stream()) yield { file, hash: contentHash(body), body: () => body };
    return;
  }
  for (const [file, digest] of stream.digests()) {
    yield {
      file,
      hash: digest.hash,
      bytes: digest.bytes,
      body: () => {
        const body = stream.file(file);
        if (body === undefined) throw new Error(`The stream lost its file ${file}`);
        return body;
      },
    };
  }
}

/**
 * `resolve(dir, file)` for an absolute `dir` and a `file` that does not climb (no empty, "." or ".." segment): the
 * same path, without resolving each of tens of thousands of names again.
 */
function inside(dir: string, file: string): string {
  return `${dir.endsWith(sep) ? dir.slice(0, -1) : dir}${sep}${sep === '/' ? file : file.split('/').join(sep)}`;
}

/** Whether a folder of `file`'s path is a file in the tree in place. */
function parentIsFile(file: string, files: ReadonlySet<string>): boolean {
  for (let slash = file.indexOf('/'); slash > 0; slash = file.indexOf('/', slash + 1)) {
    if (files.has(file.slice(0, slash))) return true;
  }
  return false;
}

async function mkdirOnce(fs: OutputFileSystem, dir: string, made: Set<string>): Promise<void> {
  if (made.has(dir)) return;
  await fs.mkdir(dir);
  made.add(dir);
}

export { contentHash };

/**
 * Names come from site paths (checked at load); one that would climb out of its tree is a bug, never a file written
 * elsewhere.
 */
function refuseClimbing(file: string): void {
  if (!isInside(file)) throw new Error(`Refusing to write "${file}": it is not a path inside the output folder`);
}

/**
 * Writes a stream's files into the staging folder, taking the next file from the stream only when the last is written:
 * memory holds one file at a time, whatever the stream's length. Synchronous writes when the file system has them
 * (200,000 tiny files: a few seconds, against tens of seconds for a promise per file on a busy machine).
 */
async function writeStream(
  root: string,
  files: Iterable<StreamItem>,
  made: Set<string>,
  fs: OutputFileSystem,
  linked: (file: string, hash: string) => boolean,
  wrote: (file: string, body: string, size?: number) => void,
  linksMakeFolders = true,
): Promise<void> {
  for (const item of files) {
    const { file } = item;
    refuseClimbing(file);
    const path = join(root, file);
    const dir = dirname(path);
    if (linked(file, item.hash)) {
      if (linksMakeFolders) made.add(dir);
      // Left in place or linked: its text is not made when its size is known.
      if (item.bytes !== undefined) wrote(file, '', item.bytes);
      else wrote(file, item.body());
      continue;
    }
    const body = item.body();
    const newDir = made.has(dir) ? undefined : dir;
    made.add(dir);
    if (fs.writeSmallFileSync) {
      fs.writeSmallFileSync(path, body, newDir);
    } else {
      if (newDir) await fs.mkdir(newDir);
      await fs.writeFile(path, body);
    }
    wrote(file, body, item.bytes);
  }
}
