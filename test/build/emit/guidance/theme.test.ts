// The theme around every page: one hashed stylesheet, main content first, the section's pages, previous and next,
// the page's contents, and lists that stay short in a section of thousands of pages.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { emitHtmlPage } from '../../../../generator/build/emit/guidance/html-page.js';
import { emitThemeAsset } from '../../../../generator/build/emit/guidance/theme-assets.js';
import {
  SIDEBAR_PAGES,
  headingsOf,
  pageContents,
  sectionNavigation,
  type Section,
} from '../../../../generator/build/emit/guidance/page-navigation.js';
import { Registry } from '../../../../generator/build/registry/registry.js';
import type { RegistryEntry } from '../../../../generator/build/registry/types.js';
import { stringifyHtml } from '../../../../generator/build/render/processor.js';
import { fileHeaders, headerValue } from '../../../../generator/runtime/headers.js';
import { loadShipped, type Loaded } from '../../../helpers/pages.js';

let loaded: Loaded;
beforeAll(async () => {
  loaded = await loadShipped();
}, 60_000);

const emit = (path: string) => String(emitHtmlPage(loaded.registry.get(path)!, loaded.context()));
const stylesheet = () => loaded.registry.ofKind('theme-asset').find((e) => e.path.endsWith('.css'))!;

