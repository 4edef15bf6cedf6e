// Finds every URL a built file links or loads, with its offset: the URL attributes of HTML tags (character
// references decoded as a browser decodes them) and the link destinations of Markdown. Read by the URL rule
// (safe-urls.ts) on the built files, whatever made them.
import { parseEntities } from 'parse-entities';

export interface LinkTarget {
  url: string;
  offset: number;
}

/** HTML attributes whose value a browser follows or loads as a URL. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'srcset',
  'imagesrcset',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'data',
  'cite',
  'background',
  'ping',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'manifest',
  'codebase',
  'archive',
  'usemap',
  'icon',
]);

/**
 * A start tag as the HTML tokenizer reads it: attributes are separated by whitespace or "/" (or nothing, after a
 * quoted value); a name is anything up to whitespace, "/", ">" or "="; a quoted value may hold ">"; an unquoted one
 * runs to whitespace or ">". Each name and unquoted value is read whole (the lookaheads), so a tag that never closes
 * fails in one pass instead of trying every way to split its words.
 */
const NAME = String.raw`[^\s/>][^\s/>=]*(?![^\s/>=])`;
const VALUE = String.raw`\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"'][^\s>]*(?![^\s>])|(?=>))`;
const TAG = new RegExp(String.raw`<[a-zA-Z][^\s/>]*(?:[\s/]*${NAME}(?:${VALUE}|(?!\s*=)))*[\s/]*>`, 'g');
const ATTRIBUTE = /([^\s/>][^\s/>=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"'][^\s>]*)))?/dg;

/**
 * Whether a tag may hold a URL attribute: its text names one in some case (names are read with `toLowerCase`, which
 * the Unicode-aware ignore-case match covers: the Kelvin sign is a "k"). A tag that names none, such as each of the
 * thousands of spans of highlighted code, is not read attribute by attribute.
 */
const NAMES_A_URL_ATTRIBUTE = new RegExp([...URL_ATTRIBUTES].join('|'), 'iu');

export function htmlLinkTargets(html: string): LinkTarget[] {
  const found: LinkTarget[] = [];
  for (const tag of html.matchAll(TAG)) {
    const text = tag[0];
    if (!NAMES_A_URL_ATTRIBUTE.test(text)) continue;
    const nameEnd = text.search(/[\s/>]/);
    for (const attribute of text.slice(nameEnd).matchAll(ATTRIBUTE)) {
      const name = attribute[1]!.toLowerCase();
      const group = attribute[2] !== undefined ? 2 : attribute[3] !== undefined ? 3 : 4;
      const raw = attribute[group];
      if (raw === undefined || !URL_ATTRIBUTES.has(name)) continue;
      const offset = tag.index + nameEnd + attribute.indices![group]![0];
      const value = raw.includes('&') ? parseEntities(raw, { attribute: true }) : raw;
      if (name === 'srcset' || name === 'imagesrcset') {
        // Image candidates: a URL, then an optional descriptor, separated by commas.
        for (const candidate of value.split(',')) {
          const url = candidate.trim().split(/\s+/)[0];
          if (url) found.push({ url, offset });
        }
      } else found.push({ url: value, offset });
    }
  }
  return found;
}

/**
 * Markdown link and image destinations, autolinks and link reference definitions; a bracket escaped with a backslash
 * (an even number of backslashes before it is not an escape) is text, not syntax. A label that starts with "^" defines
 * a footnote (GFM), whose text is prose, not a destination.
 */
const UNESCAPED = String.raw`(?<=(?:^|[^\\])(?:\\\\)*)`;
const MARKDOWN_LINK = new RegExp(
  `${UNESCAPED}\\]\\(\\s*<?([^()\\s<>]+)|${UNESCAPED}<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^<>\\s]*)>|^ {0,3}\\[(?!\\^)[^\\]\\n]+\\]:\\s*<?([^\\s>]+)`,
  'dgm',
);

export function markdownLinkTargets(text: string): LinkTarget[] {
  const found: LinkTarget[] = [];
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const group = match[1] !== undefined ? 1 : match[2] !== undefined ? 2 : 3;
    const url = match[group]!;
    found.push({ url: url.includes('&') ? parseEntities(url) : url, offset: match.indices![group]![0] });
  }
  return found;
}
