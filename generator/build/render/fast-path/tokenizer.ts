// The fast path's tokenizer: markdown-it set up to read what remark-parse reads (CommonMark, GFM tables, bare
// text directives), with links kept exactly as written so that its tokens map onto remark-parse's tree.
import MarkdownIt from 'markdown-it';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';

/**
 * A text directive's name as remark-directive reads it: no punctuation, symbol or space; dashes and underscores
 * after the first character, but not last (then it is no directive at all).
 */
const DIRECTIVE_NAME = /^[^\p{P}\p{S}\s](?:[^\p{P}\p{S}\s]|[-_])*/u;

/** The deepest nesting of blocks, or of inline constructs, the fast path claims. */
export const MAX_NESTING = 40;

/** What stops a page from being claimed, found while tokenizing; read by the claim check. */
export interface TokenizeEnv {
  refused?: string;
  references?: Record<string, unknown>;
}

function textDirective(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x3a /* : */) return false;
  // After a colon it is prose ("a::b"); the escaped colon that remark-directive allows is refused by the claim check.
  if (pos > 0 && src.charCodeAt(pos - 1) === 0x3a) return false;
  const match = DIRECTIVE_NAME.exec(src.slice(pos + 1, pos + 200));
  if (!match) return false;
  const name = match[0];
  if (name.length >= 190) {
    (state.env as TokenizeEnv).refused ??= 'a text directive name longer than the fast path reads';
    return false;
  }
  const last = name.charCodeAt(name.length - 1);
  if (last === 0x2d /* - */ || last === 0x5f /* _ */) return false;
  const next = src.charCodeAt(pos + 1 + name.length);
  if (next === 0x3a) return false;
  if (next === 0x5b /* [ */ || next === 0x7b /* { */) {
    // A label or attributes: remark-directive's own rules decide, so the page is left to the reference parser.
    (state.env as TokenizeEnv).refused ??= `text directive with a label or attributes: :${name}`;
    return false;
  }
  if (!silent) {
    const token = state.push('text_directive', '', 0);
    token.content = name;
  }
  state.pos = pos + 1 + name.length;
  return true;
}

/**
 * One tokenizer for every page (markdown-it keeps no state between calls); `directives`: read text directives, as
 * the page parser does, or not, as the parser of generated Markdown does.
 */
export function createTokenizer(directives: boolean): MarkdownIt {
  // markdown-it drops what lies deeper than maxNesting; the claim check refuses pages that come near it.
  const md = new MarkdownIt('commonmark', { html: true, linkify: false, typographer: false });
  (md.options as { maxNesting: number }).maxNesting = MAX_NESTING * 2;
  md.enable('table');
  // remark-parse keeps every destination as written (decoded, not percent-encoded) and refuses none; the
  // safe-output checks judge schemes later on the tree, the same for both parsers.
  md.validateLink = () => true;
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  if (directives) md.inline.ruler.before('text', 'text_directive', textDirective);
  return md;
}
