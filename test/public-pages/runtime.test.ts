// The shared runtime: the site-path check, the route matcher, and the two answers handlers give.
import { describe, expect, it } from 'vitest';
import {
  answerAgentMode,
  answerPageContext,
  answerToResponse,
  checkSitePath,
  findRouteFamily,
  isQueryRoute,
  MAX_SITE_PATH_LENGTH,
  type AgentModeDocument,
  type PageContext,
  type PageContextData,
  type RouteFamily,
} from '../../generator/public-pages/index.js';

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
  pages: {
    '/': context('/', 'home'),
    '/help': context('/help', 'help'),
    '/help/start': context('/help/start', 'help-article'),
  },
};

describe('checkSitePath', () => {
  it('accepts site paths and normalises a trailing slash, a query and percent-encoding', () => {
    expect(checkSitePath('/pricing')).toEqual({ ok: true, path: '/pricing' });
    expect(checkSitePath('/help/')).toEqual({ ok: true, path: '/help' });
    expect(checkSitePath('/')).toEqual({ ok: true, path: '/' });
    expect(checkSitePath('/pricing?ref=x#top')).toEqual({ ok: true, path: '/pricing' });
    expect(checkSitePath('/help/st%61rt')).toEqual({ ok: true, path: '/help/start' });
  });
  it.each([
    [null, /missing/],
    ['', /empty/],
    ['pricing', /does not start with "\/"/],
    ['https://evil.example/x', /absolute URL/],
    ['javascript:alert(1)', /absolute URL/],
    ['//evil.example/x', /"\/\/"/],
    ['/help/../../etc/passwd', /"\.\." segment/],
    ['/help/%2e%2e/secret', /"\.\." segment/],
    ['/help/%2F%2Fx', /"\/\/"/],
    ['/a\\b', /backslash/],
    ['/a\u0000b', /control characters/],
    ['/a%0Ab', /control characters/],
    ['/a%E0%A4%A', /malformed percent-encoding/],
    ['/' + 'a'.repeat(MAX_SITE_PATH_LENGTH), /longer than/],
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

describe('answerPageContext', () => {
  it('answers 200 with the precomputed context of a known path', () => {
    expect(answerPageContext(data, '/help/start')).toEqual({ status: 200, body: data.pages['/help/start'] });
    expect(answerPageContext(data, '/help/')).toEqual({ status: 200, body: data.pages['/help'] });
  });
  it('answers 404 in the API error envelope for a path the site does not publish, naming the family it resembles', () => {
    const answer = answerPageContext(data, '/help/nope');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: { code: 'page_not_found', status: 404 } });
    const error = (answer.body as { error: Record<string, unknown> }).error;
    expect(error.message).toContain('/help/{slug}');
    expect(typeof error.resolution).toBe('string');
    expect(answerPageContext(data, '/seller/admin').body).toMatchObject({ error: { code: 'page_not_found' } });
  });
  it('does not treat inherited object keys as pages', () => {
    expect(answerPageContext(data, '/__proto__').status).toBe(404);
    expect(answerPageContext(data, '/constructor').status).toBe(404);
  });
  it('answers 400 for a missing or malformed path', () => {
    expect(answerPageContext(data, null)).toMatchObject({ status: 400, body: { error: { code: 'missing_path', status: 400 } } });
    expect(answerPageContext(data, '')).toMatchObject({ status: 400, body: { error: { code: 'missing_path' } } });
    for (const bad of ['../etc/passwd', '/help/../x', 'http://localhost:4100/help', '//x']) {
      expect(answerPageContext(data, bad)).toMatchObject({ status: 400, body: { error: { code: 'invalid_path', status: 400 } } });
    }
  });
});

describe('agent mode and query routes', () => {
  it('answers the agent-mode document as built', () => {
    const doc = { route: '/?mode=agent', mode: 'agent' } as AgentModeDocument;
    expect(answerAgentMode(doc)).toEqual({ status: 200, body: doc });
  });
  it('recognises a query route from its dataFor', () => {
    expect(isQueryRoute('/?mode=agent', new URL('http://h/?mode=agent&x=1'))).toBe(true);
    expect(isQueryRoute('/?mode=agent', new URL('http://h/?mode=human'))).toBe(false);
    expect(isQueryRoute('/?mode=agent', new URL('http://h/pricing?mode=agent'))).toBe(false);
    expect(isQueryRoute('/api/agent/page-context', new URL('http://h/api/agent/page-context?path=/'))).toBe(true);
  });
  it('turns an answer into a JSON Response', async () => {
    const response = answerToResponse(answerPageContext(data, null), { 'access-control-allow-origin': '*' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({ error: { code: 'missing_path' } });
  });
});
