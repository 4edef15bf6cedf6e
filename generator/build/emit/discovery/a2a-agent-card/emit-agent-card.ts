// Emits /.well-known/agent-card.json: an A2A v1.0 card that describes the hosted MCP server without inventing A2A.
//
// The service has no A2A endpoint, and the card must not invent one; yet v1 requires at least one entry in
// `supportedInterfaces`, and an A2A client sends A2A messages to the URL of the first entry whose binding it implements
// (A2A §8.3.2). So the one interface is a document of the site (content/publication.yaml `agentCardInterface`) with
// the binding "read it with HTTP GET", a URI no A2A client implements (custom bindings are URIs, §5.8): no reader is led
// to send A2A messages anywhere, least of all to the MCP server, which the description and the skills name as what it
// is. The skills are the read-only MCP controls, each with its required scope. OAuth: v1's OAuthFlows is a protobuf
// oneof in which no flow is required; the contract shows no grant type and no token endpoint, so `flows` is empty and
// `oauth2MetadataUrl` points readers to the authorization server's RFC 8414 metadata at the contract's address. The
// card itself asks for no security: the interface it names is a public document (README, "Card decisions").
import type { Model } from '../../../../model/types.js';
import type { Emitter } from '../../../registry/types.js';
import type { Registry } from '../../../registry/registry.js';
import { agentCardInterfaceUrl, authorizationServerMetadataUrl, DOCUMENT_BINDING, mcpEndpoint } from '../addresses.js';
import { jsonBody } from '../../json/json-body.js';

/** The name the card gives its one security scheme. */
export const OAUTH_SCHEME = 'mcpOAuth2';
/** v1 requires a protocol version on every interface: the card's own version of A2A, read only by clients that implement the binding. */
export const A2A_PROTOCOL_VERSION = '1.0';

/** The one interface the A2A cards name: a public document read with HTTP GET, never the MCP server. */
export function cardInterface(model: Model) {
  return {
    url: agentCardInterfaceUrl(model),
    protocolBinding: DOCUMENT_BINDING,
    protocolVersion: A2A_PROTOCOL_VERSION,
  };
}

export const emitAgentCard: Emitter = (_entry, { model, registry }) =>
  jsonBody({
    name: model.identity.name,
    description: agentDescription(model),
    supportedInterfaces: [cardInterface(model)],
    provider: { organization: model.identity.legalName, url: model.addresses.base_url },
    version: model.publication.version,
    ...documentation(model, registry),
    // No events, no webhooks; no A2A streaming.
    capabilities: { streaming: false, pushNotifications: false, extendedAgentCard: false },
    securitySchemes: {
      [OAUTH_SCHEME]: {
        oauth2SecurityScheme: {
          description: `${model.authentication.protocol}, ${model.authentication.scheme} token in the ${model.authentication.tokenTransport}. Grant types and token endpoint details are published by the authorization server's metadata, not by this card.`,
          flows: {},
          oauth2MetadataUrl: authorizationServerMetadataUrl(model),
        },
      },
    },
    // MCP messages are JSON-RPC in JSON.
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    skills: skillsOf(model),
  });

export function agentDescription(model: Model): string {
  return [
    model.identity.summary,
    `The service has no A2A endpoint: its agent interface is the hosted MCP server at ${mcpEndpoint(model)} (${model.mcpServer.transport}, OAuth). This card's interface is a document to read with HTTP GET, not an endpoint for A2A messages.`,
    model.mcpServer.rules.map((r) => r.text).join(' '),
  ].join(' ');
}

export function skillsOf(model: Model) {
  const shapes = model.notShown.find((n) => n.id === 'control-shapes')?.subject ?? 'Input parameters and result shapes';
  return model.mcpServer.controls.map((control) => ({
    id: control.name,
    name: control.title,
    description: `${control.purpose} MCP control \`${control.name}\` of ${mcpEndpoint(model)}, read-only; requires scope ${control.requiredScope}. ${shapes}: not published.`,
    tags: ['mcp-control', 'read-only', control.requiredScope],
    securityRequirements: [{ schemes: { [OAUTH_SCHEME]: { list: [control.requiredScope] } } }],
  }));
}

function documentation(model: Model, registry: Registry): Record<string, string> {
  const docs = registry.served('site').find((e) => e.group === 'docs' && e.kind === 'html-page' && e.inContract);
  const logo = registry.get(model.identity.logo);
  return {
    ...(docs ? { documentationUrl: registry.url(docs) } : {}),
    ...(logo ? { iconUrl: registry.url(logo) } : {}),
  };
}
