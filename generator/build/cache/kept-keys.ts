// The keys the load keeps a content file's read under (a page, a YAML file): the file's key, a hash of its name and
// bytes, after the scope it was read in (the generator and the content schemas). Made and taken apart here alone, for
// the caches that key on them (the render cache, the content checks' verdicts).
import { createHash } from 'node:crypto';

/** A file's key: this many characters of base64url, 132 bits of SHA-256. */
const FILE_KEY_LENGTH = 22;

const FILE_KEY = new RegExp(`^[\\w-]{${FILE_KEY_LENGTH}}$`);

/** The key of a content file: its name (in the content folder, and as messages show it) and its bytes. */
export const fileKey = (rel: string, file: string, bytes: Uint8Array): string =>
  createHash('sha256').update(`${rel}\0${file}\0`).update(bytes).digest('base64url').slice(0, FILE_KEY_LENGTH);

/** The key a read is kept under: its file's key in the scope it was read in. */
export const keptKey = (scope: string, key: string): string => `${scope}\0${key}`;

/** The file's own part of a kept key: already a hash, not hashed again. */
export const fileKeyOf = (kept: string): string => kept.slice(kept.lastIndexOf('\0') + 1);

/**
 * A kept key's two parts. Undefined when the file's key is not of the load's shape (a kept pages' file edited by hand
 * can hold any key).
 */
export function keptKeyParts(kept: string): { scope: string; file: string } | undefined {
  const file = fileKeyOf(kept);
  return FILE_KEY.test(file) && kept.length > file.length
    ? { scope: kept.slice(0, -file.length - 1), file }
    : undefined;
}
