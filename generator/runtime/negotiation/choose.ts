// Markdown negotiation: whether a request for a page is answered with the page's HTML or with its Markdown twin.
import { rangeRules, representationOf, thousandths, type RangeRule } from './media-range.js';

/**
 * What the site sends when a request ranks the page's HTML and its Markdown twin equally: a fact of the content
 * (`pageNegotiation.onTie`), carried by the serving table.
 */
export type TiePreference = 'page' | 'twin';

/** How much a request accepts one representation (RFC 9110 §12.5.1), and whether it named it or only a wildcard. */
export interface Quality {
  /** The quality value in thousandths: 0 (not acceptable) to 1000. */
  q: number;
  /** True when the range that decided was the representation's own type and subtype, not `type/*` or `*\/*`. */
  named: boolean;
}

const compiled = new Map<string, { rule: RangeRule; regex: RegExp }[]>();

function rulesOf(mediaType: string) {
  let rules = compiled.get(mediaType);
  if (!rules) {
    rules = rangeRules(representationOf(mediaType)).map((rule) => ({ rule, regex: new RegExp(rule.pattern, 'i') }));
    compiled.set(mediaType, rules);
  }
  return rules;
}

/**
 * The quality an Accept header gives a media type: that of the most specific range that applies (the first of its
 * kind in the header), 0 when none does. A list element that does not parse (a weight above 1 or with four decimals,
 * a parameter without a value…) is ignored, as if it were not there.
 */
export function qualityOf(accept: string, mediaType: string): Quality {
  for (const { rule, regex } of rulesOf(mediaType)) {
    const match = regex.exec(accept);
    if (match) return { q: thousandths(match[1]), named: rule.named };
  }
  return { q: 0, named: false };
}

/**
 * The representation of a page to send: the twin when the request ranks it above the HTML; on a tie the site's
 * preference, but the twin only when the request names `text/markdown` itself (a bare `*\/*` or `text/*` is every
 * browser's, crawler's and `curl`'s default and gets the HTML). Without an Accept header, or when neither is acceptable,
 * the HTML page (RFC 9110 lets a server disregard the header instead of answering 406).
 */
export function chooseRepresentation(
  accept: string | null | undefined,
  media: { page: string; twin: string },
  onTie: TiePreference,
): 'page' | 'twin' {
  if (accept === null || accept === undefined) return 'page';
  const page = qualityOf(accept, media.page);
  const twin = qualityOf(accept, media.twin);
  if (twin.q > page.q) return 'twin';
  if (twin.q === page.q && twin.q > 0 && twin.named && onTie === 'twin') return 'twin';
  return 'page';
}

/** Whether a request names a media type with a quality above zero (an event stream: an MCP client's GET). */
export function namesMediaType(accept: string | null | undefined, mediaType: string): boolean {
  if (accept === null || accept === undefined) return false;
  const quality = qualityOf(accept, mediaType);
  return quality.named && quality.q > 0;
}
