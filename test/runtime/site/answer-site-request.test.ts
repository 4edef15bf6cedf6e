// The site's answers on a small table made for the case: each kind of decision, and what a Response carries for it.
import { describe, expect, it } from 'vitest';
import type { HeaderList } from '../../../generator/runtime/headers.js';
import {
  answerSiteRequest,
  decide,
  SERVING_TABLE_VERSION,
  type Asset,
  type ServingTable,
} from '../../../generator/runtime/site/index.js';

const ORIGIN = 'https://www.example.com';
const HTML = 'text/html; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';
const page: HeaderList = [
  ['Content-Type', HTML],
  ['Cache-Control', 'public, max-age=300'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Vary', 'Accept'],
];
const twin: HeaderList = [
  ['Content-Type', MARKDOWN],
  ['Cache-Control', 'public, max-age=3600'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Access-Control-Allow-Origin', '*'],
  ['Vary', 'Accept'],
];
const json: HeaderList = [
  ['Content-Type', 'application/json'],
  ['Cache-Control', 'public, max-age=3600'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Access-Control-Allow-Origin', '*'],
];
const table: ServingTable = {
  version: SERVING_TABLE_VERSION,
  origin: ORIGIN,
  files: [
    { path: '/mcp', headers: page },
    { path: '/mcp.md', headers: twin },
    { path: '/_agent/agent-mode.json', headers: json },
  ],
  negotiation: { onTie: 'twin', media: { page: HTML, twin: MARKDOWN }, pages: [{ path: '/mcp', twin: '/mcp.md' }] },
  agentMode: { route: '/?mode=agent', file: '/_agent/agent-mode.json', headers: json },
  pageContext: {
    route: '/api/agent/page-context',
    data: {
      route: '/api/agent/page-context',
      baseUrl: ORIGIN,
      routeFamilies: [
        { id: 'mcp', pattern: '/mcp', type: 'WebPage', title: 'MCP', description: 'd', examplePaths: [], rules: [] },
      ],
      // One shard: every context is in 0.json.
      contexts: { file: '/_agent/page-context/{shard}.json', shards: 1, hash: 'fnv-1a-32' },
    },
    headers: json,
  },
  mcp: {
    endpoint: 'https://mcp.example.com/mcp',
    authStart: `${ORIGIN}/auth.md`,
    notEndpoints: [
      { path: '/mcp', reason: 'A guide.' },
      { path: '/sse', reason: 'A legacy path.' },
    ],
  },
  catalogs: [`${ORIGIN}/llms.txt`],
};
const assets = new Map<string, Asset>([
  ['/mcp', { body: '<h1>MCP</h1>', etag: '"page"' }],
  ['/mcp.md', { body: '# MCP\n', etag: '"twin"' }],
  ['/_agent/agent-mode.json', { body: '{ "mode": "agent" }\n', etag: '"agent"' }],
  ['/_agent/page-context/0.json', { body: '{"/mcp": {"path": "/mcp"}, "/mcp.md": {"path": "/mcp"}}' }],
]);
const reads: string[] = [];
const read = (path: string) => {
  reads.push(path);
  return assets.get(path);
};
const ask = (target: string, init: RequestInit = {}) =>
  answerSiteRequest(new Request(ORIGIN + target, init), table, read);

describe('answerSiteRequest', () => {
  it('sends a page, or its twin when the Accept header ranks it higher or names it on a tie', async () => {
    const html = await ask('/mcp');
    expect([html.status, html.headers.get('content-type'), await html.text()]).toEqual([200, HTML, '<h1>MCP</h1>']);
    const markdown = await ask('/mcp', { headers: { accept: 'text/markdown, text/html' } });
    expect([markdown.headers.get('content-type'), markdown.headers.get('etag'), await markdown.text()]).toEqual([
      MARKDOWN,
      '"twin"',
      '# MCP\n',
    ]);
    expect((await ask('/mcp', { headers: { accept: '*/*' } })).headers.get('content-type')).toBe(HTML);
  });

  it('answers HEAD without a body, and a matching If-None-Match with 304 and no Content-Type', async () => {
    const head = await ask('/mcp.md', { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, '6', '']);
    const again = await ask('/mcp.md', { headers: { 'if-none-match': 'W/"twin"' } });
    expect([again.status, again.headers.get('content-type'), again.headers.get('vary'), await again.text()]).toEqual([
      304,
      null,
      'Accept',
      '',
    ]);
  });

  it('answers the agent-mode route with its data file as built, the parameter name in any case', async () => {
    for (const target of ['/?mode=agent', '/?MODE=agent&x=1']) {
      const response = await ask(target);
      expect([response.status, await response.text()]).toEqual([200, '{ "mode": "agent" }\n']);
    }
    expect(decide(new Request(`${ORIGIN}/?mode=%61gent`), table)).toMatchObject({ kind: 'error', status: 404 });
  });

  it("answers a page context with its entry's bytes out of its shard, 404 naming the family, 400 without reading", async () => {
    reads.length = 0;
    const found = await ask('/api/agent/page-context?path=%2Fmcp');
    expect([found.status, await found.text()]).toEqual([200, '{"path":"/mcp"}']);
    // A strong validator of the entry's bytes, and 304 for it.
    const etag = found.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await ask('/api/agent/page-context?path=/mcp', { headers: { 'if-none-match': etag! } });
    expect([again.status, await again.text()]).toEqual([304, '']);
    const unknown = await ask('/api/agent/page-context?path=/mcp/x');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).not.toContain('/mcp/x');
    // An entry under the path that holds another path's context is no answer.
    expect((await ask('/api/agent/page-context?path=/mcp.md')).status).toBe(404);
    const bad = await ask('/api/agent/page-context?path=/a/../b');
    expect([bad.status, bad.headers.get('cache-control')]).toEqual([400, 'no-store']);
    expect(reads).toEqual(Array(4).fill('/_agent/page-context/0.json'));
  });

  it('serves a shard at its own path, and nothing else under its folder', async () => {
    expect((await ask('/_agent/page-context/0.json')).status).toBe(200);
    for (const target of [
      '/_agent/page-context/1.json',
      '/_agent/page-context/00.json',
      '/_agent/page-context/mcp.json',
      '/_agent/page-context/..%2F..%2Fsecret.json',
    ])
      expect((await ask(target)).status, target).toBe(404);
  });

  it('tells an MCP client it is not at the endpoint, and lets a browser read the guide', async () => {
    for (const init of [
      { method: 'POST', body: '{}' },
      { method: 'DELETE' },
      { headers: { accept: 'text/event-stream' } },
    ]) {
      const response = await ask('/sse', init);
      expect(response.status).toBe(404);
      expect(response.headers.get('link')).toBe('<https://mcp.example.com/mcp>; rel="service"');
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_an_mcp_endpoint');
    }
    expect((await ask('/mcp', { headers: { accept: 'text/event-stream;q=0, text/html' } })).status).toBe(200);
  });

  it('answers OPTIONS with the methods, refuses others with 405, redirects a page with a trailing "/"', async () => {
    const options = await ask('/mcp.md', { method: 'OPTIONS' });
    expect([options.status, options.headers.get('allow'), options.headers.get('access-control-allow-origin')]).toEqual([
      204,
      'GET, HEAD, OPTIONS',
      '*',
    ]);
    expect((await ask('/mcp', { method: 'OPTIONS' })).headers.get('access-control-allow-origin')).toBeNull();
    const put = await ask('/mcp.md', { method: 'PUT', body: 'x' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
    const slash = await ask('/mcp/?a=1');
    expect([slash.status, slash.headers.get('location')]).toEqual([308, '/mcp?a=1']);
    expect((await ask('/mcp.md/')).status).toBe(404);
  });

  it('answers 404 for an unknown path, a malformed escape and a file the build lacks', async () => {
    for (const target of ['/nope', '/%E0%A4%A', '/_agent/page-context/other.json']) {
      const response = await ask(target);
      expect([response.status, response.headers.get('content-type')], target).toEqual([404, 'application/json']);
    }
    const lacking = { ...table, files: [...table.files, { path: '/gone', headers: json }] };
    expect((await answerSiteRequest(new Request(`${ORIGIN}/gone`), lacking, read)).status).toBe(404);
  });

  it('refuses a table of another version instead of answering wrongly', () => {
    const stale = { ...table, version: 2 } as unknown as ServingTable;
    expect(() => decide(new Request(`${ORIGIN}/`), stale)).toThrow(/version 2/);
  });
});
