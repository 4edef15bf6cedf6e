// Emits /llms-full.txt: product context and constraints, then the full Markdown of every guide, each with its source URL.
// Each sentence, list item and table row is said once (say-once.ts): a table a later guide repeats whole (the error
// object) becomes a pointer to the guide that gave it first.
import type { Emitter } from '../../registry/types.js';
import { fillAddresses } from '../../registry/registry.js';
import { renderPage } from '../../render/render-page.js';
import { indexNoticeText } from '../../render/index-notice.js';
import { agentRules, mcpBoundary } from './llms-guidance.js';
import { readingOrder } from './llms-format.js';
import { markdownText as md } from '../../text/markdown-text.js';
import { markdownBlocksOf, sayOnce, type SourcedBlock } from './say-once.js';

export const emitLlmsFull: Emitter = (_entry, context) => {
  const { model, registry } = context;
  const guides = readingOrder(registry.of('site').filter((e) => e.kind === 'markdown' && e.page));
  const intro = [
    `# ${md(model.identity.name)}: full AI reference`,
    `> ${md(model.identity.summary)}`,
    `${md(model.identity.disambiguatingDescription)} This file holds the product context and constraints, then the full Markdown of ${guides.length} guides, each starting with its title and source URL; a table or list that several guides repeat is given once.`,
    model.interfaceParts
      .map(
        (p, i) => `${i + 1}. **${md(p.title)}**: ${md(fillAddresses(p.summary, model.addresses).replace(/\s+/g, ' '))}`,
      )
      .join('\n'),
    ...mcpBoundary(model),
    agentRules(model)
      .map((r) => `- ${r}`)
      .join('\n'),
  ].join('\n\n');
  const notice = indexNoticeText(model);
  const blocks: SourcedBlock[] = markdownBlocksOf(intro).map((text) => ({ text, source: 'the introduction' }));
  for (const guide of guides) {
    const { markdown, page } = renderPage(guide.page!, context);
    const [title = '', ...rest] = markdownBlocksOf(markdown.trimEnd());
    // The source names the page in a pointer's Markdown ("given above, in …"): its title escaped like any text.
    const source = md(page.title);
    blocks.push({ text: title, source }, { text: `Source: <${registry.url(guide)}>`, source });
    // The index notice each page carries is left out: this file is itself read from the index.
    for (const text of rest) if (text !== notice) blocks.push({ text, source });
  }
  return `${sayOnce(blocks).join('\n\n').trimEnd()}\n`;
};
