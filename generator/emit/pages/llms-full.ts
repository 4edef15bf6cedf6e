// Emits /llms-full.txt: product context and constraints, then the full Markdown of every guide, each with its source URL.
import type { Root } from 'mdast';
import type { Emitter } from '../../registry/types.js';
import { fillAddresses } from '../../registry/registry.js';
import { renderPage } from '../../pages/render-page.js';
import { heading, paragraph, link } from '../../pages/mdast-build.js';
import { stringifyMarkdown } from '../../pages/processor.js';
import { agentRules, mcpBoundary } from './llms-guidance.js';
import { readingOrder } from './llms-format.js';

export const emitLlmsFull: Emitter = (_entry, context) => {
  const { model, registry } = context;
  const guides = readingOrder(registry.of('site').filter((e) => e.kind === 'markdown' && e.page));
  const intro = [
    `# ${model.identity.name}: full AI reference`,
    `> ${model.identity.summary}`,
    `${model.identity.disambiguatingDescription} This file holds the product context and constraints, then the full Markdown of ${guides.length} guides, each starting with its title and source URL.`,
    model.interfaceParts.map((p, i) => `${i + 1}. **${p.title}**: ${fillAddresses(p.summary, model.addresses).replace(/\s+/g, ' ')}`).join('\n'),
    ...mcpBoundary(model),
    agentRules(model).map((r) => `- ${r}`).join('\n'),
  ].join('\n\n');
  const pages = guides.map((guide) => {
    const { tree, page } = renderPage(guide.page!, context);
    const url = registry.url(guide);
    // The page's own H1 (its title) is replaced by the same title followed by where it comes from.
    const withSource: Root = {
      type: 'root',
      children: [heading(1, page.title), paragraph('Source: ', link(url)), ...tree.children.slice(1)],
    };
    return stringifyMarkdown(withSource);
  });
  return `${[intro, ...pages].join('\n\n').trimEnd()}\n`;
};
