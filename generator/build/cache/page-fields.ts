// A page's fields copied without reading its body: a kept page's body is decoded only when read (see
// kept-pages.ts), and what needs the rest of the page (the scope, its facts' hash, the kept pages' file) must not
// decode it.
import type { Page } from '../../model/types.js';

/** The page's own fields but `body`, in their order, as plain data. */
export const fieldsButBody = (page: Page): Omit<Page, 'body'> => copyFields(page, false);

/** The page's own fields in their order, `body` given as `body` (what the kept pages' file writes in its place). */
export const withBodyAs = (page: Page, body: unknown): Record<string, unknown> => copyFields(page, true, body);

function copyFields(page: Page, keepBody: boolean, body?: unknown): Record<string, unknown> & Omit<Page, 'body'> {
  const fields: Record<string, unknown> = {};
  const source = page as unknown as Record<string, unknown>;
  // Object.keys reads no value: only the fields copied are read, and an accessor `body` is never called.
  for (const key of Object.keys(page)) {
    if (key !== 'body') fields[key] = source[key];
    else if (keepBody) fields[key] = body;
  }
  return fields as Record<string, unknown> & Omit<Page, 'body'>;
}
