// The shared runtime: the site-path check, the route matcher, and the two answers handlers give.
import { describe, expect, it } from 'vitest';
import {
  answerPageContext,
  checkSitePath,
  contextInShard,
  contextUrlPathOf,
  pathHash,
  perPathContextFile,
  shardFileOf,
  shardOfFile,
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
  contexts: { file: '/_agent/page-context/{shard}.json', shards: 4, hash: 'fnv-1a-32' },
};
/**
 * The shards as a handler finds them, by their site path; every read is recorded. FNV-1a of "/" is 0x2a0c975e, of
 * "/help" 0x9ab1ca01, of "/help/start" 0xf31f4792 (computed apart): shards 2, 1 and 2 of 4.
 */
const contexts = {
  home: context('/', 'home'),
  help: context('/help', 'help'),
  start: context('/help/start', 'help-article'),
};
const files = new Map<string, string>([
  ['/_agent/page-context/1.json', JSON.stringify({ '/help': contexts.help })],
  ['/_agent/page-context/2.json', JSON.stringify({ '/': contexts.home, '/help/start': contexts.start })],
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

describe('the shards of the page contexts', () => {
  it('hashes a path with FNV-1a (32 bits) over its UTF-8 bytes', () => {
    // The published test vectors of FNV-1a, and a path with a character of two bytes.
    expect(pathHash('')).toBe(0x811c9dc5);
    expect(pathHash('a')).toBe(0xe40c292c);
    expect(pathHash('foobar')).toBe(0xbf9cf968);
    expect(pathHash('/help/café')).toBe(0xe180b268);
  });

  it('finds the shard of a path from the path alone, the root included', () => {
    expect(shardFileOf(data.contexts, '/')).toBe('/_agent/page-context/2.json');
    expect(shardFileOf(data.contexts, '/help')).toBe('/_agent/page-context/1.json');
    expect(shardFileOf(data.contexts, '/help/start')).toBe('/_agent/page-context/2.json');
    expect(shardFileOf({ ...data.contexts, shards: 1 }, '/help')).toBe('/_agent/page-context/0.json');
    expect(contextUrlPathOf('/_agent/page-context/help/a b?.json')).toBe('/_agent/page-context/help/a%20b%3F.json');
  });

  it('knows a shard by its served path, and nothing else under its folder', () => {
    expect(shardOfFile(data.contexts, '/_agent/page-context/0.json')).toBe(0);
    expect(shardOfFile(data.contexts, '/_agent/page-context/3.json')).toBe(3);
    for (const file of ['4', '03', '-1', '1e0', '0x1', ' 1', 'help', '', '99999999999'])
      expect(shardOfFile(data.contexts, `/_agent/page-context/${file}.json`), file).toBeUndefined();
    expect(shardOfFile(data.contexts, '/_agent/page-context/0.jsonx')).toBeUndefined();
    expect(shardOfFile(data.contexts, '/elsewhere/0.json')).toBeUndefined();
  });

  it("picks a path's entry out of a shard as the bytes JSON.stringify writes of it", () => {
    const shard = '{"/help": {"path": "/help", "title": "é \\u00e9"}, "/x": {"path": "/y"}}';
    expect(contextInShard(shard, '/help')).toBe('{"path":"/help","title":"é é"}');
    expect(contextInShard(shard, '/nope')).toBeUndefined();
    // An entry holding another path's context, and names every object has, are no entry.
    expect(contextInShard(shard, '/x')).toBeUndefined();
    for (const name of ['constructor', '__proto__', 'toString']) expect(contextInShard(shard, name)).toBeUndefined();
    expect(() => contextInShard('{"/help": ', '/help')).toThrow(/damaged/);
  });

  it("keeps nginx's copy one file per path, the root included", () => {
    expect(perPathContextFile('/')).toBe('/.json');
    expect(perPathContextFile('/help')).toBe('/help.json');
    expect(perPathContextFile('/help.md')).toBe('/help.md.json');
    expect(perPathContextFile('/help/start')).toBe('/help/start.json');
  });
});

describe('answerPageContext', () => {
  it('answers 200 with the context picked out of the one shard of a known path', async () => {
    reads.length = 0;
    expect(await answer('/help/start')).toEqual({ status: 200, body: contexts.start });
    expect(await answer('/help/')).toEqual({ status: 200, body: contexts.help });
    expect(await answer('/')).toEqual({ status: 200, body: contexts.home });
    expect(reads).toEqual([
      '/_agent/page-context/2.json',
      '/_agent/page-context/1.json',
      '/_agent/page-context/2.json',
    ]);
  });
  it('answers 404 in the API error envelope for a path with no context, naming the family it resembles', async () => {
    const result = await answer('/help/nope');
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ error: { code: 'page_not_found', status: 404 } });
    const error = (result.body as { error: Record<string, unknown> }).error;
    expect(error.message).toContain('/help/{slug}');
    expect(typeof error.resolution).toBe('string');
    expect((await answer('/seller/admin')).body).toMatchObject({ error: { code: 'page_not_found' } });
  });
  it('does not answer with an entry that holds another path’s context', async () => {
    const misplaced = await answerPageContext(data, '/help', () => JSON.stringify({ '/help': contexts.start }));
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
