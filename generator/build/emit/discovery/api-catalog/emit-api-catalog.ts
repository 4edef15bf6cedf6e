// Emits /.well-known/api-catalog: an RFC 9727 linkset of the public interface's three parts, from the registry.
import type { Registry } from '../../../registry/registry.js';
import type { Emitter, RegistryEntry } from '../../../registry/types.js';
import { mcpEndpoint, pricingCallUrl, protectedResourceMetadataUrl } from '../addresses.js';
import { jsonBody } from '../../json/json-body.js';

export interface Target {
  href: string;
  type?: string;
  title: string;
}

/** The readable pages of one group (HTML page and Markdown twin), in registry order. */
export function guidesOf(registry: Registry, groups: string[]): RegistryEntry[] {
  return registry
    .served('site')
    .filter((e) => e.inContract && groups.includes(e.group) && (e.kind === 'html-page' || e.kind === 'markdown'));
}

function target(registry: Registry, entry: RegistryEntry): Target {
  return { href: registry.url(entry), type: entry.mediaType, title: entry.title };
}

export const emitApiCatalog: Emitter = (entry, { model, registry }) => {
  const catalog = registry.url(entry);
  const site = model.addresses.base_url;
  const mcp = mcpEndpoint(model);
  const pricing = pricingCallUrl(model);
  return jsonBody({
    linkset: [
      {
        anchor: catalog,
        item: [
          { href: site, title: 'Public discovery resources' },
          { href: mcp, title: model.mcpServer.title },
          { href: pricing, title: model.pricingCall.title },
        ],
      },
      {
        anchor: site,
        'service-desc': registry
          .ofKind('openapi')
          .filter((e) => !e.aliasOf)
          .map((e) => target(registry, e)),
        'service-doc': guidesOf(registry, ['docs', 'developers']).map((e) => target(registry, e)),
      },
      {
        anchor: mcp,
        'service-meta': [
          ...registry.ofKind('mcp-server-card').map((e) => target(registry, e)),
          {
            href: protectedResourceMetadataUrl(model),
            type: 'application/json',
            title: 'Protected-resource metadata (RFC 9728)',
          },
        ],
        'service-doc': guidesOf(registry, ['mcp', 'auth']).map((e) => target(registry, e)),
      },
      {
        anchor: pricing,
        'service-doc': guidesOf(registry, ['pricing']).map((e) => target(registry, e)),
      },
    ],
  });
};
