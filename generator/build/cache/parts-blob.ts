// The file of llms-full.txt's kept parts' bytes (their texts and exact keys, see said-parts.ts): appended to, so that
// a rebuild after one edit adds that part's bytes rather than writing tens of megabytes again, and written afresh
// under a name of its own when it must be. The head that names it notes what it held then, so that a reader takes
// exactly those bytes: by their stat while it is the one noted, else by their checksum.
import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { identityOf, isAsWritten, writtenIdentity } from './file-identity.js';

/**
 * The blob as its head names it: its name in the folder, its length and the CRC-32 of those bytes, and its identity
 * then (device, inode, size, nanosecond times). Bytes past that length (an append whose head was never written) are
 * not read. While the file's settled stat is that identity, it is taken without its checksum, as content files and the
 * render cache's packs are; otherwise its checksum is checked.
 */
export interface PartsBlob {
  name: string;
  bytes: number;
  crc: number;
  identity: string;
}

/** A blob's name: its scope's, and one of its own, so that one written afresh never replaces the one a head names. */
const blobName = (scope: string) => `${scope.slice(0, 32)}.${process.pid}-${Date.now().toString(36)}.blob`;
const BLOB_NAME = /^[\w-]+\.[\w-]+\.blob$/;

/** Whether a head's value is a blob as this module writes it (a name only of this folder's files). */
export const isBlob = (blob: unknown): blob is PartsBlob => {
  const value = blob as Partial<PartsBlob> | null;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof value.name === 'string' &&
    BLOB_NAME.test(value.name) &&
    Number.isSafeInteger(value.bytes) &&
    value.bytes! >= 0 &&
    Number.isSafeInteger(value.crc) &&
    typeof value.identity === 'string'
  );
};

/**
 * The bytes a head names, when they are the ones it was written with (by their stat, settled before `startNs`, or
 * their checksum), and whether the file ends there (then new bytes may be appended to it); undefined otherwise.
 */
export async function readBlob(
  folder: string,
  startNs: bigint,
  blob: PartsBlob,
): Promise<{ blob: Buffer; appendable: boolean } | undefined> {
  const path = join(folder, blob.name);
  const trusted = isAsWritten(path, blob.identity, startNs);
  const bytes = await readFile(path);
  if (bytes.length < blob.bytes) return undefined;
  const named = bytes.subarray(0, blob.bytes);
  if (!trusted && crc32(named) !== blob.crc) return undefined;
  return { blob: named, appendable: bytes.length === blob.bytes };
}

/**
 * Appends the pieces to the blob read as `read`: the blob it then is, or undefined when the file did not end where
 * `read` says when they were written (another build appended first): the pieces are then not where a head would say.
 */
export async function appendToBlob(
  folder: string,
  read: PartsBlob,
  pieces: readonly Uint8Array[],
): Promise<PartsBlob | undefined> {
  let crc = read.crc;
  let bytes = read.bytes;
  for (const piece of pieces) {
    crc = crc32(piece, crc);
    bytes += piece.length;
  }
  const written = await writePieces(join(folder, read.name), pieces, 'a');
  return written.size === bytes ? { name: read.name, bytes, crc, identity: written.identity } : undefined;
}

/** Writes the pieces as a blob of their own, under a new name, beside and renamed: never half a blob. */
export async function writeBlob(folder: string, scope: string, pieces: readonly Uint8Array[]): Promise<PartsBlob> {
  let crc = 0;
  let bytes = 0;
  for (const piece of pieces) {
    crc = crc32(piece, crc);
    bytes += piece.length;
  }
  const name = blobName(scope);
  const path = join(folder, name);
  const tmp = `${path}.tmp`;
  await writePieces(tmp, pieces, 'w');
  await rename(tmp, path);
  return { name, bytes, crc, identity: writtenIdentity(path) };
}

/** How many pieces one write is given at most (the system's limit on one vectored write is about a thousand). */
export const WRITE_BATCH = 512;

/**
 * Writes the pieces to a file, opened with `flags` ('w' or 'a'), a few hundred to a vectored write: the file's size and
 * identity (see identityOf) right after, from the file written (not its name, which another build may have removed).
 */
export async function writePieces(
  path: string,
  pieces: readonly Uint8Array[],
  flags: 'w' | 'a',
): Promise<{ size: number; identity: string }> {
  const file = await open(path, flags);
  try {
    for (let i = 0; i < pieces.length; i += WRITE_BATCH) await file.writev(pieces.slice(i, i + WRITE_BATCH));
    const stats = await file.stat({ bigint: true });
    return { size: Number(stats.size), identity: identityOf(stats) };
  } finally {
    await file.close();
  }
}
