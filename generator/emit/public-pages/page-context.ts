// The data behind /api/agent/page-context?path=: route families plus the context of every published page.
import type { EmitContext, RegistryEntry } from '../../registry/types.js';
import type { PageContext, PageContextData, PageContextResource } from '../../public-pages/types.js';
import { jsonBody } from '../discovery/json/json-body.js';
import { routeFamiliesOf, type ResolvedFamily } from './route-families.js';
import { pageById } from '../../pages/page-index.js';

export function buildPageContextData(entry: RegistryEntry, context: EmitContext): PageContextData | undefined {
  const resolved = routeFamiliesOf(context);
  if (!resolved) return undefined;
  const pages: Record<string, PageContext> = {};
  for (const family of resolved.families) {
    for (const page of family.pages) {
      const own = contextOf(page, family, resolved.rules, context);
      pages[page.path] = own;
      // An agent holding the Markdown twin's address gets the same page's context.
      if (page.twin && !(page.twin in pages)) pages[page.twin] = { ...own, path: page.twin };
    }
  }
  return {
    route: entry.dataFor ?? entry.path,
    baseUrl: context.model.addresses.base_url,
    routeFamilies: resolved.families.map((f) => f.family),
    pages,
  };
}

function contextOf(page: RegistryEntry, family: ResolvedFamily, rules: string[], context: EmitContext): PageContext {
  const { model, registry } = context;
  // By index: a scan of every page for every page is quadratic at catalog scale.
  const source = page.page ? pageById(model, page.page) : undefined;
  const resources: PageContextResource[] = [];
  const twin = page.twin ? registry.get(page.twin) : undefined;
  if (twin) resources.push({ href: registry.url(twin), type: twin.mediaType, title: twin.title, rel: 'alternate' });
  const index = registry.ofKind('llms-index').find((e) => e.group === page.group);
  if (index) resources.push({ href: registry.url(index), type: index.mediaType, title: index.title, rel: 'related' });
  const catalog = registry.ofKind('public-pages-catalog')[0];
  if (catalog) resources.push({ href: registry.url(catalog), type: catalog.mediaType, title: catalog.title, rel: 'collection' });
  for (const extra of family.resources) if (!resources.some((r) => r.href === extra.href)) resources.push(extra);
  return {
    path: page.path,
    canonicalUrl: registry.url(page),
    title: source?.title ?? page.title,
    description: source?.description ?? page.purpose,
    type: family.family.type,
    routeFamily: family.family.id,
    rules: [...rules, ...family.family.rules],
    resources,
    ...(family.imageUrl ? { imageUrl: family.imageUrl } : {}),
  };
}

export function emitPageContextData(entry: RegistryEntry, context: EmitContext): string {
  return jsonBody(buildPageContextData(entry, context) ?? {});
}
