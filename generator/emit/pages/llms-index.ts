// Emits a section's llms.txt: the guides, discovery documents and pages of the entry's group, in reading order.
import type { Emitter, RegistryEntry } from '../../registry/types.js';
import { groupGuidance, RELATED_GROUPS } from './llms-guidance.js';
import { linkOf, OPTIONAL_SECTION, readingOrder, writeLlms } from './llms-format.js';
import { isPageKind, isLlmsKind } from './kind-names.js';
import { pageById } from '../../pages/page-index.js';

export const emitLlmsIndex: Emitter = (entry, { model, registry }) => {
  const site = registry.of('site');
  const inGroup = site.filter((e) => e.group === entry.group);
  const link = (e: RegistryEntry) => linkOf(e, model, registry);
  const sectionPage = inGroup.find((e) => e.page && !e.page.includes('/'));
  const sectionTitle = sectionPage ? pageById(model, sectionPage.page!)!.title : entry.title;
  const root = registry.ofKind('llms-root')[0];
  const related = (RELATED_GROUPS[entry.group] ?? []).flatMap((g) =>
    readingOrder(site.filter((e) => e.group === g && e.kind === 'markdown' && !e.page?.includes('/'))),
  );
  return writeLlms({
    title: `${model.identity.name}: ${sectionTitle}`,
    summary: entry.purpose,
    prose: [
      ...groupGuidance(entry.group, model),
      ...(root ? [`Part of the [root AI index](${registry.url(root)}) of ${model.identity.name}.`] : []),
    ],
    sections: [
      { name: 'Guides', links: readingOrder(inGroup.filter((e) => e.kind === 'markdown')).map(link) },
      {
        name: 'Discovery documents',
        links: inGroup.filter((e) => e.inContract && !isPageKind(e.kind) && !isLlmsKind(e.kind)).map(link),
      },
      { name: 'See also', links: related.map(link) },
      { name: OPTIONAL_SECTION, links: readingOrder(inGroup.filter((e) => e.kind === 'html-page')).map(link) },
    ],
  });
};
