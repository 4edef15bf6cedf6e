// Over the sitemap limits, /sitemap.xml becomes an index of numbered parts; the limits are injected to force it.
import { describe, expect, it } from 'vitest';
import { makePublicPagesKinds } from '../../../../generator/build/emit/public-pages/kinds.js';
import {
  chunkSitemapUrls,
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
} from '../../../../generator/build/emit/public-pages/sitemap-limits.js';
import { parseXml } from '../../../../generator/build/emit/public-pages/xml-tree.js';
import { kinds as defaultKinds } from '../../../../generator/build/kinds.js';
import { buildShipped, text } from './harness.js';

const locsOf = (xml: string) => {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.reason);
  return { root: parsed.root.local, locs: parsed.root.children.map((c) => c.children[0]!.text) };
};

describe('sitemap limits', () => {
  it('are the protocol limits by default', () => {
    expect([SITEMAP_MAX_URLS, SITEMAP_MAX_BYTES]).toEqual([50_000, 52_428_800]);
  });
  it('split by count and by bytes, keeping order and every URL', () => {
    const urls = ['https://a.example/1', 'https://a.example/2', 'https://a.example/3'];
    expect(chunkSitemapUrls(urls, { maxUrls: 2, maxBytes: SITEMAP_MAX_BYTES })).toEqual([
      urls.slice(0, 2),
      urls.slice(2),
    ]);
    expect(chunkSitemapUrls(urls, { maxUrls: 10, maxBytes: 200 }).flat()).toEqual(urls);
    expect(chunkSitemapUrls(urls, { maxUrls: 10, maxBytes: 200 }).length).toBeGreaterThan(1);
    expect(chunkSitemapUrls([], { maxUrls: 2, maxBytes: 1000 })).toEqual([[]]);
  });
  it('turn the shipped sitemap into an index of parts that together list every page once', async () => {
    const kinds = {
      ...defaultKinds,
      ...makePublicPagesKinds({ sitemapLimits: { maxUrls: 4, maxBytes: SITEMAP_MAX_BYTES } }),
    };
    const build = await buildShipped('production', kinds);
    expect(
      build.diagnostics
        .list()
        .filter((m) => m.ruleId.startsWith('sitemap') || m.ruleId.startsWith('robots') || m.ruleId === 'xml-syntax'),
    ).toEqual([]);
    const pages = build.registry
      .served('site')
      .filter((e) => e.kind === 'html-page')
      .map((e) => build.registry.url(e));
    const index = locsOf(text(build, '/sitemap.xml'));
    expect(index.root).toBe('sitemapindex');
    expect(index.locs).toHaveLength(Math.ceil(pages.length / 4));
    const listed = index.locs.flatMap((loc) => {
      const part = locsOf(text(build, loc.replace(build.model.addresses.base_url, '')));
      expect(part.root).toBe('urlset');
      expect(part.locs.length).toBeLessThanOrEqual(4);
      return part.locs;
    });
    expect(listed).toEqual(pages);
    expect(text(build, '/robots.txt')).toContain(`Sitemap: ${build.model.addresses.base_url}/sitemap.xml`);
  });
});
