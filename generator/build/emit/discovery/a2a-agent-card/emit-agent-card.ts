// Emits /.well-known/agent-card.json: an A2A v1.0 card that describes the hosted MCP server without inventing A2A.
//
// The honest encoding. The service has no A2A endpoint, and the card must not invent one; yet v1 requires at least
// one entry in `supportedInterfaces`. `protocolBinding` is an open string whose core values (JSONRPC, GRPC,
// HTTP+JSON) all mean "speak A2A here", so the one interface names instead the transport the service really speaks:
// the URI of MCP's Streamable HTTP transport, at {mcp_url}/mcp. A reader that only knows the core bindings finds no
// binding it can use, which is the truth. `protocolVersion` is "1.0" because v1 requires it on every interface.
// The skills are the three read-only MCP controls, each with its required scope in its tags and its security
// requirement. OAuth: v1's OAuthFlows is a protobuf oneof in which no flow is required; the contract shows no grant
// type and no token endpoint, so `flows` is empty and `oauth2MetadataUrl` points readers to the authorization
// server's RFC 8414 metadata at the contract's address, where the real endpoints are published.
import type { Model } from '../../../../model/types.js';
import type { Emitter } from '../../../registry/types.js';
import type { Registry } from '../../../registry/registry.js';
import { authorizationServerMetadataUrl, mcpEndpoint, mcpStreamableHttpBinding } from '../addresses.js';
import { jsonBody } from '../../json/json-body.js';

/** The name the card gives its one security scheme. */
export const OAUTH_SCHEME = 'mcpOAuth2';
/** v1 requires a protocol version on every interface. */
export const A2A_PROTOCOL_VERSION = '1.0';

export const emitAgentCard: Emitter = (_entry, { model, registry }) =>
  jsonBody({
    name: model.identity.name,
    description: agentDescription(model),
    supportedInterfaces: [
      {
        url: mcpEndpoint(model),
        protocolBinding: mcpStreamableHttpBinding(model),
        protocolVersion: A2A_PROTOCOL_VERSION,
      },
    ],
    provider: { organization: model.identity.legalName, url: model.addresses.base_url },
    version: model.publication.version,
    ...documentation(model, registry),
    // No events, no webhooks (contract section 6); no A2A streaming.
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
    securityRequirements: [{ schemes: { [OAUTH_SCHEME]: { list: [] } } }],
    // MCP messages are JSON-RPC in JSON.
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    skills: skillsOf(model),
  });

export function agentDescription(model: Model): string {
  return [
    model.identity.summary,
    `This card describes its hosted MCP server (${model.mcpServer.transport} at {mcp_url}${model.mcpServer.endpointPath}); the service has no A2A endpoint.`,
    model.mcpServer.rules.map((r) => r.text).join(' '),
  ]
    .join(' ')
    .replace('{mcp_url}', model.addresses.mcp_url);
}

export function skillsOf(model: Model) {
  const shapes = model.notShown.find((n) => n.id === 'control-shapes')?.subject ?? 'Input parameters and result shapes';
  return model.mcpServer.controls.map((control) => ({
    id: control.name,
    name: control.title,
    description: `${control.purpose} MCP control \`${control.name}\`, read-only; requires scope ${control.requiredScope}. ${shapes}: not shown by the contract.`,
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
