// The HTML page emitter: the shared layout's head links, navigation and discovery-resource footer, and its output file.
import { beforeAll, describe, expect, it } from 'vitest';
import { emitHtmlPage, htmlFileOf } from '../../../../generator/build/emit/guidance/html-page.js';
import { layout, layoutLinks } from '../../../../generator/build/emit/guidance/layout.js';
import { expandedTree, siteOrigin } from '../../../../generator/build/render/render-page.js';
import { stringifyHtml, treeToHast } from '../../../../generator/build/render/processor.js';
import { loadShipped, type Loaded } from '../../../helpers/pages.js';

let loaded: Loaded;
beforeAll(async () => {
  loaded = await loadShipped();
}, 60_000);

const emit = (path: string) => {
  const context = loaded.context();
  const entry = loaded.registry.get(path)!;
  return { html: String(emitHtmlPage(entry, context)), entry, context };
};

/** The attributes of every <link> in the head, by rel. */
function headLinks(html: string): Map<string, Record<string, string>> {
  const head = html.slice(0, html.indexOf('</head>'));
  const links = new Map<string, Record<string, string>>();
  for (const [, attrs] of head.matchAll(/<link ([^>]*)>/g)) {
    const record = Object.fromEntries([...attrs!.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    links.set(record.rel!, record);
  }
  return links;
}

describe('html-page', () => {
  it('serves extensionless paths from <path>.html, so /mcp.html and the folder /mcp/ coexist', () => {
    expect(htmlFileOf('/')).toBe('index.html');
    expect(htmlFileOf('/mcp')).toBe('mcp.html');
    expect(htmlFileOf('/help/reading-errors')).toBe('help/reading-errors.html');
    expect(loaded.registry.get('/mcp')!.file).toBe('mcp.html');
  });

  it('has the title, description, canonical URL, Markdown alternate and API catalog link', () => {
    const { html, entry } = emit('/mcp');
    const page = loaded.model.pages.find((p) => p.id === 'mcp')!;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`<title>${page.title} · ${loaded.model.identity.name}</title>`);
    expect(html).toContain(`<meta name="description" content="${page.description}">`);
    const links = headLinks(html);
    expect(links.get('canonical')?.href).toBe(`${loaded.model.addresses.base_url}/mcp`);
    expect(links.get('alternate')).toEqual({
      rel: 'alternate',
      type: 'text/markdown',
      href: loaded.registry.url(entry.twin!),
    });
    expect(links.get('api-catalog')?.href).toBe('/.well-known/api-catalog');
  });

  it('links every top-level page in the navigation and every contract resource in the footer', () => {
    const { html } = emit('/help');
    for (const entry of loaded.registry.ofKind('html-page').filter((e) => !e.page!.includes('/'))) {
      expect(html).toContain(`href="${loaded.registry.url(entry)}"`);
    }
    const footer = html.slice(html.indexOf('<footer'));
    for (const entry of loaded.registry.entries.filter(
      (e) => e.inContract && e.host === 'site' && !e.aliasOf && !e.query,
    )) {
      expect(footer).toContain(`href="${loaded.registry.url(entry)}"`);
    }
  });

  it('renders a sub-page with the page content expanded (no directive or placeholder left)', () => {
    const { html, context } = emit('/help/connect-mcp-client');
    expect(context.diagnostics.list()).toEqual([]);
    expect(html).toContain('<h1 id="connecting-an-mcp-client">Connecting an MCP client</h1>');
    expect(html).toContain(`${loaded.model.addresses.mcp_url}/mcp`);
    expect(html).not.toMatch(/::|\{(base|mcp|auth|api)_url\}/);
  });

  it('fills the layout text made once per build to the bytes of the whole layout tree, on every page', () => {
    const context = loaded.context();
    const links = layoutLinks(loaded.registry);
    const serviceName = loaded.model.identity.name;
    const entries = loaded.registry.ofKind('html-page');
    // Top-level pages (marked current in the navigation), sub-pages, and the home page are all there.
    expect(entries.some((e) => e.page?.includes('/'))).toBe(true);
    expect(entries.some((e) => links.pages.includes(e))).toBe(true);
    for (const entry of entries) {
      const page = loaded.model.pages.find((p) => p.id === entry.page)!;
      const content = treeToHast(expandedTree(page, context), siteOrigin(context));
      const whole = stringifyHtml(layout({ entry, page, serviceName, registry: loaded.registry, content, links }));
      expect(String(emitHtmlPage(entry, context))).toBe(`${whole}\n`);
    }
  });

  it('renders the preview addresses in a preview build', async () => {
    const preview = await loadShipped('preview');
    const html = String(emitHtmlPage(preview.registry.get('/mcp')!, preview.context()));
    expect(html).toContain(`href="${preview.model.addresses.base_url}/mcp"`);
    expect(html).not.toContain(loaded.model.addresses.base_url);
  });
});
