// The expectations' checker must be able to fail: each kind of wrong answer is reported.
import { describe, expect, it } from 'vitest';
import { foldedFolders, problems, type Expectation } from './expectations.js';

const expected: Expectation = {
  name: 'case',
  method: 'GET',
  target: '/mcp',
  status: 200,
  contentType: 'text/html; charset=utf-8',
  cors: null,
  cacheControl: 'public, max-age=300',
  links: ['</.well-known/api-catalog>; rel="api-catalog"'],
  varyAccept: true,
  body: { bytes: new TextEncoder().encode('<p>hi</p>') },
};

const good = {
  'content-type': 'text/html; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=300',
  link: '</.well-known/api-catalog>; rel="api-catalog", </mcp.md>; rel="alternate"; type="text/markdown"',
  vary: 'Accept',
};

function answer(headers: Record<string, string | undefined>, body = '<p>hi</p>', status = 200) {
  const h = new Headers();
  for (const [k, v] of Object.entries({ ...good, ...headers })) if (v !== undefined) h.set(k, v);
  return { status, headers: h, body: new TextEncoder().encode(body) };
}

describe('problems()', () => {
  it('accepts a right answer', () => {
    expect(problems(expected, answer({}))).toEqual([]);
  });

  it.each([
    ['status', answer({}, '<p>hi</p>', 404), /status 404/],
    ['media type', answer({ 'content-type': 'text/html' }), /Content-Type/],
    ['nosniff', answer({ 'x-content-type-options': undefined }), /X-Content-Type-Options/],
    ['CORS on a page', answer({ 'access-control-allow-origin': '*' }), /Access-Control-Allow-Origin/],
    ['cache', answer({ 'cache-control': 'no-store' }), /Cache-Control/],
    ['Link', answer({ link: '</mcp.md>; rel="alternate"' }), /lacks/],
    ['Vary', answer({ vary: undefined }), /Vary/],
    ['body', answer({}, '<p>other</p>'), /body differs/],
  ])('reports a wrong %s', (_what, got, message) => {
    expect(problems(expected, got).join('\n')).toMatch(message);
  });

  it('reports an answer that is not the API error envelope, or has another code', () => {
    const error: Expectation = {
      ...expected,
      status: 404,
      contentType: 'application/json',
      cors: undefined,
      cacheControl: undefined,
      links: undefined,
      varyAccept: undefined,
      body: { errorCode: 'page_not_found', errorStatus: 404 },
    };
    const json = (body: unknown) => answer({ 'content-type': 'application/json' }, JSON.stringify(body), 404);
    expect(
      problems(error, json({ error: { code: 'page_not_found', message: 'm', resolution: 'r', status: 404 } })),
    ).toEqual([]);
    expect(problems(error, json({ message: 'not found' })).join()).toMatch(/envelope/);
    expect(
      problems(error, json({ error: { code: 'other', message: 'm', resolution: 'r', status: 404 } })).join(),
    ).toMatch(/error.code/);
    expect(problems(error, answer({ 'content-type': 'application/json' }, 'Not found', 404)).join()).toMatch(
      /not JSON/,
    );
  });

  it('reports a body on HEAD and a JSON body that differs', () => {
    expect(problems({ ...expected, method: 'HEAD', body: { empty: true } }, answer({})).join()).toMatch(
      /HEAD answered/,
    );
    const json: Expectation = {
      ...expected,
      contentType: 'application/json',
      links: undefined,
      varyAccept: undefined,
      body: { json: { a: 1 } },
    };
    expect(problems(json, answer({ 'content-type': 'application/json' }, '{"a":2}'))).toHaveLength(1);
  });
});

describe('a folded section', () => {
  it('promises only the media type of a file, which the CDN takes from its extension, and still rejects another', () => {
    const markdown: Expectation = {
      ...expected,
      contentType: 'text/markdown; charset=utf-8',
      contentTypeByExtension: true,
      body: undefined,
    };
    expect(problems(markdown, answer({ 'content-type': 'text/markdown' }))).toEqual([]);
    expect(problems(markdown, answer({ 'content-type': 'text/markdown; charset=UTF-8' }))).toEqual([]);
    expect(problems(markdown, answer({ 'content-type': 'text/plain; charset=utf-8' })).join()).toMatch(/Content-Type/);
    expect(
      problems({ ...markdown, contentTypeByExtension: undefined }, answer({ 'content-type': 'text/markdown' })).join(),
    ).toMatch(/Content-Type/);
  });

  it('is read from the splat rules below the root of `_headers`', () => {
    expect(foldedFolders(['/*', '/help/*', '/mcp', '/_agent/*', '/a/*/b'])).toEqual(['/help/', '/_agent/']);
  });
});
