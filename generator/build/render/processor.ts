// The frozen unified processors of the page family: one parser for every page, and the writers of its two outputs.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkStringify from 'remark-stringify';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import rehypeSlug from 'rehype-slug';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import { VFile } from 'vfile';
import { rehypePageRegions, selfLinkedHeading, type PageFileData } from './rehype-page.js';
import { rehypeHighlightCode } from './highlight.js';
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

/**
 * Turns the expanded tree into HTML; raw HTML in pages is not passed through (pages are Markdown only). What follows
 * the conversion works on HTML nodes, so it holds whatever parses the Markdown: code is highlighted, headings get
 * stable ids (the words of the heading, GitHub's way) and are links to themselves, tables and code scroll on their
 * own, external links are marked.
 */
const htmlProcessor = unified()
  .use(remarkRehype)
  .use(rehypeHighlightCode)
  .use(rehypeSlug)
  .use(rehypeAutolinkHeadings, { behavior: 'wrap', test: selfLinkedHeading })
  .use(rehypePageRegions)
  .use(rehypeStringify)
  .freeze();

/**
 * A page's content as HTML nodes. The tree is handed over: the conversion may share its nodes, so use it no more after.
 * `siteOrigin` is the site's own origin: links elsewhere are marked external.
 */
export function treeToHast(tree: Root, siteOrigin?: string): HastRoot {
  const data: PageFileData = { siteOrigin };
  return htmlProcessor.runSync(tree, new VFile({ data: data as Record<string, unknown> })) as HastRoot;
}

/** A page's content as HTML, from a tree handed over as to `treeToHast`. */
export function treeToHtml(tree: Root, siteOrigin?: string): string {
  return htmlProcessor.stringify(treeToHast(tree, siteOrigin));
}

export function stringifyHtml(tree: HastRoot): string {
  return htmlProcessor.stringify(tree);
}

export function stringifyMarkdown(tree: Root): string {
  return markdownWriter.stringify(tree);
}
