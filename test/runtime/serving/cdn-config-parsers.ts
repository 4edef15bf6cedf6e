// Readers of `_headers` and `_redirects` as Netlify and Cloudflare Pages document them, written for the tests from
// the documented syntax (not from our emitter), so that the files are checked the way the CDNs will read them.

export type Dialect = 'netlify' | 'cloudflare';

export interface HeaderRule {
  pattern: string;
  line: number;
  headers: [string, string][];
  /** Cloudflare's `! Name`: headers removed from earlier matches. */
  detach: string[];
}

/**
 * Netlify and Cloudflare Pages: a rule starts with an unindented path (or absolute URL); its headers follow on
 * indented `Name: value` lines; `#` starts a comment line. Anything else is an error.
 */
export function parseHeadersFile(text: string, dialect: Dialect): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '' || raw.trim().startsWith('#')) return;
    if (!/^\s/.test(raw)) {
      if (!raw.startsWith('/') && !/^https?:\/\//.test(raw))
        throw new Error(`line ${line}: a rule must start with a path: ${raw}`);
      rules.push({ pattern: raw.trim(), line, headers: [], detach: [] });
      return;
    }
    const rule = rules.at(-1);
    if (!rule) throw new Error(`line ${line}: a header before any path`);
    const body = raw.trim();
    if (dialect === 'cloudflare' && body.startsWith('!')) {
      rule.detach.push(body.slice(1).trim());
      return;
    }
    const colon = body.indexOf(':');
    if (colon <= 0) throw new Error(`line ${line}: not "Name: value": ${body}`);
    const name = body.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new Error(`line ${line}: not a header name: ${name}`);
    rule.headers.push([name, body.slice(colon + 1).trim()]);
  });
  return rules;
}

/** A rule's path pattern as a regular expression: `*` is a splat, `:name` a placeholder for one segment. */
function patternRegex(pattern: string): RegExp {
  const path = pattern.replace(/^https?:\/\/[^/]+/, '');
  const source = path
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** The rules that match a path, in file order. */
export function rulesFor(rules: HeaderRule[], path: string): HeaderRule[] {
  return rules.filter((rule) => patternRegex(rule.pattern).test(path));
}

/** The headers a path gets: every matching rule in order; a header set by several rules has its values joined. */
export function headersFor(rules: HeaderRule[], path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of rules) {
    if (!patternRegex(rule.pattern).test(path)) continue;
    for (const name of rule.detach) out.delete(name.toLowerCase());
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      out.set(key, out.has(key) ? `${out.get(key)}, ${value}` : value);
    }
  }
  return out;
}

export interface RedirectRule {
  from: string;
  /** Netlify only: query parameters the request must carry. */
  query: Record<string, string>;
  to: string;
  status: number;
  line: number;
}

export interface ParsedRedirects {
  rules: RedirectRule[];
  /** Lines the CDN rejects and skips. */
  invalid: { line: number; text: string }[];
}

const CLOUDFLARE_STATUSES = new Set([200, 301, 302, 303, 307, 308]);

/**
 * Netlify: `from [name=value …] to [status][!]`. Cloudflare Pages: `source destination [status]`, with no query
 * matching; a line that does not fit is skipped.
 */
export function parseRedirectsFile(text: string, dialect: Dialect): ParsedRedirects {
  const parsed: ParsedRedirects = { rules: [], invalid: [] };
  for (const [index, raw] of text.split('\n').entries()) {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const fields = trimmed.split(/\s+/);
    const reject = () => parsed.invalid.push({ line, text: trimmed });
    if (dialect === 'cloudflare') {
      if (fields.length < 2 || fields.length > 3 || !fields[0]!.startsWith('/')) {
        reject();
        continue;
      }
      const status = fields[2] === undefined ? 302 : Number(fields[2]);
      if (!CLOUDFLARE_STATUSES.has(status) || fields[1]!.includes('=') || !/^(\/|https?:\/\/)/.test(fields[1]!)) {
        reject();
        continue;
      }
      parsed.rules.push({ from: fields[0]!, query: {}, to: fields[1]!, status, line });
      continue;
    }
    const [from, ...rest] = fields;
    const query: Record<string, string> = {};
    while (rest.length > 0 && /^[^/=]+=/.test(rest[0]!)) {
      const [name, value] = rest.shift()!.split('=', 2) as [string, string];
      query[name] = value;
    }
    const [to, status] = rest;
    if (!from?.startsWith('/') || !to || rest.length > 2) {
      reject();
      continue;
    }
    const code = status === undefined ? 301 : Number(status.replace(/!$/, ''));
    if (!Number.isInteger(code)) {
      reject();
      continue;
    }
    parsed.rules.push({ from, query, to, status: code, line });
  }
  return parsed;
}
