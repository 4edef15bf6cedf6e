// The prose of the llms files: the contract's rules and boundaries that an AI reader needs first, taken from the model.
import type { Model } from '../../../model/types.js';
import { fillAddresses } from '../../registry/registry.js';
import { agentRules as plainAgentRules, mcpEndpoint, unpublishedLine } from '../../render/agent-rules.js';
import { markdownText as md } from '../../text/markdown-text.js';
import { clientStepsTree } from '../../render/mcp-client-steps.js';
import { stringifyMarkdown } from '../../render/processor.js';

/** The agent rules as Markdown: plain texts of the content, escaped. */
export const agentRules = (model: Model): string[] => plainAgentRules(model).map(md);

const bullets = (lines: string[]) => lines.map((l) => `- ${l}`).join('\n');

/** What every reader must know about the MCP server before anything else: where it is, and what is not it. */
export function mcpBoundary(model: Model): string[] {
  // Texts of the content are plain: escaped for Markdown (md); the code spans around addresses are this file's own.
  const fill = (t: string) => md(fillAddresses(t, model.addresses));
  const server = model.mcpServer;
  const bearer = model.authentication.rules.find((r) => r.id === 'bearer-required');
  return [
    `The MCP endpoint is \`${mcpEndpoint(model)}\` (${md(server.transport)}), behind ${md(model.authentication.protocol)}.${bearer ? ` ${fill(bearer.text)}` : ''}`,
    bullets(server.notEndpoints.map((n) => `\`${fillAddresses(n.url, model.addresses)}\`: ${fill(n.reason)}`)),
    md(server.legacyPaths.statement),
  ];
}

/** Prose of a section index, by the group it lists. Groups without special rules get none. */
export function groupGuidance(group: string, model: Model): string[] {
  const fill = (t: string) => md(fillAddresses(t, model.addresses));
  const url = (t: string) => fillAddresses(t, model.addresses);
  const call = model.pricingCall;
  switch (group) {
    case 'mcp':
      return [
        `This index and the pages it lists are installation guidance for the hosted MCP server, not MCP endpoints. A client must not be configured with ${model.mcpServer.notEndpoints.map((n) => `\`${url(n.url)}\``).join(', ')}; the MCP endpoint is \`${mcpEndpoint(model)}\`, behind ${md(model.authentication.protocol)}.`,
        [
          ...model.authentication.rules.filter((r) => r.id === 'bearer-required').map((r) => fill(r.text)),
          md(model.mcpServer.legacyPaths.statement),
          ...model.mcpServer.rules.map((r) => fill(r.text)),
        ].join(' '),
        ...clientSteps(model),
      ];
    case 'api':
      return [
        md(model.boundaries.openapiScope),
        `The one public call: \`${call.method} ${url(`{${call.host}}${call.path}`)}\` with the request payload \`${JSON.stringify(call.requestPayload.example)}\`. Request payload: ${md(call.requestPayload.description)} ${call.rules.map((r) => fill(r.text)).join(' ')}`,
        md(unpublishedLine(model)),
        md(model.boundaries.builderRule),
        md(model.boundaries.inferredEndpoints),
      ];
    case 'ai':
      return ['Instructions for AI agents and assistants that use this interface:', bullets(agentRules(model))];
    default:
      return [];
  }
}

/** The install steps of each MCP client, as on the MCP installation guide; an llms.txt's prose has no headings. */
function clientSteps(model: Model): string[] {
  if (!model.mcpClients) return [];
  const steps = stringifyMarkdown({ type: 'root', children: clientStepsTree(model, model.mcpClients) }).trim();
  return ['Steps for each MCP client:', steps];
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
