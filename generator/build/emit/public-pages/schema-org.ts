// The schema.org nodes of the service (Organization, WebSite, one WebAPI per interface part), with stable @ids.
import type { Model } from '../../../model/types.js';
import type { Registry } from '../../registry/registry.js';
import { fill, firstOfKind, homeUrl, mcpEndpointUrl, pricingCallUrl } from './links.js';

export const SCHEMA_ORG_CONTEXT = 'https://schema.org';

export type SchemaOrgNode = { '@type': string; '@id': string } & Record<string, unknown>;

/** The Organization's @id: the same in the schema feed and in entity.json, so that readers merge them. */
export function organizationId(model: Model): string {
  return `${model.addresses.base_url}/#organization`;
}

export function organizationNode(model: Model, registry: Registry): SchemaOrgNode {
  const { identity } = model;
  const logo = registry.get(identity.logo);
  const contact = registry.get(identity.contactPoint.url);
  return {
    '@type': 'Organization',
    '@id': organizationId(model),
    name: identity.name,
    legalName: identity.legalName,
    url: homeUrl(model),
    logo: logo ? registry.url(logo) : model.addresses.base_url + identity.logo,
    description: fill(model, identity.summary),
    disambiguatingDescription: fill(model, identity.disambiguatingDescription),
    sameAs: identity.sameAs,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: identity.contactPoint.contactType,
      url: contact ? registry.url(contact) : model.addresses.base_url + identity.contactPoint.url,
    },
  };
}

export function schemaOrgGraph(model: Model, registry: Registry): SchemaOrgNode[] {
  const base = model.addresses.base_url;
  const publisher = { '@id': organizationId(model) };
  const website: SchemaOrgNode = {
    '@type': 'WebSite',
    '@id': `${base}/#website`,
    name: model.identity.name,
    url: homeUrl(model),
    description: fill(model, model.identity.summary),
    publisher,
  };
  const openapi = firstOfKind(registry, 'openapi');
  const catalog = firstOfKind(registry, 'api-catalog');
  const pricingDoc = firstOfKind(registry, 'markdown', 'pricing');
  const mcpDoc = firstOfKind(registry, 'html-page', 'mcp');
  const where: Record<string, { url?: string; documentation?: string }> = {
    'discovery-resources': {
      url: catalog && registry.url(catalog),
      documentation: openapi && registry.url(openapi),
    },
    'pricing-call': { url: pricingCallUrl(model), documentation: pricingDoc && registry.url(pricingDoc) },
    'mcp-server': { url: mcpEndpointUrl(model), documentation: mcpDoc && registry.url(mcpDoc) },
  };
  const apis: SchemaOrgNode[] = model.interfaceParts.map((part) => {
    const { url, documentation } = where[part.id] ?? {};
    return {
      '@type': 'WebAPI',
      '@id': `${base}/#${part.id}`,
      name: part.title,
      description: fill(model, part.summary),
      provider: publisher,
      ...(url ? { url } : {}),
      ...(documentation ? { documentation } : {}),
    };
  });
  return [organizationNode(model, registry), website, ...apis];
}
