// The frozen unified processors of the page family: one parser for every page, and the writers of its two outputs.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkStringify from 'remark-stringify';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import type { Root } from 'mdast';
import type { Root as HastRoot } from 'hast';

/** Parses a page body: GFM (tables) plus directives (`::controls`), which pull the contract's facts from the model. */
export const pageParser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();

/** Parses generated Markdown (llms files) for checks; no directives, so a colon in prose stays prose. */
export const plainParser = unified().use(remarkParse).use(remarkGfm).freeze();

/**
 * Writes the Markdown twin. Directives are expanded before this runs, so the writer needs no directive syntax
 * (with it, every colon in prose would be escaped).
 */
export const markdownWriter = unified()
  .use(remarkStringify, { bullet: '-', emphasis: '_', strong: '*', fences: true, rule: '-', listItemIndent: 'one' })
  .use(remarkGfm)
  .freeze();

/** Turns the expanded tree into HTML; raw HTML in pages is not passed through (pages are Markdown only). */
const htmlProcessor = unified().use(remarkRehype).use(rehypeStringify).freeze();

/** A page's content as HTML nodes. The tree is handed over: the conversion may share its nodes, so use it no more after. */
export function treeToHast(tree: Root): HastRoot {
  return htmlProcessor.runSync(tree) as HastRoot;
}

/** A page's content as HTML, from a tree handed over as to `treeToHast`. */
export function treeToHtml(tree: Root): string {
  return htmlProcessor.stringify(treeToHast(tree));
}

export function stringifyHtml(tree: HastRoot): string {
  return htmlProcessor.stringify(tree);
}

export function stringifyMarkdown(tree: Root): string {
  return markdownWriter.stringify(tree);
}
