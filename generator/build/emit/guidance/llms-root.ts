// Emits /llms.txt: the product's identity, the facts an agent needs to connect, the rules it needs first, and links to
// every guide (by its Markdown twin) and index.
import type { KindName } from '../../../model/kinds.js';
import type { Emitter, RegistryEntry } from '../../registry/types.js';
import { fillAddresses } from '../../registry/registry.js';
import { factsProse, mcpBoundary } from './llms-guidance.js';
import { unpublishedLine } from '../../render/agent-rules.js';
import { linkOf, readingOrder, writeLlms } from './llms-format.js';
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
      ...factsProse(entry.path, model, registry),
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
    ],
  });
};
