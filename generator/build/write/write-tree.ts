// Write stage: all or nothing. Every tree is written beside its target first and swapped in only when all are written.
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import type { OutputFileSystem } from '../files/file-system.js';
import { IO_CONCURRENCY, mapLimit } from '../files/map-limit.js';
import type { StreamedFile } from '../registry/types.js';
import type { FileStamp, PreviousOutput } from '../cache/build-record.js';

/** One output folder and the files that go in it (relative paths). */
export interface OutputTree {
  dir: string;
  files: Map<string, string | Uint8Array>;
  /** Files made one at a time as they are written (a context per page): never all in memory at once. */
  streams?: (() => Iterable<StreamedFile>)[];
}

export interface WriteObserver {
  /** Each file as it is placed (written, or linked from the previous tree): its final path and its size in bytes. */
  onWritten?: (path: string, bytes: number) => void;
  /** How many files are placed so far (every file, throttled by the caller). */
  onProgress?: (done: number) => void;
  /** The tree in place as the last good build recorded it: a file whose bytes it holds is linked, not written. */
  previous?: PreviousOutput;
}

/** What was staged: each file's final (absolute) path and the hash of its bytes (for the build record), and how many were linked. */
export interface WriteResult {
  hashes: Map<string, string>;
  linked: number;
  /** The stamps of the files linked from the previous tree (for the build record). */
  linkedStamps: Map<string, FileStamp>;
  /** What each output folder received, in the order of the trees: every file, streamed ones included. */
  trees: WrittenTree[];
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
  const result: WriteResult = { hashes: new Map(), linked: 0, linkedStamps: new Map(), trees: [] };
  const previous = observer.previous;
  // A file whose bytes the tree in place already holds is linked from it; any other is written.
  const place = (tree: { dir: string; tmp: string }, file: string, body: string | Uint8Array): boolean => {
    const hash = contentHash(body);
    // Absolute, as the build record names files (the output folder may be given relative).
    const final = resolve(tree.dir, file);
    result.hashes.set(final, hash);
    const stamp = previous && fs.linkSync ? previous.unchanged(final, hash) : undefined;
    if (!stamp || !fs.linkSync?.(final, join(tree.tmp, file))) return false;
    result.linked++;
    result.linkedStamps.set(final, stamp);
    return true;
  };
  const stamp = `${process.pid}-${Date.now()}`;
  let done = 0;
  const wrote = (tree: OutputTree, count: WrittenTree, file: string, body: string | Uint8Array) => {
    const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
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
      const toWrite: [string, string | Uint8Array][] = [];
      for (const [file, body] of tree.files) {
        if (place(tree, file, body)) wrote(tree, count, file, body);
        else toWrite.push([file, body]);
      }
      await mapLimit(toWrite, IO_CONCURRENCY, async ([file, body]) => {
        await fs.writeFile(join(tree.tmp, file), body);
        wrote(tree, count, file, body);
      });
      for (const stream of tree.streams ?? []) {
        await writeStream(
          tree.tmp,
          stream(),
          dirs,
          fs,
          (file, body) => place(tree, file, body),
          (file, body) => wrote(tree, count, file, body),
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

/** The hash the build record keeps of each written file (SHA-256, cut to 128 bits: a name, not a signature). */
export function contentHash(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 32);
}

/**
 * Names come from site paths (checked at load); one that would climb out of its tree is a bug, never a file written
 * elsewhere.
 */
function refuseClimbing(file: string): void {
  if (file.split(/[/\\]/).some((segment) => segment === '..' || segment === '' || segment === '.'))
    throw new Error(`Refusing to write "${file}": it is not a path inside the output folder`);
}

/**
 * Writes a stream's files into the staging folder, taking the next file from the stream only when the last is written:
 * memory holds one file at a time, whatever the stream's length. Synchronous writes when the file system has them
 * (200,000 tiny files: a few seconds, against tens of seconds for a promise per file on a busy machine).
 */
async function writeStream(
  root: string,
  files: Iterable<StreamedFile>,
  made: Set<string>,
  fs: OutputFileSystem,
  linked: (file: string, body: string) => boolean,
  wrote: (file: string, body: string | Uint8Array) => void,
): Promise<void> {
  for (const { file, body } of files) {
    refuseClimbing(file);
    const path = join(root, file);
    const dir = dirname(path);
    if (linked(file, body)) {
      made.add(dir);
      wrote(file, body);
      continue;
    }
    const newDir = made.has(dir) ? undefined : dir;
    made.add(dir);
    if (fs.writeSmallFileSync) {
      fs.writeSmallFileSync(path, body, newDir);
    } else {
      if (newDir) await fs.mkdir(newDir);
      await fs.writeFile(path, body);
    }
    wrote(file, body);
  }
}
