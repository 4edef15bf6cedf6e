// The shared runtime: the site-path check, the route matcher, and the two answers handlers give.
import { describe, expect, it } from 'vitest';
import {
  answerPageContext,
  checkSitePath,
  contextFileOf,
  contextUrlPathOf,
  findRouteFamily,
  isQueryRoute,
  MAX_SITE_PATH_LENGTH,
  type PageContext,
  type PageContextData,
  type RouteFamily,
} from '../../../generator/runtime/query-routes/index.js';

const family = (id: string, pattern: string): RouteFamily => ({
  id,
  pattern,
  type: 'WebPage',
  title: id,
  description: `${id} pages`,
  examplePaths: [],
  rules: [],
});
const context = (path: string, routeFamily: string): PageContext => ({
  path,
  canonicalUrl: `https://www.example.com${path}`,
  title: path,
  description: 'A page.',
  type: 'WebPage',
  routeFamily,
  rules: ['Read-only.'],
  resources: [],
});
const data: PageContextData = {
  route: '/api/agent/page-context',
  baseUrl: 'https://www.example.com',
  routeFamilies: [family('help-article', '/help/{slug}'), family('help', '/help'), family('home', '/')],
  contexts: '/_agent/page-context{path}.json',
};
/** The context files as a handler finds them, by their site path; every read is recorded. */
const files = new Map<string, PageContext>([
  ['/_agent/page-context/.json', context('/', 'home')],
  ['/_agent/page-context/help.json', context('/help', 'help')],
  ['/_agent/page-context/help/start.json', context('/help/start', 'help-article')],
]);
const reads: string[] = [];
const read = (file: string) => {
  reads.push(file);
  return files.get(file);
};
const answer = (path: string | null) => answerPageContext(data, path, read);

describe('checkSitePath', () => {
  it('accepts site paths, dropping a trailing slash and a query, decoding only "%2F"', () => {
    expect(checkSitePath('/pricing')).toEqual({ ok: true, path: '/pricing' });
    expect(checkSitePath('/help/')).toEqual({ ok: true, path: '/help' });
    expect(checkSitePath('/')).toEqual({ ok: true, path: '/' });
    expect(checkSitePath('/pricing?ref=x')).toEqual({ ok: true, path: '/pricing' });
    expect(checkSitePath('%2Fhelp%2fstart%2F')).toEqual({ ok: true, path: '/help/start' });
  });

  it('leaves every other escape as it is: such a path names no published page', () => {
    for (const raw of ['/help/st%61rt', '/help/%2e%2e/secret', '/a%0Ab', '/a%E0%A4%A'])
      expect(checkSitePath(raw)).toEqual({ ok: true, path: raw });
  });
  it.each([
    [null, /missing or empty/],
    ['', /missing or empty/],
    ['pricing', /does not start with "\/"/],
    ['https://evil.example/x', /absolute URL/],
    ['javascript:alert(1)', /absolute URL/],
    ['//evil.example/x', /"\/\/"/],
    ['/help/../../etc/passwd', /"\.\." segment/],
    ['%2Fhelp%2F..%2Fsecret', /"\.\." segment/],
    ['/help/.', /"\.\." segment/],
    ['/help/%2F%2Fx', /"\/\/"/],
    ['/a\\b', /backslash/],
    ['/a\u0000b', /control characters/],
    [`/${'a'.repeat(MAX_SITE_PATH_LENGTH)}`, /longer than/],
  ])('refuses %j', (raw, problem) => {
    const result = checkSitePath(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatch(problem);
  });
});

describe('findRouteFamily', () => {
  it('prefers an exact pattern to a parameterised one, whatever the order', () => {
    expect(findRouteFamily(data.routeFamilies, '/help')?.id).toBe('help');
    expect(findRouteFamily(data.routeFamilies, '/help/anything')?.id).toBe('help-article');
    expect(findRouteFamily(data.routeFamilies, '/help/a/b')).toBeUndefined();
    expect(findRouteFamily(data.routeFamilies, '/')?.id).toBe('home');
  });
});

describe('context files', () => {
  it('keeps each site path in a file of its own, the root included', () => {
    expect(contextFileOf(data, '/')).toBe('/_agent/page-context/.json');
    expect(contextFileOf(data, '/help')).toBe('/_agent/page-context/help.json');
    expect(contextFileOf(data, '/help.md')).toBe('/_agent/page-context/help.md.json');
    expect(contextFileOf(data, '/help/start')).toBe('/_agent/page-context/help/start.json');
    expect(contextUrlPathOf('/_agent/page-context/help/a b?.json')).toBe('/_agent/page-context/help/a%20b%3F.json');
  });
});

describe('answerPageContext', () => {
  it('answers 200 with the context read from the one file of a known path', async () => {
    reads.length = 0;
    expect(await answer('/help/start')).toEqual({
      status: 200,
      body: files.get('/_agent/page-context/help/start.json'),
    });
    expect(await answer('/help/')).toEqual({ status: 200, body: files.get('/_agent/page-context/help.json') });
    expect(await answer('/')).toEqual({ status: 200, body: files.get('/_agent/page-context/.json') });
    expect(reads).toEqual([
      '/_agent/page-context/help/start.json',
      '/_agent/page-context/help.json',
      '/_agent/page-context/.json',
    ]);
  });
  it('answers 404 in the API error envelope for a path with no context file, naming the family it resembles', async () => {
    const result = await answer('/help/nope');
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ error: { code: 'page_not_found', status: 404 } });
    const error = (result.body as { error: Record<string, unknown> }).error;
    expect(error.message).toContain('/help/{slug}');
    expect(typeof error.resolution).toBe('string');
    expect((await answer('/seller/admin')).body).toMatchObject({ error: { code: 'page_not_found' } });
  });
  it('does not answer with a file that holds another path’s context', async () => {
    const misplaced = await answerPageContext(data, '/help', () => context('/help/start', 'help-article'));
    expect(misplaced.status).toBe(404);
  });
  it('answers 400 for a missing or malformed path without reading any file', async () => {
    reads.length = 0;
    expect(await answer(null)).toMatchObject({ status: 400, body: { error: { code: 'missing_path', status: 400 } } });
    expect(await answer('')).toMatchObject({ status: 400, body: { error: { code: 'missing_path' } } });
    for (const bad of ['../etc/passwd', '/help/../x', '%2Fhelp%2F..%2Fx', 'http://localhost:4100/help', '//x']) {
      expect(await answer(bad)).toMatchObject({ status: 400, body: { error: { code: 'invalid_path', status: 400 } } });
    }
    expect(reads).toEqual([]);
  });
});

describe('query routes', () => {
  it('recognises a query route from its dataFor', () => {
    expect(isQueryRoute('/?mode=agent', new URL('http://h/?mode=agent&x=1'))).toBe(true);
    expect(isQueryRoute('/?mode=agent', new URL('http://h/?mode=human'))).toBe(false);
    expect(isQueryRoute('/?mode=agent', new URL('http://h/pricing?mode=agent'))).toBe(false);
    expect(isQueryRoute('/api/agent/page-context', new URL('http://h/api/agent/page-context?path=/'))).toBe(true);
    // The parameter read as nginx's $arg_mode reads it: the name without case, the value as sent.
    expect(isQueryRoute('/?mode=agent', new URL('http://h/?MODE=agent'))).toBe(true);
    expect(isQueryRoute('/?mode=agent', new URL('http://h/?mode=%61gent'))).toBe(false);
  });
});
