// Quoting for nginx configuration strings: what a generated value must look like so nginx reads it back unchanged.

/** The variable the server block defines to stand for a literal "$" (nginx strings have no escape for it). */
export const DOLLAR_VARIABLE = 'discovery_site_dollar';

/**
 * A single-quoted nginx string whose value, once nginx has read it and expanded variables, is `text` exactly:
 * backslashes and quotes are escaped, and "$" is written as a variable holding "$".
 */
export function nginxString(text: string): string {
  const escaped = text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\$/g, `\${${DOLLAR_VARIABLE}}`);
  return `'${escaped}'`;
}

/** A single-quoted nginx string for a directive that takes it literally (a `location` path: no variables there). */
export function nginxLiteral(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * A regular expression (with its `~` or `~*`) as a double-quoted nginx string: nginx reads `\\` as one backslash and
 * `\"` as a quote, so every backslash and quote is escaped and PCRE gets the source exactly.
 */
export function nginxPattern(source: string): string {
  return `"${source.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
