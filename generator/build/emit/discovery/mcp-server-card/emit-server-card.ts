// Emits the MCP server card (/.well-known/mcp.json; the pipeline copies it to the two alias paths).
import type { Model } from '../../../../model/types.js';
import type { Emitter } from '../../../registry/types.js';
import { latestMcpProtocolVersion, mcpEndpoint } from '../addresses.js';
import { jsonBody } from '../../json/json-body.js';
import { cardFacts, metaKey } from './card-facts.js';

/** @see https://github.com/modelcontextprotocol/experimental-ext-server-card (SEP-2127, v1 card) */
export const SERVER_CARD_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

export const emitServerCard: Emitter = (_entry, { model, registry }) => {
  const endpoint = mcpEndpoint(model);
  const guide = registry.served('site').find((e) => e.group === 'mcp' && e.kind === 'html-page');
  return jsonBody({
    // SEP-2127 fields.
    $schema: SERVER_CARD_SCHEMA_URL,
    name: model.publication.mcpServerCard.name,
    version: model.publication.version,
    description: model.publication.mcpServerCard.description,
    title: cardTitle(model),
    ...(guide ? { websiteUrl: registry.url(guide) } : {}),
    remotes: [
      {
        type: 'streamable-http',
        url: endpoint,
        headers: [
          {
            name: 'Authorization',
            description: `${model.authentication.protocol} bearer token: "Bearer <token>". ${model.authentication.apiKeys}`,
            isRequired: true,
            isSecret: true,
          },
        ],
        supportedProtocolVersions: model.publication.mcpProtocolVersions,
      },
    ],
    // SEP-1649 fields, still read by scanners.
    serverInfo: {
      name: model.publication.mcpServerCard.name,
      title: cardTitle(model),
      version: model.publication.version,
    },
    protocolVersion: latestMcpProtocolVersion(model),
    transport: { type: 'streamable-http', endpoint },
    // The contract's discovery methods are tools/list, resources/list and resources/templates/list.
    capabilities: { tools: {}, resources: {} },
    authentication: { required: true, schemes: ['oauth2', 'bearer'] },
    // The contract's facts: controls, scopes, read-only nature, discovery methods, the OAuth discovery chain.
    _meta: { [metaKey(model)]: cardFacts(model) },
  });
};

function cardTitle(model: Model): string {
  return `${model.identity.name}: ${model.mcpServer.title}`;
}
