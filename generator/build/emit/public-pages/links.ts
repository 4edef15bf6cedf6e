// Absolute URLs of what the public-pages artifacts link to: registry entries and the contract's other interfaces.
import type { KindName } from '../../../model/kinds.js';
import type { Model } from '../../../model/types.js';
import { fillAddresses, type Registry } from '../../registry/registry.js';
import type { RegistryEntry } from '../../registry/types.js';

/** The hosted MCP endpoint, {mcp_url}/mcp. */
export function mcpEndpointUrl(model: Model): string {
  return model.addresses[model.mcpServer.host] + model.mcpServer.endpointPath;
}

/** The pricing call, {api_url}/api/v1/communities/plans/prices. */
export function pricingCallUrl(model: Model): string {
  return model.addresses[model.pricingCall.host] + model.pricingCall.path;
}

export function fill(model: Model, text: string): string {
  return fillAddresses(text, model.addresses);
}

/** The first served site entry of a kind (and group), for links that name a role rather than a path. */
export function firstOfKind(registry: Registry, kind: KindName, group?: string): RegistryEntry | undefined {
  return registry.ofKind(kind).find((e) => !e.aliasOf && (group === undefined || e.group === group));
}

/** The site's home address with its trailing slash, as schema.org `url` and sitemaps write it. */
export function homeUrl(model: Model): string {
  return `${model.addresses.base_url}/`;
}
