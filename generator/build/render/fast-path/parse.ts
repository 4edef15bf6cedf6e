// The fast path: a page body parsed by markdown-it into the tree remark-parse would make, or refused with a reason.
import type { Root } from 'mdast';
import { refusedSource } from './claims.js';
import { Refused, tokensToMdast } from './to-mdast.js';
import { createTokenizer, type TokenizeEnv } from './tokenizer.js';

const tokenizers = { page: createTokenizer(true), plain: createTokenizer(false) };

export type FastParse = { tree: Root; refused?: undefined } | { tree?: undefined; refused: string };

/**
 * `page`: the syntax of pages (GFM and directives), as remark-parse with remark-gfm and remark-directive reads it;
 * `plain`: the same without directives (generated Markdown such as the llms files); `plain-blocks`: the same blocks,
 * with text that may hold GFM's autolink literals or strikethrough kept as text (for checks of the blocks only).
 */
export function fastParse(body: string, syntax: 'page' | 'plain' | 'plain-blocks' = 'page'): FastParse {
  const refused = refusedSource(body);
  if (refused) return { refused };
  const env: TokenizeEnv = {};
  const tokens = tokenizers[syntax === 'page' ? 'page' : 'plain'].parse(body, env);
  if (env.refused) return { refused: env.refused };
  if (env.references && Object.keys(env.references).length > 0) return { refused: 'a link reference definition' };
  try {
    return { tree: tokensToMdast(tokens, body.split('\n'), syntax === 'page', syntax === 'plain-blocks') };
  } catch (error) {
    if (error instanceof Refused) return { refused: error.message };
    throw error;
  }
}
