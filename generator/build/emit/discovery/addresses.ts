// The absolute URLs the discovery documents state, each computed from the model in one place.
import type { Model } from '../../../model/types.js';
import { fillAddresses } from '../../registry/registry.js';

/** The hosted MCP endpoint: always {mcp_url} + the endpoint path, never {base_url}/mcp. */
export function mcpEndpoint(model: Model): string {
  return model.addresses[model.mcpServer.host] + model.mcpServer.endpointPath;
}

/** RFC 9728 metadata at the contract's root path on the MCP host. */
export function protectedResourceMetadataUrl(model: Model): string {
  return model.addresses.mcp_url + model.authentication.protectedResourceMetadataPath;
}

/** RFC 8414 metadata of the authorization server, at the contract's path on {auth_url}. */
export function authorizationServerMetadataUrl(model: Model): string {
  return model.addresses.auth_url + model.authentication.authorizationServerMetadataPath;
}

/** The issuer the authorization server metadata must state: {auth_url} exactly (RFC 8414 section 3.3). */
export function authorizationServerIssuer(model: Model): string {
  return model.addresses.auth_url;
}

/** The pricing call's absolute URL ({api_url}{path}). */
export function pricingCallUrl(model: Model): string {
  return model.addresses[model.pricingCall.host] + model.pricingCall.path;
}

/** The discovery chain with its URLs filled in, in its order. */
export function discoveryChain(model: Model): { step: number; url: string; title: string }[] {
  return model.authentication.discoveryChain.map((s) => ({ ...s, url: fillAddresses(s.url, model.addresses) }));
}

/**
 * What the A2A cards name as their interface. The service has no A2A endpoint, yet both card versions require one
 * (v1.0 `supportedInterfaces`, v0.3 `url`): they name a document of the site, read with HTTP GET, and never the MCP
 * server, so that no A2A reader sends A2A messages to it (README, "Card decisions").
 */
export const DOCUMENT_BINDING = 'https://www.rfc-editor.org/rfc/rfc9110#name-get';

/** The absolute URL of the document the A2A cards name as their interface (content/publication.yaml). */
export function agentCardInterfaceUrl(model: Model): string {
  return model.addresses.base_url + model.publication.agentCardInterface;
}
