// The contract's facts about the hosted MCP server, as the card's `_meta` states them (and its validator expects).
import type { Model } from '../../../../model/types.js';
import { fillAddresses } from '../../../registry/registry.js';
import {
  authorizationServerMetadataUrl,
  discoveryChain,
  mcpEndpoint,
  protectedResourceMetadataUrl,
} from '../addresses.js';

/** The `_meta` key: the card name's reverse-DNS namespace, so it can never collide with MCP's reserved prefixes. */
export function metaKey(model: Model): string {
  return `${model.publication.mcpServerCard.name.split('/')[0]}/contract`;
}

export function cardFacts(model: Model) {
  const { mcpServer, authentication, boundaries } = model;
  const shownNot = (ids: string[]) => model.notShown.filter((n) => ids.includes(n.id)).map((n) => n.subject);
  return {
    endpoint: mcpEndpoint(model),
    transport: mcpServer.transport,
    messageFormat: mcpServer.messageFormat,
    discoveryMethods: mcpServer.discoveryMethods,
    rules: mcpServer.rules.map((r) => ({ id: r.id, text: r.text })),
    controls: mcpServer.controls.map((c) => ({
      name: c.name,
      title: c.title,
      purpose: c.purpose,
      requiredScope: c.requiredScope,
      readOnly: c.readOnly,
    })),
    scopes: authentication.scopes.map((s) => ({ name: s.name, covers: s.covers })),
    authentication: {
      required: true,
      protocol: authentication.protocol,
      scheme: authentication.scheme,
      tokenTransport: authentication.tokenTransport,
      protectedResourceMetadata: protectedResourceMetadataUrl(model),
      authorizationServer: model.addresses.auth_url,
      authorizationServerMetadata: authorizationServerMetadataUrl(model),
      discoveryChain: discoveryChain(model),
      rules: authentication.rules.map((r) => ({ id: r.id, text: r.text })),
    },
    notEndpoints: [
      ...mcpServer.notEndpoints.map((n) => ({
        url: fillAddresses(n.url, model.addresses),
        reason: fillAddresses(n.reason, model.addresses),
      })),
    ],
    legacyPaths: boundaries.legacyMcpPaths,
    notShown: shownNot(['control-shapes', 'oauth-details', 'version-policy']),
  };
}
