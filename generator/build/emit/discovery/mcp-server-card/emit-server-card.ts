// Emits the MCP server card (/.well-known/mcp.json; the pipeline copies it to the two alias paths).
//
// Every field is read by some client, so each states only what the content states as a fact of production (README,
// "Card decisions"): the remote has no `headers` (a registry-style client turns each into an input it asks the user
// for, and this server's token comes from the OAuth discovery chain, not from the user), protocol revisions appear
// only when content/mcp-server.yaml states them, and the controls are SEP-1649 top-level tools without the input
// schema the contract does not show.
import type { Model } from '../../../../model/types.js';
import type { Emitter } from '../../../registry/types.js';
import { mcpEndpoint } from '../addresses.js';
import { jsonBody } from '../../json/json-body.js';
import { cardFacts, metaKey } from './card-facts.js';

/** @see https://github.com/modelcontextprotocol/experimental-ext-server-card (SEP-2127, v1 card) */
export const SERVER_CARD_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** The authentication a client must run: OAuth (the contract's chain), never a static header. */
export const CARD_AUTHENTICATION = { required: true, schemes: ['oauth2'] } as const;

export const emitServerCard: Emitter = (_entry, { model, registry }) => {
  const endpoint = mcpEndpoint(model);
  const guide = registry.served('site').find((e) => e.group === 'mcp' && e.kind === 'html-page');
  const revisions = model.mcpServer.protocolRevisions;
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
        authentication: CARD_AUTHENTICATION,
        ...(revisions ? { supportedProtocolVersions: revisions } : {}),
      },
    ],
    // SEP-1649 fields, still read by scanners.
    serverInfo: {
      name: model.publication.mcpServerCard.name,
      title: cardTitle(model),
      version: model.publication.version,
    },
    ...(revisions ? { protocolVersion: revisions[revisions.length - 1] } : {}),
    transport: { type: 'streamable-http', endpoint },
    capabilities: capabilitiesOf(model),
    authentication: CARD_AUTHENTICATION,
    tools: cardTools(model),
    // The contract's facts: controls, scopes, read-only nature, discovery methods, the OAuth discovery chain.
    _meta: { [metaKey(model)]: cardFacts(model) },
  });
};

function cardTitle(model: Model): string {
  return `${model.identity.name}: ${model.mcpServer.title}`;
}

/** The capabilities the contract's discovery methods imply: tools/list → tools, resources/… → resources. */
export function capabilitiesOf(model: Model): Record<string, object> {
  const methods = model.mcpServer.discoveryMethods;
  return {
    ...(methods.includes('tools/list') ? { tools: {} } : {}),
    ...(methods.some((m) => m.startsWith('resources/')) ? { resources: {} } : {}),
  };
}

/**
 * The controls as SEP-1649 static tools: name, title, description, read-only (MCP's `readOnlyHint`) and the required
 * scope. No `inputSchema`: the contract does not show the controls' input parameters.
 */
export function cardTools(model: Model) {
  const key = metaKey(model);
  return model.mcpServer.controls.map((control) => ({
    name: control.name,
    title: control.title,
    description: control.purpose,
    annotations: { readOnlyHint: control.readOnly },
    _meta: { [key]: { requiredScope: control.requiredScope } },
  }));
}
