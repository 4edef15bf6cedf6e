// Emits a Markdown twin: the same expanded tree as the HTML page, written back as Markdown.
import type { Emitter } from '../../registry/types.js';
import { renderPage } from '../../render/render-page.js';

export const emitMarkdown: Emitter = (entry, context) => {
  if (!entry.page) throw new Error(`${entry.path} is a Markdown twin without a source page`);
  return renderPage(entry.page, context).markdown;
};
