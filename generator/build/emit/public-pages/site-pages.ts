// The site's public pages, as the registry lists them: what the route families, page contexts and sitemap cover.
import type { Registry } from '../../registry/registry.js';
import type { RegistryEntry } from '../../registry/types.js';

/**
 * HTML pages served by the site. The sitemap flag is the registry's word for "a human page"; an `html-page` entry
 * counts even if its kind does not set the flag, so that no page is left out of the catalog or the sitemap.
 */
export function sitePages(registry: Registry): RegistryEntry[] {
  return registry.served('site').filter((e) => !e.aliasOf && (e.inSitemap || e.kind === 'html-page'));
}
