// The small file-system interface the writer needs, so tests can write to memory instead of disk.
import {
  type Dirent,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdir, rename, writeFile, stat } from 'node:fs/promises';
import { dirname, sep } from 'node:path';
import { listTree } from './tree-listing.js';

export interface OutputFileSystem {
  mkdir(path: string): Promise<void>;
  writeFile(path: string, body: string | Uint8Array): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  /**
   * Writes one small file at once, creating its folder first when `makeDir` says so. For long runs of tiny files (a
   * context per page): far quicker than a promise per file (open, write and close each wait for the thread pool,
   * which other work shares). Optional: a file system without it gets `mkdir` and `writeFile`.
   */
  writeSmallFileSync?(path: string, body: string, makeDir?: string): void;
  /**
   * Makes `to` (and its folder) a hard link of `from` (a file of the previous tree whose bytes are the new ones): staging a tree of
   * thousands of unchanged files costs a link each, not a file. False when the link cannot be made (then write).
   */
  linkSync?(from: string, to: string): boolean;
  /**
   * The files and folders under `dir` (relative paths, `/`-separated), or undefined when `dir` is not a folder. With
   * `moveSync` and `removeSync`: a tree in place can be changed file by file (see write/write-tree.ts).
   */
  list?(dir: string): { files: Set<string>; dirs: Set<string> } | undefined;
  /** Renames a file over another, making the target's folder first when it is missing. */
  moveSync?(from: string, to: string): void;
  /** Removes a file, or a folder when it is empty; nothing when it is not there (or, a folder, not empty). */
  removeSync?(path: string, folder?: boolean): void;
}

export const nodeFileSystem: OutputFileSystem = {
  async mkdir(path) {
    await mkdir(path, { recursive: true });
  },
  async writeFile(path, body) {
    await writeFile(path, body);
  },
  async rename(from, to) {
    await rename(from, to);
  },
  async rm(path) {
    // Synchronous: the promise form starts one removal per entry of a folder at once, which for a tree of 200,000
    // files (a catalog's page contexts) held hundreds of MB; this one walks a folder at a time.
    rmSync(path, { recursive: true, force: true });
  },
  writeSmallFileSync(path, body, makeDir) {
    if (makeDir) mkdirSync(makeDir, { recursive: true });
    writeFileSync(path, body);
  },
  linkSync(from, to) {
    try {
      linkSync(from, to);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return false;
    }
    // The folder of `to` is not made yet (streamed files make theirs as they come).
    try {
      mkdirSync(dirname(to), { recursive: true });
      linkSync(from, to);
      return true;
    } catch {
      return false;
    }
  },
  list(dir) {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    } catch {
      return undefined;
    }
    const { files, dirs } = listTree(entries, dir, sep);
    return { files: new Set(files), dirs: new Set(dirs) };
  },
  moveSync(from, to) {
    try {
      renameSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !existsSync(from)) throw error;
      mkdirSync(dirname(to), { recursive: true });
      renameSync(from, to);
    }
  },
  removeSync(path, folder) {
    try {
      if (folder) rmdirSync(path);
      else unlinkSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  },
  async exists(path) {
    try {
      await stat(path);
      return true;
    } catch {
      return false;
    }
  },
};
