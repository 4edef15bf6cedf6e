// The not-found page: content/pages/404.md published as 404.html (the file a CDN sends for a path it has no file at)
// and 404.md, listed nowhere a reader looks for pages; without the page, nothing of it is built.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../../../generator/build/pipeline.js';
import { copyContent, runShipped } from '../../../helpers/pages.js';

describe('the not-found page', () => {
  it('is built from content/pages/404.md into 404.html and 404.md at the root of the site, in the layout', async () => {
    const result = await runShipped();
    expect(result.diagnostics.hasErrors).toBe(false);
    const html = result.artifacts!.get('site', '404.html');
    const twin = result.artifacts!.get('site', '404.md');
    expect(html && twin).toBeTruthy();
    const page = result.artifacts!.text(html!);
    expect(page).toMatch(/^<!doctype html>/i);
    expect(page).toContain('<title>Page not found');
    expect(page).toContain('<nav');
    // Served at any depth: every link of the page is absolute, from the site's root or within the page.
    const links = [...page.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    expect(links.filter((h) => !/^(https?:|\/|#)/.test(h))).toEqual([]);
    expect(result.artifacts!.text(twin!)).toMatch(/^# Page not found\n/);
  }, 60_000);

  it('is listed nowhere readers look for pages: no sitemap, llms file, navigation or page context names it', async () => {
    const result = await runShipped();
    const listing = result
      .artifacts!.values()
      .filter((a) => a.entry.host === 'site' && !['404.html', '404.md', '_headers'].includes(a.entry.file));
    const naming = listing.filter((a) => /\/404(\.html|\.md)?\b/.test(result.artifacts!.text(a)));
    expect(naming.map((a) => a.entry.file)).toEqual([]);
    expect(result.registry!.entries.filter((e) => e.page === '404').map((e) => e.kind)).toEqual([
      'not-found-page',
      'not-found-markdown',
    ]);
  }, 60_000);

  it('is not built, and the build still passes, when the content has no 404.md', async () => {
    const content = await copyContent();
    try {
      await rm(join(content.contentDir, 'pages', '404.md'));
      const result = await runPipeline({ env: 'production', contentDir: content.contentDir });
      expect(result.diagnostics.hasErrors).toBe(false);
      expect(result.artifacts!.get('site', '404.html')).toBeUndefined();
      expect(result.registry!.entries.some((e) => e.kind.startsWith('not-found'))).toBe(false);
    } finally {
      await content.cleanup();
    }
  }, 60_000);
});
