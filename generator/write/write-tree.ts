// Write stage: all or nothing. Every tree is written beside its target first and swapped in only when all are written.
import { dirname, join } from 'node:path';
import type { OutputFileSystem } from './file-system.js';
import { IO_CONCURRENCY, mapLimit } from '../parallel/map-limit.js';

/** One output folder and the files that go in it (relative paths). */
export interface OutputTree {
  dir: string;
  files: Map<string, string | Uint8Array>;
}

export async function writeTrees(trees: OutputTree[], fs: OutputFileSystem): Promise<void> {
  const stamp = `${process.pid}-${Date.now()}`;
  const staged = trees.map((t) => ({ ...t, tmp: `${t.dir}.build-tmp-${stamp}`, old: `${t.dir}.build-old-${stamp}` }));
  try {
    for (const tree of staged) {
      await fs.rm(tree.tmp);
      await fs.mkdir(tree.tmp);
      const dirs = new Set<string>();
      for (const file of tree.files.keys()) dirs.add(dirname(join(tree.tmp, file)));
      for (const dir of [...dirs].sort()) await fs.mkdir(dir);
      // A few writes in flight: one at a time is latency-bound with thousands of files.
      await mapLimit([...tree.files], IO_CONCURRENCY, ([file, body]) => fs.writeFile(join(tree.tmp, file), body));
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