describe('the stylesheet', () => {
  it('is one file named by a hash of its bytes, linked from every page, served as text/css', () => {
    const entry = stylesheet();
    const bytes = String(emitThemeAsset(entry, loaded.context()));
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
    expect(entry.path).toBe(`/assets/site.${hash}.css`);
    expect(entry.mediaType).toBe('text/css; charset=utf-8');
    expect(loaded.registry.ofKind('theme-asset').filter((e) => e.path.endsWith('.css'))).toHaveLength(1);
    for (const page of loaded.registry.ofKind('html-page')) {
      expect(emit(page.path)).toContain(`<link rel="stylesheet" href="${entry.path}">`);
    }
  });

  it('has a light and a dark colour scheme, and the pages load nothing from another origin', () => {
    const css = String(emitThemeAsset(stylesheet(), loaded.context()));
    expect(css).toMatch(/^:root\{[^}]*--bg:/);
    expect(css).toMatch(/@media \(prefers-color-scheme:dark\)\{:root\{[^}]*--bg:/);
    expect(css).not.toMatch(/@import|url\(|@font-face/);
    for (const page of loaded.registry.ofKind('html-page')) {
      const html = emit(page.path);
      // What a browser fetches by itself: sources and stylesheets; all on this site.
      for (const [, url] of html.matchAll(/\ssrc="([^"]*)"/g)) expect(url).toMatch(/^\/(?!\/)/);
      for (const [tag] of html.matchAll(/<link [^>]*rel="stylesheet"[^>]*>/g)) expect(tag).toMatch(/href="\/(?!\/)/);
    }
  });

  it('is kept for good by every way of serving (its name changes with its bytes)', () => {
    const entry = stylesheet();
    const headers = fileHeaders({ ...entry, isTwin: false });
    expect(headerValue(headers, 'Cache-Control')).toBe('public, max-age=31536000, immutable');
    const page = loaded.registry.get('/mcp')!;
    expect(headerValue(fileHeaders({ ...page, isTwin: false }), 'Cache-Control')).not.toContain('immutable');
  });
});

describe('the copy button', () => {
  it('is a hashed script that only pages with code load, after the page is read', () => {
    const script = loaded.registry.ofKind('theme-asset').find((e) => e.path.endsWith('.js'))!;
    expect(script.mediaType).toBe('text/javascript; charset=utf-8');
    expect(script.path).toMatch(/^\/assets\/site\.[0-9a-f]{12}\.js$/);
    expect(headerValue(fileHeaders({ ...script, isTwin: false }), 'Cache-Control')).toContain('immutable');
    expect(String(emitThemeAsset(script, loaded.context()))).toContain('navigator.clipboard');
    for (const page of loaded.registry.ofKind('html-page')) {
      const html = emit(page.path);
      const tag = `<script src="${script.path}" defer></script>`;
      if (html.includes('<pre')) expect(html, page.path).toContain(tag);
      else expect(html, page.path).not.toContain('<script');
    }
    expect(emit('/mcp')).toContain('<pre');
  });
});

describe('the layout', () => {
  it('puts a skip link first, then the header, then the main content, then the sidebar, then the footer', () => {
    const html = emit('/docs/authentication');
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toMatch(/^<body><a class="skip-link" href="#_content">Skip to content<\/a><header/);
    const at = (s: string) => body.indexOf(s);
    expect(at('<main id="_content"><h1')).toBeGreaterThan(at('</header>'));
    expect(at('<aside')).toBeGreaterThan(at('</main>'));
    expect(at('<footer')).toBeGreaterThan(at('</aside>'));
  });

  it("lists the section's pages in order with the current one marked, and links previous and next", () => {
    const docs = loaded.model.pages.filter((p) => p.section === 'docs');
    expect(docs.length).toBeGreaterThanOrEqual(3);
    const second = docs[1]!;
    const html = emit(second.path);
    const sidebar = html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));
    const listed = [...sidebar.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);
    expect(listed.slice(0, docs.length + 1)).toEqual([
      loaded.registry.url('/docs'),
      ...docs.map((p) => loaded.registry.url(p.path)),
    ]);
    expect(sidebar).toContain(`<a href="${loaded.registry.url(second.path)}" aria-current="page">`);
    const pager = html.slice(html.indexOf('<nav class="pager"'), html.indexOf('<aside'));
    expect(pager).toContain(`href="${loaded.registry.url(docs[0]!.path)}" rel="prev"`);
    expect(pager).toContain(`href="${loaded.registry.url(docs[2]!.path)}" rel="next"`);
    // The section page leads to its first sub-page only; the site navigation marks the section.
    const first = emit('/docs');
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain(`href="${loaded.registry.url(docs[0]!.path)}" rel="next"`);
    expect(html).toContain(`<a href="${loaded.registry.url('/docs')}" aria-current="true">`);
  });

  it('gives a page of three or more sections a table of contents of them, and a shorter page none', () => {
    const toc = pageContents(
      '<h2 id="a"><a href="#a">A &#x26; B</a></h2><h2 id="b">B</h2><h3 id="c">C</h3><h2 id="d">D</h2>',
    )!;
    expect(stringifyHtml({ type: 'root', children: [toc] })).toBe(
      '<nav aria-label="On this page"><h2>On this page</h2><ul><li><a href="#a">A &#x26; B</a></li><li><a href="#b">B</a></li><li><a href="#d">D</a></li></ul></nav>',
    );
    expect(pageContents('<h2 id="a">A</h2><h2 id="b">B</h2>')).toBeUndefined();
    const html = emit('/mcp');
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    for (const { id } of headingsOf(main)) expect(html).toContain(`<li><a href="#${id}">`);
  });

  it('lists a window of a large section around the current page, and the section page for the rest', () => {
    const entry = (path: string, title: string): RegistryEntry =>
      ({ path, title, host: 'site', kind: 'html-page', file: `${path.slice(1)}.html` }) as RegistryEntry;
    const pages = Array.from({ length: 2000 }, (_, i) => entry(`/docs/p${i}`, `Page ${i}`));
    const section: Section = { page: entry('/docs', 'Docs'), pages };
    const registry = new Registry([section.page, ...pages], loaded.model.addresses);
    const nav = stringifyHtml({ type: 'root', children: [sectionNavigation(section, 1001, registry)] });
    const titles = [...nav.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(titles).toHaveLength(SIDEBAR_PAGES + 2);
    expect(titles[0]).toBe('Docs: overview');
    expect(titles).toContain('Page 1000');
    expect(titles.at(-1)).toBe('All 2000 pages of Docs');
    expect(nav.length).toBeLessThan(2000);
  });
});
