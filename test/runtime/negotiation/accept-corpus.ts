// A corpus of Accept headers: what real clients send, the RFC's cases, and seeded random lists built from well-formed
// and malformed pieces, so that the runtime, the oracle and nginx can be compared on the same headers.
import { mulberry32, pick as pickFrom } from '../../../bench/synthetic/random.js';

/** What browsers, crawlers, agents and tools send (agents' headers as they were observed in 2026). */
export const REAL_HEADERS = [
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  '*/*',
  'text/markdown, text/html, */*',
  'text/markdown, text/plain;q=0.9, */*;q=0.8',
  'text/html, */*',
  'application/json, text/event-stream',
  'text/markdown',
  'text/plain',
  'application/json',
];

/** The cases the issue, the RFC and the decisions of the README name. */
export const RFC_HEADERS = [
  'text/markdown, text/html',
  'text/html, text/markdown;q=0.5',
  'text/html;q=0.5, text/markdown',
  'text/markdown;q=0, text/html',
  'text/markdown;q=0.000',
  'text/*;q=0.3, text/html;q=0.7, text/html;level=1, text/html;level=2;q=0.4, */*;q=0.5',
  'text/*, text/plain, text/plain;format=flowed, */*',
  'text/*',
  'text/*;q=0.8, text/markdown;q=0',
  'text/html;q=0, */*',
  'text/html;q=0.9, */*',
  'text/markdown;charset=utf-8;q=0.9, text/markdown;q=0.1, text/html;q=0.5',
  'text/markdown;charset="UTF-8", text/html',
  'text/markdown;variant=GFM, text/html;q=0.5',
  'text/markdown;q=2, text/html;q=0.5',
  'text/markdown;q=0.5555, text/html;q=0.5',
  'text/markdown;q=1.001',
  'text/markdown;q = 0.5',
  'text/markdown;Q=0.6, text/html;q=0.6',
  'text/markdown ; q=0.7 , text/html;q=0.6',
  'text/markdown;q=0.5;level=1, text/html;q=0.4',
  'text/markdown;foo, text/html;q=0.1',
  'text/markdown;;q=0.9, text/html;q=0.8',
  'text/markdown;q="0.9", text/html;q=0.8',
  '*/markdown, text/html;q=0.1',
  'text/html;x="a,text/markdown,b", text/plain',
  'text/html;x="unterminated, text/markdown',
  'text/markdown;ext="a\\"b";q=1, text/html',
  ',,, text/markdown ,,',
  '',
  ' ',
  'text/markdown;q=0.',
  'text/markdown;q=1.',
  'TEXT/MARKDOWN;Q=1.000, TEXT/HTML;Q=1',
  'text/markdown;q=0.8, text/markdown;q=0.2, text/html;q=0.5',
];

const TYPES = [
  'text/markdown',
  'text/html',
  'text/*',
  '*/*',
  'Text/Markdown',
  'TEXT/HTML',
  'application/json',
  'text/plain',
  'text/event-stream',
  '*/markdown',
  'text /markdown',
  'text/markdown x',
  'markdown',
  '',
];
const PARAMS = [
  'charset=utf-8',
  'charset="utf-8"',
  'charset=UTF-8',
  'charset="utf\\-8"',
  'charset=latin1',
  'level=1',
  'variant=GFM',
  '',
  'foo',
  'charset = utf-8',
];
const WEIGHTS = [
  'q=0',
  'q=0.0',
  'q=0.000',
  'q=0.5',
  'q=0.50',
  'q=0.123',
  'q=0.999',
  'q=0.001',
  'q=1',
  'q=1.0',
  'q=1.000',
  'q=0.',
  'q=1.',
  'Q=0.7',
  'q=0.1234',
  'q=1.001',
  'q=2',
  'q=.5',
  'q = 0.5',
  'q="0.5"',
  'q=',
];
const EXTENSIONS = ['ext', 'ext=1', 'ext="a,b"', 'ext="x\\"y"', '', 'x="unterminated'];
const SPACES = ['', '', '', ' ', '  ', '\t'];

/** `count` random headers of one to five elements, from the pieces above, joined with random whitespace. */
export function randomHeaders(count: number, seed = 11): string[] {
  // Seeded, so that a failure names a header that can be tried again.
  const next = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => pickFrom(next, list);
  const headers: string[] = [];
  for (let n = 0; n < count; n++) {
    const elements: string[] = [];
    const length = 1 + Math.floor(next() * 5);
    for (let e = 0; e < length; e++) {
      let element = pick(SPACES) + pick(TYPES);
      const params = Math.floor(next() * 3);
      for (let p = 0; p < params; p++) element += `${pick(SPACES)};${pick(SPACES)}${pick(PARAMS)}`;
      if (next() < 0.6) element += `${pick(SPACES)};${pick(SPACES)}${pick(WEIGHTS)}`;
      if (next() < 0.15) element += `${pick(SPACES)};${pick(SPACES)}${pick(EXTENSIONS)}`;
      elements.push(element + pick(SPACES));
    }
    headers.push(elements.join(','));
  }
  return headers;
}
