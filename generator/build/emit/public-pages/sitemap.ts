// /sitemap.xml: the sitemap of the public pages; once over the protocol's limits, an index plus numbered parts.
// The emitter is synchronous and the `sitemap` package only streams (SitemapStream is a Node Transform), so the XML
// is written here from the protocol; the package supplies the URL limit and checks each <loc> (validateURL).
import { validateURL } from 'sitemap';
import type { DerivedEntry, EmitContext, RegistryEntry } from '../../registry/types.js';
import type { Model } from '../../../model/types.js';
import type { Registry } from '../../registry/registry.js';
import { sitePages } from './site-pages.js';
import {
  chunkSitemapUrls,
  sitemapPartPath,
  urlElement,
  URLSET_CLOSE,
  URLSET_OPEN,
  type SitemapLimits,
} from './sitemap-limits.js';
import { escapeXml, SITEMAP_NAMESPACE, XML_DECLARATION } from './xml.js';

/** The main sitemap entry (the one content names), as opposed to the numbered parts it derives. */
export function mainSitemap(registry: Registry): RegistryEntry | undefined {
  const all = registry.ofKind('sitemap');
  return all.find((e) => !all.some((other) => other !== e && isPartOf(e.path, other.path)));
}

function isPartOf(path: string, mainPath: string): boolean {
  const stem = mainPath.replace(/\.xml$/, '');
  return path.startsWith(`${stem}-`) && /^-[1-9][0-9]*\.xml$/.test(path.slice(stem.length));
}

/** Page URLs in registry order, as the sitemap lists them. */
export function sitemapUrls(registry: Registry): string[] {
  return sitePages(registry).map((e) => registry.url(e));
}

/**
 * The parts a split needs, known before the registry exists: the page paths the registry will list
 * (HTML resources of the content and section sub-pages), with the same split as the emitter uses.
 */
export function deriveSitemapParts(model: Model, limits: SitemapLimits): DerivedEntry[] {
  const main = model.discoveryResources.find((r) => r.kind === 'sitemap');
  if (!main) return [];
  const paths = [
    ...model.discoveryResources.filter((r) => r.kind === 'html-page' && !r.aliasOf).map((r) => r.path),
    ...model.pages.filter((p) => p.section).map((p) => p.path),
  ];
  const chunks = chunkSitemapUrls(
    paths.map((p) => model.addresses.base_url + p),
    limits,
  );
  if (chunks.length <= 1) return [];
  return chunks.map((_, i) => ({
    path: sitemapPartPath(main.path, i + 1),
    group: main.group,
    title: `${main.title}, part ${i + 1}`,
    purpose: `Part ${i + 1} of ${chunks.length} of the sitemap; ${main.path} is their index.`,
    audience: main.audience,
    inContract: false,
    source: main.source,
  }));
}

export function makeSitemapEmitter(limits: SitemapLimits) {
  return function emitSitemap(entry: RegistryEntry, context: EmitContext): string {
    const { registry } = context;
    const main = mainSitemap(registry);
    // Once per build, not once per sitemap file: a catalog's split lists every page URL in each pass.
    const chunks = context.memo(`public-pages:sitemap-chunks:${limits.maxUrls}:${limits.maxBytes}`, () => {
      const split = chunkSitemapUrls(sitemapUrls(registry), limits);
      for (const chunk of split) for (const url of chunk) validateURL(url, 'loc');
      return split;
    });
    if (entry === main || !main) {
      if (chunks.length <= 1) return urlset(chunks[0] ?? []);
      return sitemapIndex(chunks.map((_, i) => registry.url(sitemapPartPath(entry.path, i + 1))));
    }
    const n = Number(/-(\d+)\.xml$/.exec(entry.path)?.[1] ?? 0);
    return urlset(chunks[n - 1] ?? []);
  };
}

function urlset(urls: string[]): string {
  return URLSET_OPEN + urls.map(urlElement).join('') + URLSET_CLOSE;
}

function sitemapIndex(parts: string[]): string {
  const items = parts.map((loc) => `  <sitemap>\n    <loc>${escapeXml(loc)}</loc>\n  </sitemap>\n`).join('');
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${items}</sitemapindex>\n`;
}
