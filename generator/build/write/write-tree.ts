// Write stage: all or nothing. Every tree is written beside its target first and swapped in only when all are written.
import { dirname, join } from 'node:path';
import type { OutputFileSystem } from '../files/file-system.js';
import { IO_CONCURRENCY, mapLimit } from '../files/map-limit.js';
import type { StreamedFile } from '../registry/types.js';

/** One output folder and the files that go in it (relative paths). */
export interface OutputTree {
  dir: string;
  files: Map<string, string | Uint8Array>;
  /** Files made one at a time as they are written (a context per page): never all in memory at once. */
  streams?: (() => Iterable<StreamedFile>)[];
}

export interface WriteObserver {
  /** Each file as it is written: its final path (in the tree, not the staging folder) and its size in bytes. */
  onWritten?: (path: string, bytes: number) => void;
  /** How many files are written so far (every file, throttled by the caller). */
  onProgress?: (done: number) => void;
}

export async function writeTrees(
  trees: OutputTree[],
  fs: OutputFileSystem,
  observer: WriteObserver = {},
): Promise<void> {
  const stamp = `${process.pid}-${Date.now()}`;
  let written = 0;
  const wrote = (tree: OutputTree, file: string, body: string | Uint8Array) => {
    observer.onWritten?.(join(tree.dir, file), typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    observer.onProgress?.(++written);
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
      await mapLimit([...tree.files], IO_CONCURRENCY, async ([file, body]) => {
        await fs.writeFile(join(tree.tmp, file), body);
        wrote(tree, file, body);
      });
      for (const stream of tree.streams ?? []) {
        await writeStream(tree.tmp, stream(), dirs, fs, (file, body) => wrote(tree, file, body));
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
  wrote: (file: string, body: string | Uint8Array) => void,
): Promise<void> {
  for (const { file, body } of files) {
    refuseClimbing(file);
    const path = join(root, file);
    const dir = dirname(path);
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
