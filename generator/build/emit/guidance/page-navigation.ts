// The navigation a page has beside its content: its section's pages, the page's own contents, previous and next.
import type { Element, ElementContent } from 'hast';
import type { Registry } from '../../registry/registry.js';
import type { RegistryEntry } from '../../registry/types.js';
import { h } from './hast-build.js';

/** A section: its page, then its sub-pages in the editors' order. */
export interface Section {
  page: RegistryEntry;
  pages: RegistryEntry[];
}

/** The sections of a registry, by section page id; sub-pages in registry order, which is the editors' order. */
export function sectionsOf(registry: Registry): Map<string, Section> {
  const html = registry.ofKind('html-page').filter((e) => e.host === 'site' && e.page);
  const sections = new Map<string, Section>();
  for (const entry of html) if (!entry.page!.includes('/')) sections.set(entry.page!, { page: entry, pages: [] });
  for (const entry of html) {
    const slash = entry.page!.indexOf('/');
    if (slash > 0) sections.get(entry.page!.slice(0, slash))?.pages.push(entry);
  }
  for (const [id, section] of sections) if (section.pages.length === 0) sections.delete(id);
  return sections;
}

/** The section a page belongs to or heads, and where it stands in it (0: the section page). */
export function placeIn(
  sections: Map<string, Section>,
  entry: RegistryEntry,
): { section: Section; at: number } | undefined {
  if (!entry.page) return undefined;
  const slash = entry.page.indexOf('/');
  const section = sections.get(slash > 0 ? entry.page.slice(0, slash) : entry.page);
  if (!section) return undefined;
  if (section.page === entry) return { section, at: 0 };
  // A section of thousands of pages is searched once per page: linear, but only over that section.
  const index = section.pages.indexOf(entry);
  return index < 0 ? undefined : { section, at: index + 1 };
}

/**
 * At most this many pages are listed in the sidebar: a section of thousands would make every page of it megabytes.
 * Past it, the pages around the current one are listed, and the section page, which lists them all.
 */
export const SIDEBAR_PAGES = 15;

/** The sidebar's list of the section: the section page first, then the sub-pages, the current one marked. */
export function sectionNavigation(section: Section, at: number, registry: Registry): Element {
  const all = section.pages.length;
  let from = 0;
  let to = all;
  if (all > SIDEBAR_PAGES) {
    from = Math.max(0, Math.min(all - SIDEBAR_PAGES, at - 1 - Math.floor(SIDEBAR_PAGES / 2)));
    to = from + SIDEBAR_PAGES;
  }
  const item = (entry: RegistryEntry, current: boolean, label = entry.title) =>
    h('li', {}, [h('a', { href: registry.url(entry), ...(current ? { ariaCurrent: 'page' } : {}) }, [label])]);
  const items: ElementContent[] = [item(section.page, at === 0, `${section.page.title}: overview`)];
  for (let i = from; i < to; i++) items.push(item(section.pages[i]!, at === i + 1));
  if (from > 0 || to < all) {
    items.push(
      h('li', {}, [h('a', { href: registry.url(section.page) }, [`All ${all} pages of ${section.page.title}`])]),
    );
  }
  const label = `${section.page.title}: pages`;
  return h('nav', { ariaLabel: label }, [h('h2', {}, [label]), h('ul', {}, items)]);
}

/** Previous and next pages inside a section, or nothing at either end. */
export function pager(section: Section, at: number, registry: Registry): Element | undefined {
  const sequence = (i: number) => (i === 0 ? section.page : section.pages[i - 1]);
  const previous = at > 0 ? sequence(at - 1) : undefined;
  const next = at < section.pages.length ? sequence(at + 1) : undefined;
  if (!previous && !next) return undefined;
  const item = (entry: RegistryEntry, word: string, rel: string) =>
    h('li', { className: [rel] }, [
      h('a', { href: registry.url(entry), rel: [rel] }, [h('span', {}, [word]), entry.title]),
    ]);
  return h('nav', { className: ['pager'], ariaLabel: 'Previous and next pages' }, [
    h('ul', {}, [
      ...(previous ? [item(previous, 'Previous', 'prev')] : []),
      ...(next ? [item(next, 'Next', 'next')] : []),
    ]),
  ]);
}

/** The page's own sections (H2) as the render stage wrote them: `<h2 id="…">`, the heading's words linked inside. */
export function headingsOf(html: string): { id: string; text: string }[] {
  const headings: { id: string; text: string }[] = [];
  for (const match of html.matchAll(/<h2 id="([^"]+)"[^>]*>([\s\S]*?)<\/h2>/g)) {
    headings.push({ id: match[1]!, text: decodeText(match[2]!.replace(/<[^>]*>/g, '')).trim() });
  }
  return headings;
}

/** A table of contents from three sections up: fewer are seen at a glance. */
export const CONTENTS_FROM = 3;

export function pageContents(html: string): Element | undefined {
  const headings = headingsOf(html);
  if (headings.length < CONTENTS_FROM) return undefined;
  return h('nav', { ariaLabel: 'On this page' }, [
    h('h2', {}, ['On this page']),
    h(
      'ul',
      {},
      headings.map((heading) => h('li', {}, [h('a', { href: `#${heading.id}` }, [heading.text])])),
    ),
  ]);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text of written HTML: the character references the HTML writer uses, back to characters. */
function decodeText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return String.fromCodePoint(code);
  });
}
