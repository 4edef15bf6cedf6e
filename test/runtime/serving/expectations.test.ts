// The expectations' checker must be able to fail: each kind of wrong answer is reported, every compared header is
// compared both ways (a header that should be absent fails too), and a folded section relaxes only what it says.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMPARED_HEADERS, foldedFolders, problems, type Expectation } from './expectations.js';

const body = '<p>hi</p>';
const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const none = Object.fromEntries(COMPARED_HEADERS.map((h) => [h, null])) as Expectation['headers'];
const expected: Expectation = {
  name: 'case',
  method: 'GET',
  target: '/mcp',
  status: 200,
  headers: {
    ...none,
    'content-type': 'text/html; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': 'public, max-age=300',
    link: '</.well-known/api-catalog>; rel="api-catalog", </mcp.md>; rel="alternate"; type="text/markdown"',
    vary: 'Accept',
  },
  body: digest(body),
  scope: 'every',
};

function answer(headers: Record<string, string | undefined>, text = body, status = 200) {
  const h = new Headers();
  const all = { ...expected.headers, ...headers } as Record<string, string | null | undefined>;
  for (const [k, v] of Object.entries(all)) if (v !== undefined && v !== null) h.set(k, v);
  return { status, headers: h, body: new TextEncoder().encode(text) };
}

describe('problems()', () => {
  it('accepts a right answer, Link values and Vary tokens in any order', () => {
    expect(problems(expected, answer({}))).toEqual([]);
    const reordered = answer({
      link: '</mcp.md>; rel="alternate"; type="text/markdown", </.well-known/api-catalog>; rel="api-catalog"',
      vary: 'accept',
    });
    expect(problems(expected, reordered)).toEqual([]);
  });

  it.each([
    ['status', answer({}, body, 404), /status 404/],
    ['media type', answer({ 'content-type': 'text/html' }), /content-type/],
    ['nosniff', answer({ 'x-content-type-options': undefined }), /x-content-type-options/],
    [
      'CORS on a page',
      answer({ 'access-control-allow-origin': '*' }),
      /access-control-allow-origin "\*", expected none/,
    ],
    ['cache', answer({ 'cache-control': 'no-store' }), /cache-control/],
    ['a missing Link value', answer({ link: '</mcp.md>; rel="alternate"; type="text/markdown"' }), /link/],
    ['an extra Link value', answer({ link: `${expected.headers.link}, </x>; rel="y"` }), /link/],
    ['Vary', answer({ vary: undefined }), /vary/],
    ['an Allow that should not be there', answer({ allow: 'GET' }), /allow "GET", expected none/],
    ['body', answer({}, '<p>other</p>'), /body differs/],
  ])('reports a wrong %s', (_what, got, message) => {
    expect(problems(expected, got).join('\n')).toMatch(message);
  });

  it("does not compare a redirect's body and media type, each server's own note", () => {
    const redirect: Expectation = { ...expected, status: 308, body: 'any' };
    expect(problems(redirect, answer({ 'content-type': 'text/html' }, '<html>308</html>', 308))).toEqual([]);
  });
});

describe('a folded section', () => {
  it('promises only the media type of a file, which the CDN takes from its extension, and still rejects another', () => {
    const markdown: Expectation = {
      ...expected,
      headers: { ...expected.headers, 'content-type': 'text/markdown; charset=utf-8' },
      contentTypeByExtension: true,
    };
    expect(problems(markdown, answer({ 'content-type': 'text/markdown' }))).toEqual([]);
    expect(problems(markdown, answer({ 'content-type': 'text/markdown; charset=UTF-8' }))).toEqual([]);
    expect(problems(markdown, answer({ 'content-type': 'text/plain; charset=utf-8' })).join()).toMatch(/content-type/);
    expect(
      problems({ ...markdown, contentTypeByExtension: undefined }, answer({ 'content-type': 'text/markdown' })).join(),
    ).toMatch(/content-type/);
  });

  it('is read from the splat rules below the root of `_headers`', () => {
    expect(foldedFolders(['/*', '/help/*', '/mcp', '/_agent/*', '/a/*/b'])).toEqual(['/help/', '/_agent/']);
  });
});
