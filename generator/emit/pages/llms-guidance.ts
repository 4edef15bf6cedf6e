// The prose of the llms files: the contract's rules and boundaries that an AI reader needs first, taken from the model.
import type { Model } from '../../model/types.js';
import { fillAddresses } from '../../registry/registry.js';

const bullets = (lines: string[]) => lines.map((l) => `- ${l}`).join('\n');

export function mcpEndpoint(model: Model): string {
  return fillAddresses(`{${model.mcpServer.host}}${model.mcpServer.endpointPath}`, model.addresses);
}

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

/** The rules an agent follows, from the model (the AI instructions). */
export function agentRules(model: Model): string[] {
  const fill = (t: string) => fillAddresses(t, model.addresses);
  const b = model.boundaries;
  return [
    ...model.mcpServer.rules.map((r) => fill(r.text)),
    ...model.authentication.rules.map((r) => fill(r.text)),
    ...model.pricingCall.rules.map((r) => fill(r.text)),
    b.builderRule,
    `${b.unpublishedInterfaces.map((i) => i.name).join(', ')}: ${b.unpublishedAnswer}`,
    b.inferredEndpoints,
    `${b.webhooks.statement} ${b.webhooks.answer}`,
    b.writeOperations.statement,
    model.errors.clientRule,
    `Not published (do not guess): ${model.notShown.map((n) => n.subject.charAt(0).toLowerCase() + n.subject.slice(1)).join('; ')}.`,
  ];
}

/** Prose of a section index, by the group it lists. Groups without special rules get none. */
export function groupGuidance(group: string, model: Model): string[] {
  const fill = (t: string) => fillAddresses(t, model.addresses);
  const call = model.pricingCall;
  switch (group) {
    case 'mcp':
      return [
        'This index and the pages it lists are installation guidance for the hosted MCP server. None of them is an MCP endpoint: a client must not be configured with any of these addresses.',
        ...mcpBoundary(model),
        ...model.mcpServer.rules.map((r) => fill(r.text)),
      ];
    case 'api':
      return [
        model.boundaries.openapiScope,
        `The one public call: \`${call.method} ${fill(`{${call.host}}${call.path}`)}\` with the request payload \`${JSON.stringify(call.requestPayload.example)}\`. Request payload: ${call.requestPayload.description} ${call.rules.map((r) => fill(r.text)).join(' ')}`,
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
