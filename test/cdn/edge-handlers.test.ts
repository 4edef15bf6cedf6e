// The Netlify Edge Function and the Cloudflare Pages Function, in-process with Web-standard Request/Response, in front
// of a simulated static layer that reads the generated `_headers`: held to the same expectations as nginx.
import { beforeAll, describe, expect, it } from 'vitest';
import { cloudflarePagesFunction } from '../../generator/edge/cloudflare.js';
import { answerEdgeRequest } from '../../generator/edge/handler.js';
import { netlifyEdgeFunction } from '../../generator/edge/netlify.js';
import type { EdgeTable } from '../../generator/edge/table.js';
import { parseHeadersFile, type Dialect } from './cdn-config-parsers.js';
import { staticLayer } from './cdn-simulator.js';
import { expectations, problems, type Expectation } from './expectations.js';
import { buildInMemory, type TestBuild } from './fixture.js';

const ORIGIN = 'https://www.example.com';

let build: TestBuild;
let table: EdgeTable;

beforeAll(async () => {
  build = await buildInMemory();
  const tableArtifact = build.artifacts.get('deploy', 'edge-table.json');
  if (!tableArtifact) throw new Error('no edge table in the deploy files');
  table = JSON.parse(build.artifacts.text(tableArtifact)) as EdgeTable;
});

function request(expected: Expectation): Request {
  return new Request(ORIGIN + expected.target, { method: expected.method, headers: expected.requestHeaders });
}

async function received(response: Response) {
  return { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
}

function serveWith(dialect: Dialect): (r: Request) => Promise<Response> {
  const rules = parseHeadersFile(build.artifacts.text(build.artifacts.get('site', '_headers')!), dialect);
  const files = staticLayer(build.artifacts, rules);
  if (dialect === 'netlify') {
    const edge = netlifyEdgeFunction(table);
    return (r) => edge(r, { next: () => files(r) });
  }
  const pages = cloudflarePagesFunction(table);
  return (r) => pages({ request: r, next: () => files(r) });
}

describe.each(['netlify', 'cloudflare'] as const)('the %s handler in front of the static files', (dialect) => {
  it('answers every registry path as expected', async () => {
    const serve = serveWith(dialect);
    const cases = expectations(build.registry, build.artifacts).filter((e) => !e.serverOnly);
    const found: string[] = [];
    for (const expected of cases) found.push(...problems(expected, await received(await serve(request(expected)))));
    expect(found).toEqual([]);
    expect(cases.some((c) => c.target.includes('?'))).toBe(true);
  });
});

describe('the shared edge handler', () => {
  it('leaves ordinary requests to the static files', () => {
    expect(answerEdgeRequest(new Request(`${ORIGIN}/openapi.json`), table)).toBeUndefined();
    expect(answerEdgeRequest(new Request(`${ORIGIN}/mcp`, { headers: { accept: 'text/html' } }), table)).toBeUndefined();
    expect(answerEdgeRequest(new Request(`${ORIGIN}/?mode=human`), table)).toBeUndefined();
  });

  it('does not answer other methods', () => {
    expect(answerEdgeRequest(new Request(`${ORIGIN}/?mode=agent`, { method: 'POST', body: '{}' }), table)).toBeUndefined();
  });

  it('answers HEAD on a query route without a body', async () => {
    const response = answerEdgeRequest(new Request(`${ORIGIN}/?mode=agent`, { method: 'HEAD' }), table)!;
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('refuses a table of another version instead of answering wrongly', () => {
    const stale = { ...table, version: 2 } as unknown as EdgeTable;
    expect(() => answerEdgeRequest(new Request(`${ORIGIN}/`), stale)).toThrow(/version 2/);
  });
});
