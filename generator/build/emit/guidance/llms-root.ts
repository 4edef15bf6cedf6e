// Emits /llms.txt: the product's identity, the rules an AI reader needs first, and links to every guide and index.
import type { KindName } from '../../../model/kinds.js';
import type { Emitter, RegistryEntry } from '../../registry/types.js';
import { fillAddresses } from '../../registry/registry.js';
import { mcpBoundary } from './llms-guidance.js';
import { unpublishedLine } from '../../render/agent-rules.js';
import { linkOf, OPTIONAL_SECTION, readingOrder, writeLlms } from './llms-format.js';
import { isLlmsKind, isPageKind } from './kind-names.js';
import { markdownText as md } from '../../text/markdown-text.js';

export const emitLlmsRoot: Emitter = (entry, { model, registry }) => {
  const site = registry.of('site');
  const link = (e: RegistryEntry) => linkOf(e, model, registry);
  const topLevel = (kind: KindName) => readingOrder(site.filter((e) => e.kind === kind && !e.page?.includes('/')));
  const { identity, boundaries } = model;
  return writeLlms({
    title: identity.name,
    summary: identity.summary,
    prose: [
      md(identity.disambiguatingDescription),
      model.interfaceParts
        .map(
          (p, i) =>
            `${i + 1}. **${md(p.title)}**: ${md(fillAddresses(p.summary, model.addresses).replace(/\s+/g, ' '))}`,
        )
        .join('\n'),
      ...mcpBoundary(model),
      md(`${unpublishedLine(model)} ${boundaries.builderRule} ${boundaries.inferredEndpoints}`),
    ],
    sections: [
      { name: 'Guides', links: topLevel('markdown').map(link) },
      {
        name: 'AI indexes',
        links: site.filter((e) => isLlmsKind(e.kind) && e.path !== entry.path).map(link),
      },
      {
        name: 'Discovery documents',
        links: site.filter((e) => e.inContract && !isPageKind(e.kind) && !isLlmsKind(e.kind)).map(link),
      },
      { name: OPTIONAL_SECTION, links: topLevel('html-page').map(link) },
    ],
  });
};
