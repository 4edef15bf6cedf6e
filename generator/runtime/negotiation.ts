// Markdown content negotiation: when a request for an HTML page is answered with the page's Markdown twin.

/**
 * A request prefers the Markdown twin when its Accept header names `text/markdown` with a quality above zero.
 * The same pattern runs in JavaScript (edge handlers) and in nginx's PCRE (the server block's `map`), so that every
 * way of serving the site decides alike; q-values are not compared beyond "zero means no".
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-12.5.1 (Accept, quality values)
 */
export const MARKDOWN_ACCEPT_PATTERN = 'text/markdown(?![^,]*;\\s*q\\s*=\\s*0(?:\\.0{0,3})?\\s*(?:[,;]|$))';

const pattern = new RegExp(MARKDOWN_ACCEPT_PATTERN, 'i');

export function prefersMarkdown(accept: string | null | undefined): boolean {
  return accept !== null && accept !== undefined && pattern.test(accept);
}
