// Every file of the cache folder is written beside itself and renamed over: a reader, another build included, sees
// the old file or the new one, each whole, never half of one.
import { renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/**
 * A file's changes are kept in a file beside it while they are few: one for every this many entries the file holds,
 * or fewer (the kept verdicts, the kept pages, the render cache's places). Past that, the file is written whole again.
 */
export const FEW_BESIDE = 8;

/** Writes `data` to `path` by way of a file of this process beside it, renamed when written. */
export async function writeWhole(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** `writeWhole`, for a process that is exiting (no promise is awaited then). */
export function writeWholeSync(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/**
 * A file that carries its own checksum: the CRC-32 of the rest, in decimal, on its first line, then the pieces. A file
 * cut short, zeroed or changed by accident is then not read (the render cache's index, llms-full.txt's kept parts'
 * head, V8's code cache). Returns the pieces to write, and the CRC as written.
 */
export function withChecksum(pieces: readonly Uint8Array[]): { pieces: Uint8Array[]; crc: string } {
  let crc = 0;
  for (const piece of pieces) crc = crc32(piece, crc);
  return { pieces: [Buffer.from(`${crc}\n`), ...pieces], crc: String(crc) };
}

/** What follows the checksum of a file written withChecksum, and that checksum; undefined when it does not hold. */
export function checkedBody(file: Buffer): { body: Buffer; crc: string } | undefined {
  const newline = file.indexOf(0x0a);
  // A CRC-32 has at most ten digits.
  if (newline <= 0 || newline > 10) return undefined;
  const body = file.subarray(newline + 1);
  const crc = file.toString('latin1', 0, newline);
  return String(crc32(body)) === crc ? { body, crc } : undefined;
}
