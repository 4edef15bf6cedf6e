// The stamps (size and modification time) of the files the last good build wrote, and the listing of the trees in
// place, taken on a thread of their own while the build loads, renders and checks. The writer leaves a file in place only when its stamp is still the
// recorded one (a file edited by hand is written again), and a rebuild of 10,000 pages has 20,000 such files: statted
// one by one on the main thread, at the write, they were about a tenth of a one-page edit's rebuild. The stamps are
// those of the trees when the build started, which is what the writer compares: nothing writes into the trees in place
// before the writer, except completing a write an earlier build left half-applied, and then the stamps are dropped.
import { lstatSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { listTree, type TreeListing } from '../files/tree-listing.js';

/**
 * Below this many files a thread costs more than the stats it takes off the main thread: measured on two cores, a
 * rebuild of 2,135 files was about 25 ms slower with it (the thread's start competes with the load), one of 20,000
 * about 300 ms faster.
 */
export const STAMPS_ON_A_THREAD = 5000;

/**
 * The thread's whole program (CommonJS, evaluated: no module of the project is loaded into it). For each path, its
 * size and modification time, or -1 for one that is not a file (missing, a folder, a link, unreadable); for each tree,
 * its files and its folders as `listTree` lists them (joined by NUL, which no name holds), or null when it cannot be.
 */
const STAMPER = `
const { parentPort, workerData } = require('node:worker_threads');
const { lstatSync, readdirSync } = require('node:fs');
const { sep } = require('node:path');
const { paths, trees } = workerData;
const stamps = new Float64Array(paths.length * 2);
for (let i = 0; i < paths.length; i += 1) {
  let stats;
  try { stats = lstatSync(paths[i], { throwIfNoEntry: false }); } catch { stats = undefined; }
  if (stats && stats.isFile()) { stamps[2 * i] = stats.size; stamps[2 * i + 1] = stats.mtimeMs; }
  else stamps[2 * i] = -1;
}
const listTree = ${listTree.toString()};
const listed = trees.map((dir) => {
  try {
    const { files, dirs } = listTree(readdirSync(dir, { recursive: true, withFileTypes: true }), dir, sep);
    return { files: files.join('\\0'), dirs: dirs.join('\\0') };
  } catch {
    return null;
  }
});
parentPort.postMessage({ stamps, listed }, [stamps.buffer]);
`;

/** A file's size and modification time, as `lstat` gives them; undefined for anything but a file. */
export function stampNow(path: string): [size: number, mtimeMs: number] | undefined {
  try {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    return stats?.isFile() ? [stats.size, stats.mtimeMs] : undefined;
  } catch {
    return undefined;
  }
}

/** Stamps being taken beside the build. */
export interface StampsTaking {
  /**
   * Each path's stamp, by its index (`[2i]` its size, -1 when it is not a file; `[2i + 1]` its modification time), or
   * undefined when the thread could not take them: the caller then stats each file itself. Never rejects.
   */
  readonly taken: Promise<Float64Array | undefined>;
  /** Each tree listed, by its path as given; one that could not be is not there (the caller lists it). Never rejects. */
  readonly listed: Promise<ReadonlyMap<string, TreeListing>>;
  /** Stops the thread (a build that will not write). */
  stop(): void;
}

/** Starts taking the stamps of `paths`, and the listings of `trees`, on a thread of their own. */
export function takeStamps(paths: readonly string[], trees: readonly string[] = []): StampsTaking {
  let worker: Worker | undefined;
  const answer = new Promise<unknown>((settle) => {
    try {
      // No loader, no flags of the parent's: the program above needs neither.
      worker = new Worker(STAMPER, {
        eval: true,
        workerData: { paths, trees },
        execArgv: [],
        env: {},
        stdout: true,
        stderr: true,
      });
    } catch {
      settle(undefined);
      return;
    }
    worker.once('message', settle);
    worker.once('error', () => settle(undefined));
    worker.once('exit', () => settle(undefined));
  });
  const expected = paths.length * 2;
  return {
    taken: answer.then((message) => {
      const stamps = (message as { stamps?: unknown } | undefined)?.stamps;
      return stamps instanceof Float64Array && stamps.length === expected ? stamps : undefined;
    }),
    listed: answer.then((message) => {
      const listings = new Map<string, TreeListing>();
      const listed = (message as { listed?: unknown } | undefined)?.listed;
      if (!Array.isArray(listed) || listed.length !== trees.length) return listings;
      for (const [i, tree] of trees.entries()) {
        const { files, dirs } = (listed[i] ?? {}) as { files?: unknown; dirs?: unknown };
        if (typeof files === 'string' && typeof dirs === 'string')
          listings.set(tree, { files: namesOf(files), dirs: namesOf(dirs) });
      }
      return listings;
    }),
    stop() {
      void worker?.terminate();
    },
  };
}

/** The names a listing joined by NUL; none for an empty text. */
const namesOf = (joined: string): Set<string> => new Set(joined === '' ? [] : joined.split('\0'));
