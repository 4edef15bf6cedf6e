// What one stat of a file tells of its bytes: its identity (device, inode, size, both times in nanoseconds) and
// whether any later change is sure to show in it. A change within the clock's granularity of the stat may leave the
// file's times as they were, so a file is trusted by its stat only when both its times are older than the walk that
// took it; the walk's start is the time of a file written in the cache folder (the file systems' own clock).
import { type BigIntStats, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a load knows of a content file from one stat. */
export interface FileIdentity {
  /** Device, inode, size and both times in nanoseconds, with the names the file is read and shown by. */
  text: string;
  /** False when a later change could leave the same stat (see settledBefore): the file is read next time too. */
  settled: boolean;
}

/** A content file's identity (`path`: where it is read, `file`: its name in messages), in a walk begun at `startNs`. */
export function fileIdentity(file: string, path: string, stats: BigIntStats, startNs: bigint): FileIdentity {
  return { text: `${file}\0${path}\0${identityOf(stats)}`, settled: settledBefore(stats, startNs) };
}

/** A file's identity from its stat: the same text, settled, means the same bytes. */
export const identityOf = (stats: BigIntStats): string =>
  `${stats.dev}\0${stats.ino}\0${stats.size}\0${stats.mtimeNs}\0${stats.ctimeNs}`;

/**
 * Whether a file's stat tells every later change apart: both its times strictly older than the instant the walk began
 * (on the file systems' clock). A change after that instant gives the file a time at or after it; a change within the
 * clock's granularity of an earlier stat may leave the time it had, which is why a time not older is not trusted.
 * A ctime in whole seconds is taken as a file system that keeps no fractions (FAT keeps two seconds): then the times
 * must be older by two seconds. (A modification time in whole seconds says nothing: tools set such times.)
 */
export function settledBefore(stats: Pick<BigIntStats, 'mtimeNs' | 'ctimeNs'>, startNs: bigint): boolean {
  const coarse = stats.ctimeNs % SECOND_NS === 0n;
  const line = coarse ? startNs - 2n * SECOND_NS : startNs;
  return stats.mtimeNs < line && stats.ctimeNs < line;
}

const SECOND_NS = 1_000_000_000n;

/**
 * Whether a file the cache folder wrote is still the one it wrote, by one stat: its identity is the one noted after
 * writing it, and settled before `startNs` (see settledBefore). Then its checksum need not be read; otherwise it is.
 */
export function isAsWritten(path: string, identity: unknown, startNs: bigint): boolean {
  try {
    const stats = statSync(path, { bigint: true });
    return identityOf(stats) === identity && settledBefore(stats, startNs);
  } catch {
    return false;
  }
}

/** The identity of a file just written (see identityOf), to be noted beside it. */
export const writtenIdentity = (path: string): string => identityOf(statSync(path, { bigint: true }));

/** The file systems' time now, from a file written in the cache folder; 0 (no stat trusted) when it cannot be. */
export function fileSystemNow(cacheDir: string): bigint {
  const path = join(cacheDir, 'clock');
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(path, `${process.pid}\n`);
    return statSync(path, { bigint: true }).mtimeNs;
  } catch {
    return 0n;
  }
}
