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
