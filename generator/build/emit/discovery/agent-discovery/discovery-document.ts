// The content of /.well-known/agent.json beyond the agent-card fields: links, MCP facts (with the OAuth discovery
// chain, in full and in order), pricing call, boundaries.
import type { Model } from '../../../../model/types.js';
import type { Registry } from '../../../registry/registry.js';
import { pricingCallUrl } from '../addresses.js';
import { discoveryRoutes } from '../discovery-routes.js';
import { cardFacts } from '../mcp-server-card/card-facts.js';

/** One link per public discovery resource of the registry, in the contract's order. */
export function discoveryLinks(registry: Registry) {
  return discoveryRoutes(registry).map(({ route, entry }) => ({
    url: registry.url(route),
    title: entry.title,
    purpose: entry.purpose,
    mediaType: entry.mediaType,
    ...(entry.query
      ? { query: entry.query.map((q) => ({ name: q.name, required: q.required, description: q.description })) }
      : {}),
  }));
}

export function pricingCallFacts(model: Model) {
  const call = model.pricingCall;
  return {
    title: call.title,
    method: call.method,
    url: pricingCallUrl(model),
    requestPayload: call.requestPayload.description,
    response: call.response.description,
    rules: call.rules.map((r) => r.text),
  };
}

export function boundaryFacts(model: Model) {
  const b = model.boundaries;
  return {
    openapiScope: b.openapiScope,
    notProvided: b.unpublishedInterfaces.map((i) => i.name),
    answer: b.unpublishedAnswer,
    builderRule: b.builderRule,
    inferredEndpoints: b.inferredEndpoints,
    legacyMcpPaths: b.legacyMcpPaths,
    writeOperations: b.writeOperations.statement,
    idempotency: b.writeOperations.idempotency.rule,
    webhooks: b.webhooks.statement,
  };
}

/** The items the contract does not show, by subject (the contract's section numbers are not published). */
export function notShownFacts(model: Model) {
  return model.notShown.map((n) => n.subject);
}

export function mcpServerFacts(model: Model) {
  return cardFacts(model);
}
