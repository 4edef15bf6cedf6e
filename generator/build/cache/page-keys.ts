// The key each page was kept or read under by the load (see kept-pages.ts), and the digest of its facts, in a module of
// their own: the caches that make other keys from them (the render cache, the content checks' verdicts, the pages'
// facts in the fingerprint) read them without loading the kept pages' reader, which a rebuild with nothing changed
// never needs.
import type { Page } from '../../model/types.js';

/**
 * Each page taken or read through a KeptPages, with its key in that scope: the same key is the same page (a function
 * of the file's name and bytes, the generator and the content schemas), so a page's other keys can be made from it.
 * A page has a key only when it is plain JSON (what the kept pages' file gives back as it was).
 */
const keysOfPages = new WeakMap<Page, string>();

/** A page file's key as the load makes it (KeptPages.key): this many characters of base64url, 132 bits of SHA-256. */
export const FILE_KEY_LENGTH = 22;

const FILE_KEY = new RegExp(`^[\\w-]{${FILE_KEY_LENGTH}}$`);

/**
 * A kept key's two parts: the scope the page was read in and its file's key (`scope\0key`, as KeptPages notes it).
 * Undefined when the file's key is not of the load's shape (a kept pages' file edited by hand can hold any key).
 */
export function keptKeyParts(kept: string): { scope: string; file: string } | undefined {
  const at = kept.lastIndexOf('\0');
  const file = kept.slice(at + 1);
  return at >= 0 && FILE_KEY.test(file) ? { scope: kept.slice(0, at), file } : undefined;
}

/** Notes the key a page was kept or read under. */
export const noteKeptKey = (page: Page, key: string): void => void keysOfPages.set(page, key);

/** The key a page was kept or read under (its scope and its file's key), when it was. */
export const keptKeyOf = (page: Page): string | undefined => keysOfPages.get(page);

/**
 * Each page's facts (its fields but its body) as a digest, once made or taken back with the page from the kept pages'
 * file: a kept page's facts are a function of its key, and nothing changes a page once its model is assembled.
 */
const factsOfPages = new WeakMap<Page, string>();

/** Notes the digest of a page's facts (made by pageFactsDigest, or kept with the page). */
export const noteFactsDigest = (page: Page, digest: string): void => void factsOfPages.set(page, digest);

/** The digest of a page's facts, when it was made or kept. */
export const factsDigestOf = (page: Page): string | undefined => factsOfPages.get(page);
