// The prose of the llms files: the contract's rules and boundaries that an AI reader needs first, taken from the model.
import type { Model } from '../../../model/types.js';
import { fillAddresses, type Registry } from '../../registry/registry.js';
import { agentRules as plainAgentRules, unpublishedLine } from '../../render/agent-rules.js';
import { factsFor, renderFacts } from '../../render/agent-facts.js';
import { stringifyMarkdown } from '../../render/processor.js';
import { markdownText as md } from '../../text/markdown-text.js';
import { clientStepsTree } from '../../render/mcp-client-steps.js';

/** The agent rules as Markdown: plain texts of the content, escaped. */
export const agentRules = (model: Model): string[] => plainAgentRules(model).map(md);

const bullets = (lines: string[]) => lines.map((l) => `- ${l}`).join('\n');

/** The facts content/agent-facts.yaml lists for a file, as Markdown blocks of its prose (escaped by the writer). */
export function factsProse(path: string, model: Model, registry: Registry): string[] {
  const blocks = renderFacts(factsFor(model, path), model, registry);
  return blocks.length ? [stringifyMarkdown({ type: 'root', children: blocks }).trim()] : [];
}

/** What is not the MCP server: the site's addresses an agent might mistake for it, and the legacy paths. */
export function mcpBoundary(model: Model): string[] {
  // Texts of the content are plain: escaped for Markdown (md); the code spans around addresses are this file's own.
  const fill = (t: string) => md(fillAddresses(t, model.addresses));
  const server = model.mcpServer;
  return [
    `These addresses are not MCP endpoints:\n\n${bullets(server.notEndpoints.map((n) => `\`${fillAddresses(n.url, model.addresses)}\`: ${fill(n.reason)}`))}`,
    md(server.legacyPaths.statement),
  ];
}

/**
 * Prose of a section index, by the group it lists, with the facts content/agent-facts.yaml lists for it. Groups
 * without special rules get only their facts.
 */
export function groupGuidance(group: string, path: string, model: Model, registry: Registry): string[] {
  const plain = (t: string) => fillAddresses(t, model.addresses);
  const fill = (t: string) => md(plain(t));
  const facts = factsFor(model, path);
  const factText = factsProse(path, model, registry);
  switch (group) {
    case 'mcp':
      return [
        `This index and the pages it lists are installation guidance for the hosted MCP server, not MCP endpoints: a client must not be configured with ${model.mcpServer.notEndpoints.map((n) => `\`${plain(n.url)}\``).join(', ')}.`,
        ...factText,
        [md(model.mcpServer.legacyPaths.statement), ...model.mcpServer.rules.map((r) => fill(r.text))].join(' '),
        ...clientSteps(model),
      ];
    case 'api':
      return [
        md(model.boundaries.openapiScope),
        ...(facts.length
          ? factText
          : [stringifyMarkdown({ type: 'root', children: pricingFacts(model, registry) }).trim()]),
        md(unpublishedLine(model)),
        md(model.boundaries.builderRule),
        md(model.boundaries.inferredEndpoints),
      ];
    case 'ai': {
      // A rule the facts already state (the BASIC rule) is not said twice.
      const said = new Set(facts.includes('basic-rule') ? model.pricingCall.rules.map((r) => plain(r.text)) : []);
      return [
        ...factText,
        'Instructions for AI agents and assistants that use this interface:',
        bullets(
          plainAgentRules(model)
            .filter((r) => !said.has(r))
            .map(md),
        ),
      ];
    }
    default:
      return factText;
  }
}

/** The install steps of each MCP client, as on the MCP installation guide; an llms.txt's prose has no headings. */
function clientSteps(model: Model): string[] {
  if (!model.mcpClients) return [];
  const steps = stringifyMarkdown({ type: 'root', children: clientStepsTree(model, model.mcpClients) }).trim();
  return ['Steps for each MCP client:', steps];
}

/** The pricing call and its rules, for the API index when content/agent-facts.yaml lists nothing for it. */
function pricingFacts(model: Model, registry: Registry) {
  return renderFacts(['pricing-call', 'basic-rule'], model, registry);
}

/** Groups whose guides a section index also points to, because its readers need them next. */
export const RELATED_GROUPS: Record<string, string[]> = {
  api: ['pricing', 'auth', 'mcp'],
  mcp: ['auth'],
  ai: ['auth', 'mcp', 'pricing', 'public-pages'],
  developers: ['auth', 'mcp', 'pricing'],
  docs: ['auth', 'mcp'],
  help: ['mcp', 'auth'],
  'public-pages': [],
};
