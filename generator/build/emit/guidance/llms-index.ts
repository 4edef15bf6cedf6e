// Emits a section's llms.txt: the guides, discovery documents and pages of the entry's group, in reading order.
import type { Emitter, RegistryEntry } from '../../registry/types.js';
import { groupGuidance, RELATED_GROUPS } from './llms-guidance.js';
import { linkOf, readingOrder, writeLlms, type LlmsLink } from './llms-format.js';
import { isPageKind, isLlmsKind } from './kind-names.js';
import { LLMS_TXT_MAX_CHARS } from './validate-llms.js';
import { pageById } from '../../render/page-index.js';
import { markdownText } from '../../text/markdown-text.js';

export const emitLlmsIndex: Emitter = (entry, { model, registry, diagnostics }) => {
  const site = registry.of('site');
  const inGroup = site.filter((e) => e.group === entry.group);
  const link = (e: RegistryEntry) => linkOf(e, model, registry);
  const sectionPage = inGroup.find((e) => e.page && !e.page.includes('/'));
  const sectionTitle = sectionPage ? pageById(model, sectionPage.page!)!.title : entry.title;
  const root = registry.ofKind('llms-root')[0];
  const related = (RELATED_GROUPS[entry.group] ?? []).flatMap((g) =>
    readingOrder(site.filter((e) => e.group === g && e.kind === 'markdown' && !e.page?.includes('/'))),
  );
  // Agents read the Markdown twins: every page is linked by its twin, never by its HTML address.
  const guides = readingOrder(inGroup.filter((e) => e.kind === 'markdown')).map(link);

  const write = (listed: LlmsLink[], note?: string) =>
    writeLlms({
      title: `${model.identity.name}: ${sectionTitle}`,
      summary: entry.purpose,
      prose: [
        ...groupGuidance(entry.group, entry.path, model, registry),
        ...(note ? [note] : []),
        ...(root ? [`Part of the [root AI index](${registry.url(root)}) of ${model.identity.name}.`] : []),
      ],
      sections: [
        { name: 'Guides', links: listed },
        {
          name: 'Discovery documents',
          links: inGroup.filter((e) => e.inContract && !isPageKind(e.kind) && !isLlmsKind(e.kind)).map(link),
        },
        { name: 'See also', links: related.map(link) },
      ],
    });

  const full = write(guides);
  if (full.length <= LLMS_TXT_MAX_CHARS) return full;

  // A section with very many sub-pages: drop the HTML duplicates, then list as many guides as fit, in reading
  // order, and send readers to the section page, which lists them all.
  const sectionHtml = sectionPage && inGroup.find((e) => e.kind === 'html-page' && e.page === sectionPage.page);
  const noteOf = (count: number) =>
    `This index lists ${count} of the ${guides.length} guides of this section, to stay under ${LLMS_TXT_MAX_CHARS} characters${
      sectionHtml ? `; [${markdownText(sectionTitle)}](${registry.url(sectionHtml)}) lists them all` : ''
    }.`;
  let low = 0;
  let high = guides.length;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (write(guides.slice(0, mid), noteOf(mid)).length <= LLMS_TXT_MAX_CHARS) low = mid;
    else high = mid - 1;
  }
  diagnostics.warn('emit', {
    ruleId: 'llms-index-shortened',
    reason: `${entry.path} would list ${guides.length} guides (${full.length} characters); it lists the first ${low}, to stay under ${LLMS_TXT_MAX_CHARS} characters.`,
    fix: 'Nothing is broken. To have every page listed, split the section into smaller sections.',
    place: entry.source,
  });
  return write(guides.slice(0, low), noteOf(low));
};
