// The not-found page's entries: content/pages/404.md, when the content has it, published as 404.html (the file a CDN
// sends for a path it has no file at) and its Markdown twin, each made by the page kinds' own emitters.
import { NOT_FOUND_PAGE } from '../../../model/not-found.js';
import type { Model } from '../../../model/types.js';
import type { DerivedEntry } from '../../registry/types.js';

export function notFoundEntries(model: Model): DerivedEntry[] {
  const page = model.pages.find((p) => p.id === NOT_FOUND_PAGE.id && !p.section);
  if (!page) return [];
  const common = {
    page: page.id,
    group: 'not-found',
    audience: ['people' as const],
    inContract: false,
    source: page.source,
  };
  return [
    {
      ...common,
      path: NOT_FOUND_PAGE.path,
      title: page.title,
      // No twin: 404.html does not negotiate at its own address; the address that has nothing does.
      purpose: 'The page answered for an address nothing is published at.',
    },
    {
      ...common,
      path: NOT_FOUND_PAGE.twin,
      kind: 'not-found-markdown',
      title: `${page.title} (Markdown)`,
      purpose: 'The not-found page in Markdown, for a request that prefers it.',
      audience: ['agents', 'people'],
    },
  ];
}
