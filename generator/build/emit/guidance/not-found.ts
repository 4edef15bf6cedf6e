// The not-found page's entries: content/pages/404.md, when the content has it, published as 404.html (the file a CDN
// sends for a path it has no file at) and its Markdown twin, each made by the page kinds' own emitters.
import { NOT_FOUND_PAGE } from '../../../model/not-found.js';
import type { Model, Page } from '../../../model/types.js';
import type { DerivedEntry } from '../../registry/types.js';

function notFoundPage(model: Model): Page | undefined {
  return model.pages.find((p) => p.id === NOT_FOUND_PAGE.id && !p.section);
}

function common(page: Page) {
  return { page: page.id, group: 'not-found', inContract: false, source: page.source };
}

/** 404.html. No twin: it does not negotiate at its own address; the address that has nothing does. */
export function notFoundPageEntries(model: Model): DerivedEntry[] {
  const page = notFoundPage(model);
  if (!page) return [];
  return [
    {
      ...common(page),
      path: NOT_FOUND_PAGE.path,
      title: page.title,
      purpose: 'The page answered for an address nothing is published at.',
      audience: ['people'],
    },
  ];
}

/** 404.md. */
export function notFoundTwinEntries(model: Model): DerivedEntry[] {
  const page = notFoundPage(model);
  if (!page) return [];
  return [
    {
      ...common(page),
      path: NOT_FOUND_PAGE.twin,
      title: `${page.title} (Markdown)`,
      purpose: 'The not-found page in Markdown, for a request that prefers it.',
      audience: ['agents', 'people'],
    },
  ];
}
