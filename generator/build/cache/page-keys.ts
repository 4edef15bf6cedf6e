// The key each page was kept or read under by the load (see kept-pages.ts), in a module of its own: the caches that
// make other keys from it (the render cache, the content checks' verdicts, the pages' facts in the fingerprint) read
// it without loading the kept pages' reader, which a rebuild with nothing changed never needs.
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
