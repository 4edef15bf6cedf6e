// Resolves the route families of content/public-pages.yaml against the registry: which published pages each covers.
import { referableRules } from '../../content/route-families.js';
import type { Diagnostics } from '../../messages/diagnostics.js';
import type { Model, RouteFamilySource } from '../../../model/types.js';
import type { Registry } from '../../registry/registry.js';
import type { EmitContext, RegistryEntry } from '../../registry/types.js';
import { findRouteFamily } from '../../../runtime/query-routes/route-pattern.js';
import type { PageContextResource, RouteFamily } from '../../../runtime/query-routes/types.js';
import { fill, mcpEndpointUrl, pricingCallUrl } from './links.js';
import { sitePages } from './site-pages.js';

/** How many example paths the catalog gives per family: enough to show the shape, short enough to read. */
export const MAX_EXAMPLE_PATHS = 5;

export interface ResolvedFamily {
  family: RouteFamily;
  source: RouteFamilySource;
  pages: RegistryEntry[];
  /** Resources every context of the family links to, beyond the page's own. */
  resources: PageContextResource[];
  imageUrl?: string;
}

export interface ResolvedFamilies {
  /** Families with at least one published page, in content order. */
  families: ResolvedFamily[];
  /** Rules every page context carries, addresses filled in. */
  rules: string[];
}

/** Resolved once per build (messages included), shared by the catalog and the page-context emitters. */
export function routeFamiliesOf(context: EmitContext): ResolvedFamilies | undefined {
  return context.memo('public-pages:route-families', () =>
    resolveRouteFamilies(context.model, context.registry, context.diagnostics),
  );
}

export function resolveRouteFamilies(
  model: Model,
  registry: Registry,
  diagnostics: Diagnostics,
): ResolvedFamilies | undefined {
  const publicPages = model.publicPages;
  if (!publicPages) {
    diagnostics.error('emit', {
      ruleId: 'missing-public-pages',
      reason: 'The content set has no `publicPages`, so the public page catalog and page contexts cannot be built.',
      fix: 'Restore content/public-pages.yaml (see its comments for the fields).',
      file: 'content/public-pages.yaml',
    });
    return undefined;
  }
  const pages = sitePages(registry);
  const byFamily = new Map<string, RegistryEntry[]>(publicPages.routeFamilies.map((f) => [f.id, []]));
  for (const page of pages) {
    const family = findRouteFamily(publicPages.routeFamilies, page.path);
    if (family) {
      byFamily.get(family.id)!.push(page);
      continue;
    }
    diagnostics.error('emit', {
      ruleId: 'page-without-route-family',
      reason: `The public page ${page.path} belongs to no route family of content/public-pages.yaml.`,
      fix: `Add a route family whose pattern matches ${page.path} (an exact path, or a pattern such as /section/{slug}).`,
      place: page.source,
    });
  }

  const rules = referableRules(model);
  const families: ResolvedFamily[] = [];
  for (const source of publicPages.routeFamilies) {
    const members = byFamily.get(source.id)!;
    if (members.length === 0) {
      diagnostics.warn('emit', {
        ruleId: 'route-family-without-pages',
        reason: `The route family ${source.pattern} matches no published page, so the catalog leaves it out.`,
        fix: 'Publish a page that matches it, or remove the family from content/public-pages.yaml.',
        place: source.source,
      });
      continue;
    }
    const resources = source.resources.flatMap((ref) => familyResource(ref, source, model, registry, diagnostics));
    const image = source.image ? registry.get(source.image) : undefined;
    if (source.image && !image) unknownReference(source.image, source, diagnostics);
    families.push({
      source,
      pages: members,
      resources,
      ...(image ? { imageUrl: registry.url(image) } : {}),
      family: {
        id: source.id,
        pattern: source.pattern,
        type: source.type,
        title: fill(model, source.title),
        description: fill(model, source.description),
        examplePaths: members.slice(0, MAX_EXAMPLE_PATHS).map((p) => p.path),
        rules: [...source.ruleRefs.flatMap((ref) => rules.get(ref) ?? []), ...source.rules].map((r) => fill(model, r)),
      },
    });
  }
  return { families, rules: publicPages.rules.map((r) => fill(model, r)) };
}

function familyResource(
  ref: string,
  family: RouteFamilySource,
  model: Model,
  registry: Registry,
  diagnostics: Diagnostics,
): PageContextResource[] {
  if (ref === 'pricing-call') {
    return [{ href: pricingCallUrl(model), type: 'application/json', title: model.pricingCall.title, rel: 'service' }];
  }
  if (ref === 'mcp-server') {
    return [{ href: mcpEndpointUrl(model), type: 'application/json', title: model.mcpServer.title, rel: 'service' }];
  }
  const entry = registry.get(ref);
  if (!entry) {
    unknownReference(ref, family, diagnostics);
    return [];
  }
  return [{ href: registry.url(entry), type: entry.mediaType, title: entry.title, rel: 'related' }];
}

function unknownReference(ref: string, family: RouteFamilySource, diagnostics: Diagnostics): void {
  diagnostics.error('emit', {
    ruleId: 'unknown-resource',
    reason: `Route family \`${family.id}\` links to ${ref}, which the site does not publish.`,
    fix: 'Name a path of the registry (content/discovery-resources.yaml, a page, or a static file), `pricing-call` or `mcp-server`.',
    place: family.source,
  });
}
