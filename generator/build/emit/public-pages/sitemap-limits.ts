// The sitemap protocol's limits per file, and how a list of page URLs is split into files that respect them.
import { LIMITS } from 'sitemap';
import { escapeXml, SITEMAP_NAMESPACE, XML_DECLARATION } from './xml.js';

/** @see https://www.sitemaps.org/protocol.html#index ("no more than 50,000 URLs") — the `sitemap` package's constant. */
export const SITEMAP_MAX_URLS: number = LIMITS.MAX_URL_ENTRIES;
/** @see https://www.sitemaps.org/protocol.html#index ("no larger than 50MB (52,428,800 bytes)", uncompressed) */
export const SITEMAP_MAX_BYTES = 52_428_800;

export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}

export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: SITEMAP_MAX_URLS, maxBytes: SITEMAP_MAX_BYTES };

export const URLSET_OPEN = `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n`;
export const URLSET_CLOSE = '</urlset>\n';

export function urlElement(url: string): string {
  return `  <url>\n    <loc>${escapeXml(url)}</loc>\n  </url>\n`;
}

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** Splits absolute page URLs into as few files as the limits allow, keeping their order. */
export function chunkSitemapUrls(urls: readonly string[], limits: SitemapLimits): string[][] {
  const frame = bytes(URLSET_OPEN) + bytes(URLSET_CLOSE);
  const chunks: string[][] = [];
  let current: string[] = [];
  let size = frame;
  for (const url of urls) {
    const add = bytes(urlElement(url));
    if (current.length > 0 && (current.length >= limits.maxUrls || size + add > limits.maxBytes)) {
      chunks.push(current);
      current = [];
      size = frame;
    }
    current.push(url);
    size += add;
  }
  if (current.length > 0 || chunks.length === 0) chunks.push(current);
  return chunks;
}

/** The path of part n of a split sitemap: /sitemap.xml → /sitemap-1.xml. */
export function sitemapPartPath(mainPath: string, n: number): string {
  return mainPath.replace(/(\.xml)?$/, `-${n}.xml`);
}
