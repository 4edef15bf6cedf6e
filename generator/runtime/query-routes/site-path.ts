// Reads the `path` query parameter of the page-context route: only a plain site path may reach the context files.
// Each rule is a pattern nginx's PCRE reads as JavaScript does, so that every way of serving refuses alike.

/** Longest `path` parameter accepted; real page paths are far shorter, and a bound keeps hostile input cheap. */
export const MAX_SITE_PATH_LENGTH = 1024;

export type SitePathCheck =
  | { ok: true; path: string }
  | { ok: false; code: 'missing_path' | 'invalid_path'; problem: string };

/** The one escape decoded: forms and `URLSearchParams` send every "/" as `%2F`. A page's path needs no other. */
export const ENCODED_SLASH = '%2[Ff]';

/** A "/" as sent: the raw parameter may carry it encoded. nginx, which does not decode it, matches with this. */
export const SLASH_AS_SENT = `(?:/|${ENCODED_SLASH})`;

/**
 * Why a parameter is not a site path (400), tested in this order on the parameter as it was sent, anything after a "?"
 * cut off (a page's URL with its query names the page) and `%2F` decoded. Any other escape is left as it is: it names
 * no published page, so the answer is a 404. `slash` is how a "/" is matched: "/" in the decoded path, `SLASH_AS_SENT`
 * in the parameter as sent (the same refusals, since "%2F" is the only escape decoded).
 */
export function sitePathRefusals(slash = '/'): readonly { pattern: string; problem: string }[] {
  return [
    { pattern: '[\\x00-\\x1f\\x7f]', problem: 'The path contains control characters.' },
    {
      pattern: '^[A-Za-z][A-Za-z0-9+.-]*:',
      problem: 'The path is an absolute URL; give a site path such as /pricing.',
    },
    { pattern: `^(?!${slash})`, problem: 'The path does not start with "/"; give a site path such as /pricing.' },
    { pattern: '\\\\', problem: 'The path contains a backslash.' },
    { pattern: `${slash}${slash}`, problem: 'The path contains "//".' },
    {
      pattern: `(?:^|${slash})\\.\\.?(?:${slash}|(?![\\s\\S]))`,
      problem: 'The path contains a "." or ".." segment.',
    },
  ];
}

const refusals = sitePathRefusals().map((r) => ({ regex: new RegExp(r.pattern), problem: r.problem }));

/**
 * A query parameter as it was sent: the first `name=` of the query (the name compared without case, as nginx's
 * `$arg_name` does), its value not decoded; null when there is none.
 */
export function rawQueryParameter(search: string, name: string): string | null {
  const wanted = `${name.toLowerCase()}=`;
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (part.slice(0, wanted.length).toLowerCase() === wanted) return part.slice(wanted.length);
  }
  return null;
}

/** The site path a raw `path` parameter names, trailing "/" dropped; or why it is refused. */
export function checkSitePath(raw: string | null | undefined): SitePathCheck {
  if (raw === null || raw === undefined || raw === '') {
    return { ok: false, code: 'missing_path', problem: 'The `path` query parameter is missing or empty.' };
  }
  if (raw.length > MAX_SITE_PATH_LENGTH) {
    return { ok: false, code: 'invalid_path', problem: `The path is longer than ${MAX_SITE_PATH_LENGTH} characters.` };
  }
  let path = raw.replace(/\?[\s\S]*$/, '').replace(new RegExp(ENCODED_SLASH, 'g'), '/');
  const refused = refusals.find((r) => r.regex.test(path));
  if (refused) return { ok: false, code: 'invalid_path', problem: refused.problem };
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { ok: true, path };
}
