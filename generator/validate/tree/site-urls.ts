// Tree check: every link to the site ({base_url}/…, or a root-relative link in a page) resolves to an emitted file.
import type { Registry } from '../../registry/registry.js';
import type { RegistryEntry, TreeValidator } from '../../registry/types.js';
import { publishedTexts } from '../text/artifact-text.js';
import { absoluteUrls, isTemplate, pathOn, rootRelativeLinks, splitPath } from '../text/urls.js';

/** The registry entry a site URL's path (query included) is answered by: the exact path, else the query route. */
export function resolveSitePath(registry: Registry, pathWithQuery: string): RegistryEntry | undefined {
  const { path, query } = splitPath(pathWithQuery);
  if (query) {
    const exact = registry.get(`${path}?${query}`, 'site');
    if (exact) return exact;
  }
  return registry.get(path, 'site');
}

export const siteUrlsResolve: TreeValidator = (context) => {
  const base = context.model.addresses.base_url;
  for (const item of publishedTexts(context)) {
    const links = absoluteUrls(item.text).flatMap((u) => {
      const path = pathOn(u.url, base);
      return path === undefined ? [] : [{ ...u, path }];
    });
    // A root-relative link means the artifact's own host; only the site's artifacts link into the site that way.
    if (item.entry.host === 'site') links.push(...rootRelativeLinks(item.text, item.format).map((u) => ({ ...u, path: u.url })));
    const reported = new Set<string>();
    for (const link of links) {
      if (isTemplate(link.path) || reported.has(link.url)) continue;
      if (resolveSitePath(context.registry, link.path)) continue;
      reported.add(link.url);
      context.diagnostics.error('validate', {
        ruleId: 'unresolved-site-url',
        reason: `${link.url} points at ${splitPath(link.path).path} on {base_url}, which the build does not emit.`,
        fix: 'Link to a path of the registry (a resource of content/discovery-resources.yaml, a page or a static file), or add the resource there.',
        place: item.place(link.offset),
      });
    }
  }
};
