// Emits /llms-full.txt: product context and constraints, then the full Markdown of every guide, each with its source URL.
import type { Emitter } from '../../registry/types.js';
import { fillAddresses } from '../../registry/registry.js';
import { renderPage } from '../../render/render-page.js';
import { agentRules, mcpBoundary } from './llms-guidance.js';
import { readingOrder } from './llms-format.js';
import { markdownText as md } from '../../text/markdown-text.js';

export const emitLlmsFull: Emitter = (_entry, context) => {
  const { model, registry } = context;
  const guides = readingOrder(registry.of('site').filter((e) => e.kind === 'markdown' && e.page));
  const intro = [
    `# ${md(model.identity.name)}: full AI reference`,
    `> ${md(model.identity.summary)}`,
    `${md(model.identity.disambiguatingDescription)} This file holds the product context and constraints, then the full Markdown of ${guides.length} guides, each starting with its title and source URL.`,
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
  const pages = guides.map((guide) => {
    const { markdown } = renderPage(guide.page!, context);
    // The twin starts with its title (the H1 the expansion put first); the source URL goes right after it.
    // Reusing the twin's text keeps this linear in the site's size: nothing is written twice.
    const split = markdown.indexOf('\n\n');
    const title = split < 0 ? markdown.trimEnd() : markdown.slice(0, split);
    const rest = split < 0 ? '' : markdown.slice(split + 2);
    return `${title}\n\nSource: <${registry.url(guide)}>\n\n${rest}`.trimEnd();
  });
  return `${[intro, ...pages].join('\n\n').trimEnd()}\n`;
};
