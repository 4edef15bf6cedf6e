// Markdown negotiation in-process: the RFC 9110 cases, the site's tie rule, malformed headers, and agreement with a
// plain element-by-element reading of the header on a large corpus.
import { describe, expect, it } from 'vitest';
import {
  chooseRepresentation,
  namesMediaType,
  qualityOf,
  type TiePreference,
} from '../../../generator/runtime/negotiation/choose.js';
import { rangeRules, representationOf, thousandths } from '../../../generator/runtime/negotiation/media-range.js';
import { REAL_HEADERS, RFC_HEADERS, randomHeaders } from './accept-corpus.js';
import { oracleChoice, oracleQuality } from './accept-oracle.js';

const HTML = 'text/html; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';
const media = { page: HTML, twin: MARKDOWN };
const choose = (accept: string | null, onTie: TiePreference = 'twin') => chooseRepresentation(accept, media, onTie);

describe('the choice between a page and its Markdown twin', () => {
  it.each([
    // The two headers on which the ways of serving disagreed.
    ['text/markdown, text/html', 'twin', 'a tie, Markdown named: the site prefers the twin'],
    ['text/html, text/markdown;q=0.5', 'page', 'HTML ranks higher; Markdown is acceptable but lower'],
    // What agents send.
    ['text/markdown, text/html, */*', 'twin', 'a tie, Markdown named'],
    ['text/markdown, text/plain;q=0.9, */*;q=0.8', 'twin', 'Markdown 1, HTML 0.8 through */*'],
    // Browsers, crawlers and curl.
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'page', 'HTML 1, Markdown 0.8'],
    ['*/*', 'page', 'a bare */* is a tie through a wildcard: the HTML'],
    ['text/*', 'page', 'text/* is a tie through a wildcard: the HTML'],
    // q-values decide, not the order.
    ['text/html;q=0.5, text/markdown', 'twin', 'Markdown 1 above HTML 0.5'],
    ['text/markdown;q=0.4, text/html;q=0.5', 'page', 'HTML 0.5 above Markdown 0.4'],
    ['text/markdown;q=0.501, text/html;q=0.5', 'twin', 'three decimals count'],
    // Specificity: the most specific range decides.
    ['text/*;q=0.8, text/markdown;q=0', 'page', 'text/markdown;q=0 overrides text/*'],
    ['text/markdown;q=0.1, text/*', 'page', 'text/markdown names a lower q than text/* gives HTML'],
    ['text/html;q=0, */*', 'twin', 'HTML refused; the twin is acceptable through */*'],
    ['text/html;q=0.9, */*', 'twin', '*/* gives Markdown 1, above HTML 0.9'],
    [
      'text/markdown;charset=utf-8;q=0.9, text/markdown;q=0.1, text/html;q=0.5',
      'twin',
      'the parameter is more specific',
    ],
    ['text/markdown;charset="UTF-8", text/html', 'twin', 'charset compares without case, quoted or not'],
    [
      'text/markdown;variant=GFM, text/html;q=0.5',
      'page',
      'a parameter the twin does not carry: the range does not apply',
    ],
    ['text/markdown;q=0.8, text/markdown;q=0.2, text/html;q=0.5', 'twin', 'of two equal ranges, the first'],
    // q=0 means "not acceptable".
    ['text/markdown;q=0, text/html', 'page', 'Markdown refused'],
    ['text/markdown;q=0.000', 'page', 'refused, and HTML not named: neither acceptable, the HTML'],
    ['text/markdown;q=0, text/html;q=0', 'page', 'neither acceptable: the server disregards the header'],
    // Malformed elements are ignored.
    ['text/markdown;q=2, text/html;q=0.5', 'page', 'a weight above 1'],
    ['text/markdown;q=0.5555, text/html;q=0.5', 'page', 'four decimals'],
    ['text/markdown;q = 0.5', 'page', 'spaces around "="'],
    ['text/markdown;q="0.9", text/html;q=0.8', 'page', 'a quoted weight'],
    ['text/markdown;foo, text/html;q=0.1', 'page', 'a parameter without a value'],
    ['*/markdown, text/html;q=0.1', 'page', 'a wildcard type with a named subtype'],
    ['text/html;x="a,text/markdown,b", text/plain', 'page', 'a comma inside a quoted string splits nothing'],
    ['text/html;x="unterminated, text/markdown', 'page', 'an unterminated quoted string runs to the end'],
    // Well-formed corners.
    ['text/markdown ; q=0.7 , text/html;q=0.6', 'twin', 'whitespace around ";" and ","'],
    ['text/markdown;Q=0.6, text/html;q=0.6', 'twin', '"Q" is "q"'],
    ['text/markdown;;q=0.9, text/html;q=0.8', 'twin', 'an empty parameter'],
    ['text/markdown;q=0.5;level=1, text/html;q=0.4', 'twin', 'an extension after the weight is ignored'],
    ['text/markdown;ext="a\\"b";q=1, text/html', 'page', 'a parameter the twin does not carry, before the weight'],
    [',,, text/markdown ,,', 'twin', 'empty list elements'],
    ['TEXT/MARKDOWN;Q=1.000, TEXT/HTML;Q=1', 'twin', 'names compare without case'],
    ['text/markdown;q=1., text/html;q=0.', 'twin', 'a trailing point is allowed'],
    ['', 'page', 'an empty header accepts nothing'],
  ])('%j → %s (%s)', (accept, expected) => {
    expect(choose(accept)).toBe(expected);
  });

  it('sends the HTML page without an Accept header (a client that accepts anything)', () => {
    expect(choose(null)).toBe('page');
  });

  it('sends the HTML page on a tie when the site prefers the page', () => {
    expect(choose('text/markdown, text/html', 'page')).toBe('page');
    expect(choose('text/markdown', 'page')).toBe('twin');
    expect(choose('text/html;q=0.5, text/markdown', 'page')).toBe('twin');
  });
});

