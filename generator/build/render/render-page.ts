// Parses and expands each page once per build; the HTML page, the Markdown twin and llms-full all read this result.
// Only text is kept: a page's trees are dropped as soon as its two texts are written, so that a build of thousands
// of pages does not hold thousands of trees (at 10,000 pages they made a 2 GB heap, most of it garbage collection).
import type { Root } from 'mdast';
import type { Page } from '../../model/types.js';
import type { EmitContext } from '../registry/types.js';
import { expandPage } from './expand.js';
import { pageById } from './page-index.js';
import { treeToHtml } from './processor.js';
import { writeTwin } from './twin-writer.js';
import { Diagnostics } from '../messages/diagnostics.js';
import { pageParsers, type ParsedBy } from './parse-page.js';
import { SMALL_PAGE_CHARS, TIME_BUDGET_MS } from '../content/limits.js';
import { TimeBudgetExceeded, withinTimeBudget } from '../content/time-budget.js';

export interface RenderedPage {
  page: Page;
  /** The Markdown twin's text. */
  markdown: string;
  /** The twin's SHA-256 (hex), when the render cache made or kept it: who needs only to know it is the same reads this. */
  markdownSha256?: string;
  /** The page's content as HTML, before the layout wraps it. */
  html: string;
  /** Which parser read the page (see parse-page.ts). */
  parsedBy: ParsedBy;
}

export function renderPage(pageId: string, context: EmitContext): RenderedPage {
  return context.memo(`pages:rendered:${pageId}`, () => {
    const page = pageById(context.model, pageId);
    if (!page) throw new Error(`No page ${pageId} in the model`);
    return renderTexts(page, context);
  });
}

/**
 * Both texts of a page from one expanded tree: the twin is written first, as the HTML conversion may reuse nodes.
 * The whole render runs within the page's time budget; a page that passes it, or that makes any step throw, is
 * reported at the page (never as a stack trace) and renders as nothing, and the build fails.
 */
export function renderTexts(page: Page, context: EmitContext, options: { timeBudgetMs?: number } = {}): RenderedPage {
  const budgetMs = options.timeBudgetMs ?? TIME_BUDGET_MS;
  const render = (): RenderedPage => {
    const { tree, parsedBy } = expandedPage(page, context);
    const markdown = writeTwin(tree);
    return { page, markdown, html: treeToHtml(tree, siteOrigin(context)), parsedBy };
  };
  try {
    if (page.body.length > SMALL_PAGE_CHARS) return withinTimeBudget(budgetMs, render);
    const started = performance.now();
    const rendered = render();
    if (performance.now() - started > budgetMs) throw new TimeBudgetExceeded(budgetMs);
    return rendered;
  } catch (error) {
    const budget = error instanceof TimeBudgetExceeded;
    context.diagnostics.error('emit', {
      ruleId: budget ? 'time-budget-exceeded' : 'page-render-failed',
      reason: budget
        ? `Rendering this page took longer than ${error.budgetMs} ms and was stopped.`
        : error instanceof RangeError
          ? 'This page is nested too deeply to be rendered.'
          : `This page could not be rendered: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}.`,
      fix: budget
        ? 'Simplify the page: split very long lists and tables, fewer reference definitions; or split it into several pages.'
        : 'Simplify the page (fewer nested levels, shorter constructs); if it looks right, report this message.',
      place: page.source,
    });
    return { page, markdown: '', html: '', parsedBy: 'reference' };
  }
}

/** The origin of the site's own pages: links to anything else are external. */
export function siteOrigin(context: EmitContext): string {
  return new URL(context.model.addresses.base_url).origin;
}

/** A page parsed and expanded with the model's facts: the tree every output comes from. */
export function expandedTree(page: Page, context: EmitContext): Root {
  return expandedPage(page, context).tree;
}

/**
 * The fast path's tree when it claims the page and the expansion finds nothing to say; otherwise the reference
 * parser's, expanded again so that every message carries remark-parse's exact place.
 */
function expandedPage(page: Page, context: EmitContext): { tree: Root; parsedBy: ParsedBy } {
  const expand = (tree: Root, diagnostics: Diagnostics) =>
    expandPage({ page, tree, model: context.model, registry: context.registry, diagnostics });
  const fast = pageParsers.fast(page.body);
  if (fast) {
    const heard = new Diagnostics();
    const tree = expand(fast, heard);
    if (heard.all().length === 0) return { tree, parsedBy: 'fast' };
  }
  return { tree: expand(pageParsers.reference(page.body), context.diagnostics), parsedBy: 'reference' };
}
