// Emits an HTML page: the page's rendered content inside the shared layout.
import type { Emitter } from '../../registry/types.js';
import { renderPage } from '../../render/render-page.js';
import { layoutHtml, layoutLinks, layoutTemplate } from './layout.js';

export const emitHtmlPage: Emitter = (entry, context) => {
  if (!entry.page) throw new Error(`${entry.path} is an HTML page without a source page`);
  const rendered = renderPage(entry.page, context);
  const serviceName = context.model.identity.name;
  const links = context.memo('pages:layout-links', () => layoutLinks(context.registry));
  const template = context.memo('pages:layout-template', () => layoutTemplate(serviceName, context.registry, links));
  const input = { entry, page: rendered.page, serviceName, registry: context.registry, links, content: rendered.html };
  return `${layoutHtml(template, input)}\n`;
};

/** Extensionless pages are served from `<path>.html`, so /mcp.html and the folder /mcp/ (for /mcp/llms.txt) coexist. */
export function htmlFileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\//, '')}.html`;
}
