// Which parser reads a page: the fast path (markdown-it's tokens turned into the same tree) when it claims the
// page, remark-parse (the reference) otherwise. Both give the tree the expansion and both writers take.
import type { Root } from 'mdast';
import { fastParse } from './fast-path/parse.js';
import { pageParser } from './processor.js';

export type ParsedBy = 'fast' | 'reference';

let fastPathOn = true;

/** Turns the fast path off or on for this thread (the equivalence tests build the same content both ways). */
export function useFastPath(on: boolean): void {
  fastPathOn = on;
}

/** The two parsers, as one object so that a test can count the calls of each. */
export const pageParsers = {
  /** The fast path's tree, or undefined when it is off or does not claim the page. */
  fast(body: string): Root | undefined {
    return fastPathOn ? fastParse(body).tree : undefined;
  },
  /** The reference tree: exact places for messages, and every construct remark-parse reads. */
  reference(body: string): Root {
    return pageParser.parse(body);
  },
  /** Generated Markdown read without directives (the llms files): the fast path's tree, or undefined. */
  plain(text: string): Root | undefined {
    return fastPathOn ? fastParse(text, 'plain').tree : undefined;
  },
  /**
   * The blocks of generated Markdown, as `plain` reads them, but with GFM's autolink literals and strikethrough left
   * in the text: a tree for checks that judge blocks and what starts them, not inline content; or undefined.
   */
  plainBlocks(text: string): Root | undefined {
    return fastPathOn ? fastParse(text, 'plain-blocks').tree : undefined;
  },
};
