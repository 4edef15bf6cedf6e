// Parses and expands each page once per build; the HTML page, the Markdown twin and llms-full all read this result.
// Only text is kept: a page's trees are dropped as soon as its two texts are written, so that a build of thousands
// of pages does not hold thousands of trees (at 10,000 pages they made a 2 GB heap, most of it garbage collection).
import type { Root } from 'mdast';
import type { Page } from '../../model/types.js';
import type { EmitContext } from '../registry/types.js';
import { expandPage } from './expand.js';
import { pageById } from './page-index.js';
import { pageParser, stringifyMarkdown, treeToHtml } from './processor.js';

export interface RenderedPage {
  page: Page;
  /** The Markdown twin's text. */
  markdown: string;
  /** The page's content as HTML, before the layout wraps it. */
  html: string;
}

export function renderPage(pageId: string, context: EmitContext): RenderedPage {
  return context.memo(`pages:rendered:${pageId}`, () => {
    const page = pageById(context.model, pageId);
    if (!page) throw new Error(`No page ${pageId} in the model`);
    return renderTexts(page, context);
  });
}

/** Both texts of a page from one expanded tree: the twin is written first, as the HTML conversion may reuse nodes. */
export function renderTexts(page: Page, context: EmitContext): RenderedPage {
  const tree = expandedTree(page, context);
  const markdown = stringifyMarkdown(tree);
  return { page, markdown, html: treeToHtml(tree) };
}

/** A page parsed by the one frozen parser and expanded with the model's facts: the tree every output comes from. */
export function expandedTree(page: Page, context: EmitContext): Root {
  return expandPage({
    page,
    tree: pageParser.parse(page.body),
    model: context.model,
    registry: context.registry,
    diagnostics: context.diagnostics,
  });
}
