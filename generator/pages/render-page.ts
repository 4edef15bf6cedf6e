// Parses and expands each page once per build; the HTML page, the Markdown twin and llms-full all read this result.
import type { Root } from 'mdast';
import type { Root as HastRoot } from 'hast';
import type { Page } from '../model/types.js';
import type { EmitContext } from '../registry/types.js';
import { expandPage } from './expand.js';
import { pageById } from './page-index.js';
import { pageParser, stringifyMarkdown, toHast } from './processor.js';

export interface RenderedPage {
  page: Page;
  /** The published tree: directives expanded, addresses filled, links absolute, title as H1. */
  tree: Root;
  /** The Markdown twin's text. */
  markdown: string;
  /** The page's content as HTML nodes, before the layout wraps it. */
  hast: HastRoot;
}

export function renderPage(pageId: string, context: EmitContext): RenderedPage {
  return context.memo(`pages:rendered:${pageId}`, () => {
    const page = pageById(context.model, pageId);
    if (!page) throw new Error(`No page ${pageId} in the model`);
    const tree = expandedTree(page, context);
    return { page, tree, markdown: stringifyMarkdown(tree), hast: toHast(tree) };
  });
}

/** A page parsed by the one frozen parser and expanded with the model's facts: the tree every output comes from. */
export function expandedTree(page: Page, context: EmitContext): RenderedPage['tree'] {
  return expandPage({
    page,
    tree: pageParser.parse(page.body),
    model: context.model,
    registry: context.registry,
    diagnostics: context.diagnostics,
  });
}