describe('qualityOf', () => {
  it('takes the weight of the most specific range, and says whether it named the type', () => {
    const accept = 'text/*;q=0.3, text/html;q=0.7, text/html;level=1, text/html;level=2;q=0.4, */*;q=0.5';
    // RFC 9110 §12.5.1's own example: text/html (no level) gets 0.7, text/plain 0.3, image/jpeg 0.5.
    expect(qualityOf(accept, HTML)).toEqual({ q: 700, named: true });
    expect(qualityOf(accept, 'text/plain')).toEqual({ q: 300, named: false });
    expect(qualityOf(accept, 'image/jpeg')).toEqual({ q: 500, named: false });
    expect(qualityOf('application/json', MARKDOWN)).toEqual({ q: 0, named: false });
  });

  it('reads weights in thousandths', () => {
    expect(['0', '0.', '0.5', '0.05', '0.005', '1', '1.000', undefined].map(thousandths)).toEqual([
      0, 0, 500, 50, 5, 1000, 1000, 1000,
    ]);
  });

  it('finds an MCP client by its event-stream range, not by a wildcard', () => {
    expect(namesMediaType('application/json, text/event-stream', 'text/event-stream')).toBe(true);
    expect(namesMediaType('text/event-stream;q=0, */*', 'text/event-stream')).toBe(false);
    expect(namesMediaType('*/*', 'text/event-stream')).toBe(false);
    expect(namesMediaType(null, 'text/event-stream')).toBe(false);
  });

  it('takes linear time on a hostile header', () => {
    const hostile = `text/markdown${' ;'.repeat(4000)}x, ${'"\\'.repeat(2000)}`;
    const started = performance.now();
    for (const type of [HTML, MARKDOWN]) qualityOf(hostile, type);
    // Generous: a backtracking blow-up takes seconds or never ends; a linear scan takes well under a millisecond.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('the patterns', () => {
  it('refuse a media type that cannot be negotiated', () => {
    expect(() => representationOf('text/markdown; variant=GFM')).toThrow(/charset/);
    expect(() => representationOf('text')).toThrow(/not a media type/);
    expect(representationOf('Text/Markdown; Charset=UTF-8')).toEqual({
      type: 'text',
      subtype: 'markdown',
      params: [['charset', 'utf-8']],
    });
  });

  it('order the ranges most specific first, each with one capturing group', () => {
    const rules = rangeRules(representationOf(MARKDOWN));
    expect(rules.map((r) => [r.name, r.named])).toEqual([
      ['text/markdown with its parameters', true],
      ['text/markdown', true],
      ['text/* with its parameters', false],
      ['text/*', false],
      ['*/* with its parameters', false],
      ['*/*', false],
    ]);
    for (const rule of rules) expect(new RegExp(`${rule.pattern}|`).exec('')!.length).toBe(2);
  });
});

describe('agreement with an element-by-element reading of the header', () => {
  const corpus = [...REAL_HEADERS, ...RFC_HEADERS, ...randomHeaders(4000)];

  it('gives every media type the same quality on the whole corpus', () => {
    const differ: string[] = [];
    for (const accept of corpus) {
      for (const type of [HTML, MARKDOWN, 'text/event-stream']) {
        const got = qualityOf(accept, type);
        const want = oracleQuality(accept, type);
        if (got.q !== want.q || got.named !== want.named)
          differ.push(`${JSON.stringify(accept)} ${type}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
      }
    }
    expect(differ.slice(0, 10)).toEqual([]);
  });

  it('chooses alike for both tie preferences', () => {
    for (const onTie of ['twin', 'page'] as const) {
      const differ = corpus.filter((a) => choose(a, onTie) !== oracleChoice(a, HTML, MARKDOWN, onTie));
      expect(differ.slice(0, 10)).toEqual([]);
    }
  });

  it('is a corpus that exercises both answers and malformed elements', () => {
    const choices = corpus.map((a) => choose(a));
    expect(choices.filter((c) => c === 'twin').length).toBeGreaterThan(500);
    expect(choices.filter((c) => c === 'page').length).toBeGreaterThan(500);
  });
});
