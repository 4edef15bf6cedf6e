// Writes plain text into generated Markdown (the llms files) so that it reads as the same text and never as syntax.

/**
 * The characters that open inline Markdown syntax (links, images, raw HTML and autolinks, code, emphasis,
 * strikethrough, character references, escapes), each escaped with a backslash (CommonMark: any ASCII punctuation
 * may be). An underscore inside a word opens nothing (search_products), so it stays as written. For one-line texts
 * placed after a list marker, a heading's `#` or a quote's `>`: nowhere at the start of a line, where `>`, `#` or
 * `-` would open a block (a `>` elsewhere closes only what a `<` opened).
 */
const OPENS_SYNTAX = /[\\`*[\]<&~]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;

export function markdownText(text: string): string {
  return text.replace(OPENS_SYNTAX, '\\$&');
}
