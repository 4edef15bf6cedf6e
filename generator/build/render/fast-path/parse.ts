// The fast path: a page body parsed by markdown-it into the tree remark-parse would make, or refused with a reason.
import type { Root } from 'mdast';
import { refusedSource } from './claims.js';
import { Refused, tokensToMdast } from './to-mdast.js';
import { createTokenizer, type TokenizeEnv } from './tokenizer.js';

const tokenizer = createTokenizer();

export type FastParse = { tree: Root; refused?: undefined } | { tree?: undefined; refused: string };

export function fastParse(body: string): FastParse {
  const refused = refusedSource(body);
  if (refused) return { refused };
  const env: TokenizeEnv = {};
  const tokens = tokenizer.parse(body, env);
  if (env.refused) return { refused: env.refused };
  if (env.references && Object.keys(env.references).length > 0) return { refused: 'a link reference definition' };
  try {
    return { tree: tokensToMdast(tokens, body.split('\n')) };
  } catch (error) {
    if (error instanceof Refused) return { refused: error.message };
    throw error;
  }
}
