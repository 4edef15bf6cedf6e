// The one rule for the URLs a published file links or loads: http, https, mailto and site-relative forms only.
// Applied to the page trees at render (each at its source line) and to the built files (each at its place in dist/).

/** Schemes a published link may use; any other (javascript:, data:, vbscript:, file:…) fails the build. */
export const ALLOWED_URL_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto']);

export const UNSAFE_URL_FIX =
  'Link with http:, https: or mailto:, or to a site path (/help, reading-errors, #section); scripts, data and other schemes are never published.';

/**
 * Why a URL (its character references already decoded) may not be published, or undefined when it may. It is read
 * as a browser reads it (WHATWG URL): ASCII tab and newline dropped anywhere, C0 controls and spaces trimmed at
 * both ends, case ignored, a backslash read as a slash; whatever precedes the first `/`, `?` or `#` and holds a colon
 * is a scheme.
 */
export function unsafeUrlReason(url: string): string | undefined {
  const read = url
    .replace(/[\t\n\r]/g, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers trim exactly these (C0 controls and space).
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/\\/g, '/')
    .toLowerCase();
  if (read.startsWith('//')) return `\`${shown(url)}\` is scheme-relative: it leads to another host`;
  const end = read.search(/[/?#]/);
  const head = end < 0 ? read : read.slice(0, end);
  const colon = head.indexOf(':');
  if (colon < 0) return undefined;
  const scheme = head.slice(0, colon);
  if (ALLOWED_URL_SCHEMES.has(scheme)) return undefined;
  return `\`${shown(url)}\` uses the scheme \`${scheme}:\`; only ${[...ALLOWED_URL_SCHEMES].map((s) => `${s}:`).join(', ')} and site paths are published`;
}

function shown(url: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are shown as spaces in a message.
  const flat = url.replace(/[\u0000-\u001f`]/g, ' ');
  // Cut by code points: a cut between the halves of a surrogate pair would print a broken character.
  const characters = Array.from(flat);
  return characters.length > 60 ? `${characters.slice(0, 59).join('')}…` : flat;
}
