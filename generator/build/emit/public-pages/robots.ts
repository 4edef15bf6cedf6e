// /robots.txt: crawler rules with the absolute locations of the sitemap and the schema map (RFC 9309 plus NLWeb).
import type { EmitContext, RegistryEntry } from '../../registry/types.js';
import { mainSitemap } from './sitemap.js';

export function emitRobots(_entry: RegistryEntry, context: EmitContext): string {
  const { registry, model } = context;
  const sitemap = mainSitemap(registry);
  const schemamaps = registry.ofKind('schemamap').filter((e) => !e.aliasOf);
  // Data files behind query routes are for the handlers, not for search results.
  const dataDirs = [
    ...new Set(
      registry
        .of('site')
        .filter((e) => e.dataFor)
        .map((e) => `/${e.file.slice(0, e.file.lastIndexOf('/') + 1)}`),
    ),
  ].filter((dir) => dir !== '/');
  return [
    `# Crawler rules for ${model.addresses.base_url}: every public page and discovery resource may be read.`,
    'User-agent: *',
    'Allow: /',
    ...dataDirs.map((dir) => `Disallow: ${dir}`),
    '',
    ...(sitemap ? [`Sitemap: ${registry.url(sitemap)}`] : []),
    ...schemamaps.map((e) => `Schemamap: ${registry.url(e)}`),
    '',
  ].join('\n');
}
