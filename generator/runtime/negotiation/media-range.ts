// The Accept header's grammar (RFC 9110 §12.5.1) as regular expressions: which media ranges of a header apply to one
// representation, most specific first. Written once, as sources both JavaScript and nginx's PCRE read alike.

/**
 * A representation the site can send: its media type split into type, subtype and parameters (names lower-cased).
 * Only `charset` may be a parameter: its value compares without regard to case, which the patterns rely on.
 */
export interface Representation {
  type: string;
  subtype: string;
  params: [name: string, value: string][];
}

/** One media range that can apply to a representation, as a pattern over the whole Accept header. */
export interface RangeRule {
  /** What the range names ("text/markdown with its parameters", "*\/*"), for messages and tests. */
  name: string;
  /**
   * True when the range names the representation's own type and subtype (not a wildcard): the client asked for this
   * representation by name.
   */
  named: boolean;
  /**
   * Matches an Accept header in which a range of this kind applies; the first such range in the header is the match,
   * and its quality value is capture group 1 (absent when the range has no weight, which means 1). Read it
   * case-insensitively (JavaScript flag `i`, nginx `~*`); it has no other capturing group.
   */
  pattern: string;
}

/** Whitespace allowed around the list's commas and the parameters' semicolons (RFC 9110 §5.6.3). */
const OWS = '[ \\t]*';
/** RFC 9110 §5.6.2. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** A quoted string with its backslash escapes (RFC 9110 §5.6.4). */
const QUOTED = '"(?:[^"\\\\]|\\\\[\\s\\S])*"';
/** A weight's value (RFC 9110 §12.4.2): at most three decimals, never above 1. The only capturing group. */
const QVALUE = '(0(?:\\.[0-9]{0,3})?|1(?:\\.0{0,3})?)';
/** The end of the header; `$` would also match before a final line feed in PCRE. */
const END = '(?![\\s\\S])';
/**
 * One list element of any content, quoted strings kept whole: what the search skips to reach the next element. An
 * unterminated quoted string cannot be skipped, so no element after it is read (it is part of its element).
 */
const ANY_ELEMENT = `(?:[^,"]|${QUOTED})*`;
/**
 * A weight and what may follow it: RFC 7231's accept extensions, which RFC 9110 dropped and clients still send,
 * are read and ignored. Each space belongs to exactly one place, so a hostile header cannot make the search backtrack
 * exponentially.
 */
const WEIGHT = `;${OWS}q=${QVALUE}${OWS}(?:;${OWS}(?:${TOKEN}(?:=(?:${TOKEN}|${QUOTED}))?${OWS})?)*`;

/** The RFC's media types and ranges as written in source: letters, digits and `!#$&^_.+-`. */
const MEDIA_NAME = /^[A-Za-z0-9!#$&^_.+-]+$/;

/** Parses a media type as the registry writes it ("text/markdown; charset=utf-8"). Throws on anything else. */
export function representationOf(mediaType: string): Representation {
  const [essence = '', ...rest] = mediaType.split(';');
  const [type = '', subtype = '', extra] = essence.trim().toLowerCase().split('/');
  if (!MEDIA_NAME.test(type) || !MEDIA_NAME.test(subtype) || extra !== undefined)
    throw new Error(`"${mediaType}" is not a media type the site can negotiate.`);
  const params = rest.map((part): [string, string] => {
    const [name = '', value = ''] = part.split('=').map((s) => s.trim());
    if (name.toLowerCase() !== 'charset' || !MEDIA_NAME.test(value))
      throw new Error(`"${mediaType}": only a charset parameter can be negotiated, and "${part.trim()}" is not one.`);
    return ['charset', value.toLowerCase()];
  });
  return { type, subtype, params };
}

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A parameter of the representation, as a range may write it: token or quoted string (escapes allowed). */
function paramPattern([name, value]: [string, string]): string {
  const quoted = [...value].map((c) => `(?:${literal(c)}|\\\\${literal(c)})`).join('');
  return `${literal(name)}=(?:${literal(value)}|"${quoted}")`;
}

/**
 * The ranges that can apply to a representation, most specific first (RFC 9110 §12.5.1: "the most specific reference
 * has precedence"): its own type with parameters it has, its own type, `type/*` with parameters, `type/*`,
 * `*\/*` with parameters, `*\/*`. A range applies only when every parameter it names is one the representation has
 * with the same value; empty parameters (`;;`) are allowed by the grammar and ignored.
 */
export function rangeRules(representation: Representation): RangeRule[] {
  const own = `${literal(representation.type)}/${literal(representation.subtype)}`;
  const kinds: [name: string, type: string, named: boolean][] = [
    [`${representation.type}/${representation.subtype}`, own, true],
    [`${representation.type}/*`, `${literal(representation.type)}/\\*`, false],
    ['*/*', '\\*/\\*', false],
  ];
  const empty = `(?:;${OWS})*`;
  const param = representation.params.map(paramPattern).join('|');
  const rules: RangeRule[] = [];
  for (const [name, type, named] of kinds) {
    if (param) {
      const withParams = `${empty};${OWS}(?:${param})${OWS}(?:;${OWS}(?:(?:${param})${OWS})?)*`;
      rules.push({ name: `${name} with its parameters`, named, pattern: element(type, withParams) });
    }
    rules.push({ name, named, pattern: element(type, empty) });
  }
  return rules;
}

/** The first list element that is this range: an element boundary, the range, its weight if any, the element's end. */
function element(type: string, params: string): string {
  return `^(?:${ANY_ELEMENT},)*?${OWS}${type}${OWS}${params}(?:${WEIGHT})?(?=,|${END})`;
}

/** A weight's value in thousandths (RFC 9110 allows three decimals): "0.5" → 500; no weight → 1000. */
export function thousandths(qvalue: string | undefined): number {
  if (qvalue === undefined || qvalue === '') return 1000;
  const [whole = '0', decimals = ''] = qvalue.split('.');
  return Number(whole) * 1000 + Number(decimals.padEnd(3, '0'));
}
