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

/** The newest MCP protocol revision the publication names. */
export function latestMcpProtocolVersion(model: Model): string {
  return model.publication.mcpProtocolVersions[model.publication.mcpProtocolVersions.length - 1]!;
}

/**
 * A URI that names MCP's Streamable HTTP transport. A2A's `protocolBinding` is an open string whose core values
 * (JSONRPC, GRPC, HTTP+JSON) all mean A2A itself; the service speaks none of them, so the agent cards name the
 * transport it does speak with the specification's own URL for it.
 */
export function mcpStreamableHttpBinding(model: Model): string {
  return `https://modelcontextprotocol.io/specification/${latestMcpProtocolVersion(model)}/basic/transports#streamable-http`;
}
