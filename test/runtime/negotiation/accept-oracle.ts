// An Accept header read the plain way, element by element (RFC 9110 §12.5.1), written for the tests and sharing
// nothing with the runtime's patterns: the reference the runtime and nginx are both held to.

interface Range {
  type: string;
  subtype: string;
  /** Parameters before the weight, names lower-cased, values unquoted. */
  params: [string, string][];
  q: number;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;

/** The list's elements: split at commas outside quoted strings; an unterminated quoted string runs to the end. */
export function splitElements(header: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const c = header[i]!;
    if (quoted) {
      current += c;
      if (c === '\\' && i + 1 < header.length) current += header[++i];
      else if (c === '"') quoted = false;
    } else if (c === ',') {
      out.push(current);
      current = '';
    } else {
      current += c;
      if (c === '"') quoted = true;
    }
  }
  out.push(current);
  return out;
}

/** A reader over one element: the grammar's pieces, each returning undefined when the text does not continue so. */
class Reader {
  constructor(
    private text: string,
    public at = 0,
  ) {}
  done(): boolean {
    return this.at >= this.text.length;
  }
  spaces(): void {
    while (this.text[this.at] === ' ' || this.text[this.at] === '\t') this.at++;
  }
  char(c: string): boolean {
    if (this.text[this.at] !== c) return false;
    this.at++;
    return true;
  }
  token(): string | undefined {
    const match = TOKEN.exec(this.text.slice(this.at));
    if (!match) return undefined;
    this.at += match[0].length;
    return match[0];
  }
  quoted(): string | undefined {
    if (this.text[this.at] !== '"') return undefined;
    let value = '';
    for (let i = this.at + 1; i < this.text.length; i++) {
      const c = this.text[i]!;
      if (c === '\\' && i + 1 < this.text.length) value += this.text[++i];
      else if (c === '"') {
        this.at = i + 1;
        return value;
      } else value += c;
    }
    return undefined;
  }
  value(): string | undefined {
    return this.token() ?? this.quoted();
  }
}

/** One element as a range, or undefined when it does not parse (it is then ignored). */
export function parseRange(element: string): Range | undefined {
  const r = new Reader(element);
  r.spaces();
  if (r.done()) return undefined;
  const type = r.token();
  if (!type || !r.char('/')) return undefined;
  const subtype = r.token();
  if (!subtype) return undefined;
  const params: [string, string][] = [];
  let q: number | undefined;
  r.spaces();
  while (!r.done()) {
    if (!r.char(';')) return undefined;
    r.spaces();
    if (r.done() || element[r.at] === ';') continue;
    const name = r.token();
    if (!name) return undefined;
    if (q !== undefined) {
      // An accept extension after the weight: read and ignored.
      if (r.char('=') && r.value() === undefined) return undefined;
    } else {
      if (!r.char('=')) return undefined;
      const value = r.value();
      if (value === undefined) return undefined;
      if (name.toLowerCase() === 'q') {
        // A weight is a bare qvalue, never a quoted string.
        if (!/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) || element[r.at - 1] === '"') return undefined;
        q = Math.round(Number(value.endsWith('.') ? value.slice(0, -1) : value) * 1000);
      } else params.push([name.toLowerCase(), value]);
    }
    r.spaces();
  }
  return { type: type.toLowerCase(), subtype: subtype.toLowerCase(), params, q: q ?? 1000 };
}

export interface Offered {
  type: string;
  subtype: string;
  params: [string, string][];
}

export function offered(mediaType: string): Offered {
  const [essence = '', ...rest] = mediaType.split(';');
  const [type = '', subtype = ''] = essence.trim().toLowerCase().split('/');
  return {
    type,
    subtype,
    params: rest.map((p) => {
      const [name = '', value = ''] = p.split('=').map((s) => s.trim().toLowerCase());
      return [name, value];
    }),
  };
}

/** How specific a range is for a representation it applies to; undefined when it does not apply. */
function specificity(range: Range, what: Offered): number | undefined {
  const anyType = range.type === '*' && range.subtype === '*';
  const sameType = range.type === what.type;
  if (!anyType && !sameType) return undefined;
  if (!anyType && range.subtype !== '*' && range.subtype !== what.subtype) return undefined;
  for (const [name, value] of range.params) {
    // The site's media types carry only charset, whose value compares without regard to case.
    if (!what.params.some(([n, v]) => n === name && v === value.toLowerCase())) return undefined;
  }
  const level = anyType ? 0 : range.subtype === '*' ? 1 : 2;
  return level * 2 + (range.params.length > 0 ? 1 : 0);
}

/** The quality of a media type: the most specific applying range's, the first of equals; 0 when none applies. */
export function oracleQuality(header: string, mediaType: string): { q: number; named: boolean } {
  const what = offered(mediaType);
  let best: { level: number; q: number } | undefined;
  for (const element of splitElements(header)) {
    const range = parseRange(element);
    if (!range) continue;
    const level = specificity(range, what);
    if (level === undefined) continue;
    if (!best || level > best.level) best = { level, q: range.q };
  }
  return best ? { q: best.q, named: best.level >= 4 } : { q: 0, named: false };
}

/** The oracle's choice between a page and its twin, with the rule the README states. */
export function oracleChoice(header: string | null, page: string, twin: string, onTie: 'page' | 'twin') {
  if (header === null) return 'page';
  const p = oracleQuality(header, page);
  const t = oracleQuality(header, twin);
  if (t.q > p.q) return 'twin';
  if (t.q === p.q && t.q > 0 && t.named && onTie === 'twin') return 'twin';
  return 'page';
}
