// /.well-known/public-pages.json: the catalog of the site's read-only public page route families.
import type { EmitContext, RegistryEntry } from '../../registry/types.js';
import { jsonBody } from '../json/json-body.js';
import { fill } from './links.js';
import { routeFamiliesOf } from './route-families.js';

export interface PublicPagesCatalog {
  title: string;
  description: string;
  site: string;
  readOnly: true;
  pageContext: { url: string; parameter: string; urlTemplate: string };
  rules: string[];
  routeFamilies: {
    id: string;
    pattern: string;
    /** RFC 6570 URI template of the family's pages. */
    urlTemplate: string;
    type: string;
    title: string;
    description: string;
    examplePaths: string[];
    rules: string[];
  }[];
  notCatalogued: string[];
}

export function buildCatalog(context: EmitContext): PublicPagesCatalog | undefined {
  const { model, registry } = context;
  const resolved = routeFamiliesOf(context);
  const route = registry.ofKind('page-context')[0];
  if (!resolved || !model.publicPages) return undefined;
  const base = model.addresses.base_url;
  const routeUrl = route ? registry.url(route.dataFor ?? route.path) : `${base}/api/agent/page-context`;
  const parameter = route?.query?.[0]?.name ?? 'path';
  return {
    title: fill(model, model.publicPages.title),
    description: fill(model, model.publicPages.description),
    site: base,
    readOnly: true,
    pageContext: { url: routeUrl, parameter, urlTemplate: `${routeUrl}{?${parameter}}` },
    rules: resolved.rules,
    routeFamilies: resolved.families.map(({ family }) => ({
      id: family.id,
      pattern: family.pattern,
      urlTemplate: base + family.pattern,
      type: family.type,
      title: family.title,
      description: family.description,
      examplePaths: family.examplePaths,
      rules: family.rules,
    })),
    notCatalogued: [
      'Pages of the web application are not catalogued here: the public contract publishes no routes for them.',
      model.boundaries.inferredEndpoints,
    ],
  };
}

export function emitCatalog(_entry: RegistryEntry, context: EmitContext): string {
  return jsonBody(buildCatalog(context) ?? {});
}
