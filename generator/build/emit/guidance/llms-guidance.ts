// The prose of the llms files: the contract's rules and boundaries that an AI reader needs first, taken from the model.
import type { Model } from '../../../model/types.js';
import { fillAddresses } from '../../registry/registry.js';
import { agentRules, mcpEndpoint, unpublishedLine } from '../../render/agent-rules.js';

export { agentRules };

const bullets = (lines: string[]) => lines.map((l) => `- ${l}`).join('\n');

/** What every reader must know about the MCP server before anything else: where it is, and what is not it. */
export function mcpBoundary(model: Model): string[] {
  const fill = (t: string) => fillAddresses(t, model.addresses);
  const server = model.mcpServer;
  const bearer = model.authentication.rules.find((r) => r.id === 'bearer-required');
  return [
    `The MCP endpoint is \`${mcpEndpoint(model)}\` (${server.transport}), behind ${model.authentication.protocol}.${bearer ? ` ${fill(bearer.text)}` : ''}`,
    bullets(server.notEndpoints.map((n) => `\`${fill(n.url)}\`: ${fill(n.reason)}`)),
    server.legacyPaths.statement,
  ];
}

/** Prose of a section index, by the group it lists. Groups without special rules get none. */
export function groupGuidance(group: string, model: Model): string[] {
  const fill = (t: string) => fillAddresses(t, model.addresses);
  const call = model.pricingCall;
  switch (group) {
    case 'mcp':
      return [
        `This index and the pages it lists are installation guidance for the hosted MCP server, not MCP endpoints. A client must not be configured with ${model.mcpServer.notEndpoints.map((n) => `\`${fill(n.url)}\``).join(', ')}; the MCP endpoint is \`${mcpEndpoint(model)}\`, behind ${model.authentication.protocol}.`,
        [
          ...model.authentication.rules.filter((r) => r.id === 'bearer-required').map((r) => fill(r.text)),
          model.mcpServer.legacyPaths.statement,
          ...model.mcpServer.rules.map((r) => fill(r.text)),
        ].join(' '),
      ];
    case 'api':
      return [
        model.boundaries.openapiScope,
        `The one public call: \`${call.method} ${fill(`{${call.host}}${call.path}`)}\` with the request payload \`${JSON.stringify(call.requestPayload.example)}\`. Request payload: ${call.requestPayload.description} ${call.rules.map((r) => fill(r.text)).join(' ')}`,
        unpublishedLine(model),
        model.boundaries.builderRule,
        model.boundaries.inferredEndpoints,
      ];
    case 'ai':
      return ['Instructions for AI agents and assistants that use this interface:', bullets(agentRules(model))];
    default:
      return [];
  }
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
