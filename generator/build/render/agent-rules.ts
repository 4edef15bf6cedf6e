// The contract's rules an AI reader needs first, composed from the model: used by the AI guide and the llms files.
import type { Model } from '../../model/types.js';
import { fillAddresses } from '../registry/registry.js';

export function mcpEndpoint(model: Model): string {
  return fillAddresses(`{${model.mcpServer.host}}${model.mcpServer.endpointPath}`, model.addresses);
}

/** Every rule an agent follows, each once: the controls, authentication, the pricing call and the boundaries. */
export function agentRules(model: Model): string[] {
  const fill = (t: string) => fillAddresses(t, model.addresses);
  const b = model.boundaries;
  return [
    ...model.mcpServer.rules.map((r) => fill(r.text)),
    ...model.authentication.rules.map((r) => fill(r.text)),
    ...model.pricingCall.rules.map((r) => fill(r.text)),
    unpublishedLine(model),
    b.builderRule,
    b.inferredEndpoints,
    b.legacyMcpPaths,
    `${b.webhooks.statement} ${b.webhooks.answer}`,
    b.writeOperations.statement,
    model.errors.clientRule,
    `Not published (do not guess): ${model.notShown.map((n) => lowerFirst(n.subject)).join('; ')}.`,
  ];
}

/** The interfaces without a public contract, and the answer a client is given. */
export function unpublishedLine(model: Model): string {
  const b = model.boundaries;
  return `No contract is published for: ${b.unpublishedInterfaces.map((i) => i.name).join(', ')}. A client that asks for one of them is told: "${b.unpublishedAnswer}"`;
}

/** "Fields of…" → "fields of…", but "HTTP method…" stays. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
