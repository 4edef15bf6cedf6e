// Emits /.well-known/agent.json: what a v0.2/v0.3 agent-card reader expects, plus links to every discovery resource
// and the contract's boundaries. It uses the same honest encoding as the A2A card (see emit-agent-card.ts): `url` is
// the hosted MCP endpoint and `preferredTransport` names MCP Streamable HTTP, since the service has no A2A endpoint.
import type { Emitter } from '../../../registry/types.js';
import { mcpEndpoint, mcpStreamableHttpBinding } from '../addresses.js';
import { agentDescription, skillsOf } from '../a2a-agent-card/emit-agent-card.js';
import { jsonBody } from '../../json/json-body.js';
import {
  boundaryFacts,
  discoveryLinks,
  mcpServerFacts,
  notShownFacts,
  pricingCallFacts,
} from './discovery-document.js';

/** The last agent-card revision that used /.well-known/agent.json's reader fields (url, protocolVersion). */
export const LEGACY_CARD_PROTOCOL_VERSION = '0.3.0';

export const emitAgentDiscovery: Emitter = (_entry, { model, registry }) => {
  const docs = registry.served('site').find((e) => e.group === 'docs' && e.kind === 'html-page' && e.inContract);
  return jsonBody({
    name: model.identity.name,
    description: agentDescription(model),
    url: mcpEndpoint(model),
    preferredTransport: mcpStreamableHttpBinding(model),
    protocolVersion: LEGACY_CARD_PROTOCOL_VERSION,
    version: model.publication.version,
    provider: { organization: model.identity.legalName, url: model.addresses.base_url },
    ...(docs ? { documentationUrl: registry.url(docs) } : {}),
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    skills: skillsOf(model).map(({ id, name, description, tags }) => ({ id, name, description, tags })),
    discoveryResources: discoveryLinks(registry),
    mcpServer: mcpServerFacts(model),
    pricingCall: pricingCallFacts(model),
    boundaries: boundaryFacts(model),
    notShown: notShownFacts(model),
  });
};
