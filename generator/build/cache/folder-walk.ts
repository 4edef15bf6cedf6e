// One walk of an input folder, with one stat per file: what the build's fingerprint and the load both know of its
// files, so that neither lists the folder again nor stats a file the other has. Links are not followed (a link to `/`
// or a loop cannot make the walk endless): they are listed as links, for their reader to resolve.
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { identityOf, settledBefore } from './file-identity.js';

/** One entry of a walk. */
export interface WalkedEntry {
  /** Its path from the walked folder, `/`-separated. */
  rel: string;
  type: 'file' | 'link' | 'folder' | 'other';
  /** A file's identity (see identityOf) and whether its stat tells any later change apart; absent when it vanished. */
  identity?: string;
  settled?: boolean;
}

export interface FolderWalk {
  /** The folder walked, as given. */
  dir: string;
  /** The instant the walk began on the file systems' clock (see fileSystemNow), taken before any stat: 0 trusts none. */
  startNs: bigint;
  /** Every entry under the folder, by path (code unit order). */
  entries: WalkedEntry[];
}

/**
 * Walks `dir` (none when it does not exist; throws what listing it throws otherwise: a folder that cannot be read);
 * `stats` false: files without their identity (for a reader that reads every file anyway).
 */
export function walkFolder(dir: string, startNs: bigint, stats = true): FolderWalk {
  let dirents: Dirent[];
  try {
    dirents = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    // A folder that is not there has no entries (its reader reports it); one that cannot be read throws.
    if ((error as { code?: string } | null)?.code !== 'ENOENT') throw error;
    dirents = [];
  }
  const entries: WalkedEntry[] = [];
  const pathOf = pathInFolder(dir);
  // A listing names each entry's folder: the folder given, or it joined with the path below it (path.relative on
  // 10,000 entries costs more than their stats).
  const below = belowFolder(dir);
  const relOf = (parent: string, name: string) =>
    parent === dir
      ? name
      : parent.startsWith(below)
        ? `${parent.slice(below.length)}${sep}${name}`
        : relative(dir, join(parent, name));
  for (const dirent of dirents) {
    const rel = slashed(relOf(parentOf(dirent), dirent.name));
    if (dirent.isFile()) {
      const stat = stats ? statSync(pathOf(rel), { bigint: true, throwIfNoEntry: false }) : undefined;
      entries.push(
        stat?.isFile()
          ? { rel, type: 'file', identity: identityOf(stat), settled: settledBefore(stat, startNs) }
          : { rel, type: 'file' },
      );
    } else {
      entries.push({
        rel,
        type: dirent.isSymbolicLink() ? 'link' : dirent.isDirectory() ? 'folder' : 'other',
      });
    }
  }
  entries.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { dir, startNs, entries };
}

/**
 * `join(dir, rel)` for a walk's `rel` (a `/`-separated path below the folder, without empty, "." or ".." segments):
 * the same string, made without normalising the whole path again for each of tens of thousands of files (path.join
 * was a fifth of a no-change rebuild's walk at 10,000 pages).
 */
export function pathInFolder(dir: string): (rel: string) => string {
  const below = belowFolder(dir);
  return sep === '/' ? (rel) => below + rel : (rel) => below + rel.split('/').join(sep);
}

/** The folder's path normalised, with the separator that starts a path below it. */
const belowFolder = (dir: string) => join(dir, '_').slice(0, -1);

const slashed = sep === '/' ? (path: string) => path : (path: string) => path.split(sep).join('/');

/** The folder an entry of a recursive listing is in (`parentPath` from Node 20.12, `path` before it). */
const parentOf = (dirent: Dirent): string =>
  (dirent as Dirent & { parentPath?: string }).parentPath ?? (dirent as Dirent & { path: string }).path;
