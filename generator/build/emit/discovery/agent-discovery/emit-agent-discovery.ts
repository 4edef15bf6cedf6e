// Emits /.well-known/agent.json: what a v0.2/v0.3 agent-card reader expects, plus links to every discovery resource
// and the contract's boundaries. A v0.2 reader sends JSON-RPC A2A messages to `url` whatever else the card says, and a
// v0.3 reader defaults `preferredTransport` to JSON-RPC, so `url` is the same public document as the A2A card's
// interface (see emit-agent-card.ts), read with HTTP GET: never the MCP server, which `mcpServer` names as what it is.
import type { Emitter } from '../../../registry/types.js';
import { agentDescription, cardInterface, skillsOf } from '../a2a-agent-card/emit-agent-card.js';
import { jsonBody } from '../../json/json-body.js';
import {
  boundaryFacts,
  discoveryLinks,
  mcpServerFacts,
  notShownFacts,
  pricingCallFacts,
} from './discovery-document.js';

/** The last agent-card revision whose readers read /.well-known/agent.json's fields (url, protocolVersion). */
export const LEGACY_CARD_PROTOCOL_VERSION = '0.3.0';

export const emitAgentDiscovery: Emitter = (_entry, { model, registry }) => {
  const docs = registry.served('site').find((e) => e.group === 'docs' && e.kind === 'html-page' && e.inContract);
  return jsonBody({
    name: model.identity.name,
    description: agentDescription(model),
    url: cardInterface(model).url,
    preferredTransport: cardInterface(model).protocolBinding,
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
