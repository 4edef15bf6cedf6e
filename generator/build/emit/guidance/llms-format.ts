// Writes files in the llmstxt.org structure: one H1, an optional blockquote, prose, then H2 sections of link lists.
import type { Model } from '../../../model/types.js';
import type { Registry } from '../../registry/registry.js';
import type { RegistryEntry } from '../../registry/types.js';
import { resourceLink } from '../../render/directives/site-lists.js';
import { pageById } from '../../render/page-index.js';
import { markdownText } from '../../text/markdown-text.js';

/** A link of an llms section: `name` and `notes` are Markdown (plain texts go through `markdownText`). */
export interface LlmsLink {
  name: string;
  url: string;
  notes?: string;
}

export interface LlmsFile {
  title: string;
  summary?: string;
  /**
   * Markdown blocks (paragraphs, plain lists) between the summary and the first section; no headings. Plain texts in
   * them (from the content) go through `markdownText`.
   */
  prose: string[];
  sections: { name: string; links: LlmsLink[] }[];
}

/** @see https://llmstxt.org/ ("## Optional" marks what a reader with a short context may skip) */
export const OPTIONAL_SECTION = 'Optional';

export function writeLlms(file: LlmsFile): string {
  // The title and summary are plain texts (content and page titles): escaped so that they read as written.
  const blocks = [`# ${markdownText(oneLine(file.title))}`];
  if (file.summary) blocks.push(`> ${markdownText(oneLine(file.summary))}`);
  blocks.push(...file.prose);
  for (const section of file.sections) {
    if (section.links.length === 0) continue;
    blocks.push(`## ${markdownText(oneLine(section.name))}`, section.links.map(writeItem).join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

function writeItem(link: LlmsLink): string {
  return `- [${oneLine(link.name)}](${link.url})${link.notes ? `: ${oneLine(link.notes)}` : ''}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** An entry as an llms link: a page by its title and description, any other resource by its registry title and purpose. */
export function linkOf(entry: RegistryEntry, model: Model, registry: Registry): LlmsLink {
  const page = entry.page ? pageById(model, entry.page) : undefined;
  const format = entry.kind === 'markdown' ? ' (Markdown)' : '';
  // Escaped here, once per entry: a large section's index is written several times while it is fitted to its limit.
  const notes = page ? page.description : entry.purpose;
  return {
    name: markdownText(oneLine(page ? `${page.title}${format}` : entry.title)),
    url: resourceLink(entry, registry).href,
    notes: notes ? markdownText(oneLine(notes)) : notes,
  };
}

/**
 * Entries of one kind in reading order: registry order, except that a section's sub-pages (registered after every
 * discovery resource) follow their section page, in the editors' order.
 */
export function readingOrder(entries: RegistryEntry[]): RegistryEntry[] {
  const sectionOf = (e: RegistryEntry) => (e.page?.includes('/') ? e.page.slice(0, e.page.indexOf('/')) : undefined);
  // Grouped once: a large section (thousands of sub-pages) must not make this quadratic.
  const subPages = new Map<string, RegistryEntry[]>();
  for (const entry of entries) {
    const section = sectionOf(entry);
    if (!section) continue;
    const list = subPages.get(section);
    if (list) list.push(entry);
    else subPages.set(section, [entry]);
  }
  const result: RegistryEntry[] = [];
  for (const entry of entries) {
    if (sectionOf(entry)) continue;
    result.push(entry);
    if (entry.page && subPages.has(entry.page)) {
      for (const sub of subPages.get(entry.page)!) result.push(sub);
      subPages.delete(entry.page);
    }
  }
  // Sub-pages of a section that has no entry of this kind keep their registry order at the end.
  for (const rest of subPages.values()) for (const sub of rest) result.push(sub);
  return result;
}
