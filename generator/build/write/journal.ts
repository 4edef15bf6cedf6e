// The write journal: what a build changing its trees in place moves and removes, written once every changed file is
// staged. Applying it only renames and removes, so a run interrupted half-way is completed by the next one.
import { readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutputFileSystem } from '../files/file-system.js';

/** One tree's changes: files moved from the staging folder into place, files and then emptied folders removed. */
export interface JournalTree {
  dir: string;
  staged: string;
  moves: string[];
  removals: string[];
  /** The folders in place before: each is removed if the removals left it empty. */
  folders: string[];
}

export interface Journal {
  trees: JournalTree[];
}

/** A file system that can apply a journal. */
export type ApplyingFileSystem = OutputFileSystem &
  Required<Pick<OutputFileSystem, 'list' | 'moveSync' | 'removeSync'>>;

export function canApply(fs: OutputFileSystem): fs is ApplyingFileSystem {
  return fs.list !== undefined && fs.moveSync !== undefined && fs.removeSync !== undefined;
}

/** Writes the journal whole (beside, then renamed): from here on the new trees are committed. */
export async function writeJournal(path: string, journal: Journal): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(journal));
  await rename(tmp, path);
}

/**
 * Applies a journal: every staged file still in the staging folder is moved into place, every removal made, emptied
 * folders removed, the staging folder and the journal deleted. Each step may have been done already by an
 * interrupted run; doing it again changes nothing.
 */
export async function applyJournal(path: string, journal: Journal, fs: ApplyingFileSystem): Promise<void> {
  for (const tree of journal.trees) {
    for (const file of tree.moves) {
      const from = join(tree.staged, file);
      // Moved by an interrupted run already: nothing left to move.
      if (!(await fs.exists(from))) continue;
      fs.moveSync(from, join(tree.dir, file));
    }
    for (const file of tree.removals) fs.removeSync(join(tree.dir, file));
    // Deepest first, so that a folder emptied of folders goes too.
    for (const folder of [...tree.folders].sort((a, b) => b.length - a.length))
      fs.removeSync(join(tree.dir, folder), true);
    await fs.rm(tree.staged);
  }
  await rm(path, { force: true });
}

/**
 * Completes the write a build left half-applied (it was stopped while moving its files into place), before anything
 * reads the trees. True when there was one.
 */
export async function completePendingWrite(path: string, fs: OutputFileSystem): Promise<boolean> {
  let journal: Journal;
  try {
    journal = JSON.parse(readFileSync(path, 'utf8')) as Journal;
  } catch {
    return false;
  }
  if (!isJournal(journal)) throw new Error(`${path} is not a write journal this build made; remove it and build again`);
  if (!canApply(fs)) throw new Error(`${path} names a write to complete, and this file system cannot complete it`);
  await applyJournal(path, journal, fs);
  return true;
}

/** Only what a build writes: folders beside their trees' staging folders, names inside them. */
function isJournal(journal: unknown): journal is Journal {
  const trees = (journal as Partial<Journal> | null)?.trees;
  if (!Array.isArray(trees)) return false;
  const names = (list: unknown) => Array.isArray(list) && list.every((n) => typeof n === 'string' && isInside(n));
  return trees.every(
    (t: Partial<JournalTree> | null) =>
      typeof t?.dir === 'string' &&
      typeof t.staged === 'string' &&
      t.staged.startsWith(`${t.dir}.build-tmp-`) &&
      names(t.moves) &&
      names(t.removals) &&
      names(t.folders),
  );
}

/** An empty, `.` or `..` segment of a name, between separators (either slash) or the name's ends. */
const CLIMBING_SEGMENT = /(?:^|[/\\])\.{0,2}(?:[/\\]|$)/;

/**
 * A relative name that stays inside its tree (no `..`, no empty or `.` segment). One test of the whole name, not a split
 * into segments: the writer asks it of each of 21,000 files at 10,000 pages.
 */
export function isInside(file: string): boolean {
  return !CLIMBING_SEGMENT.test(file);
}
