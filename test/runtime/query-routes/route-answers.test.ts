// Every answer the site's routes give, documented or not, checked against /openapi.json with openapi-backend: sent to
// the edge handler (the Netlify and Cloudflare functions) and to the preview server over HTTP. An answer passes when
// the description documents its status for the operation, its media type, and its body validates against the schema.
import { OpenAPIBackend } from 'openapi-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerEdgeRequest } from '../../../generator/runtime/edge/handler.js';
import type { ServingTable } from '../../../generator/runtime/site/table.js';
import { startPreview, type RunningPreview } from '../../../generator/tools/preview/preview.js';
import { staticLayer } from '../serving/cdn-simulator.js';

let preview: RunningPreview;
let api: OpenAPIBackend;
let spec: { paths: Record<string, Record<string, { operationId: string; responses: Record<string, Response> }>> };
let table: ServingTable;

interface Response {
  description: string;
  content?: Record<string, unknown>;
}

beforeAll(async () => {
  preview = await startPreview({ ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 } });
  spec = JSON.parse(preview.artifacts.text(preview.artifacts.byPath('/openapi.json')!));
  api = new OpenAPIBackend({ definition: structuredClone(spec) as never, quick: false, validate: true });
  await api.init();
  table = JSON.parse(preview.artifacts.text(preview.artifacts.get('deploy', 'edge-table.json')!)) as ServingTable;
}, 120_000);

afterAll(async () => {
  await preview?.close();
});

/** The site's static files, as a CDN holds them (the page contexts and the agent-mode view among them). */
function fetchAsset(url: URL): Promise<globalThis.Response> {
  return staticLayer(preview.artifacts, [])(new Request(url));
}

interface Answer {
  status: number;
  type: string | null;
  body: string;
}

async function answerOf(response: globalThis.Response): Promise<Answer> {
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

/** What the description says of one answer to a request: the operation, and why the answer is not documented. */
function judge(method: string, target: string, answer: Answer): string[] {
  const url = new URL(target, 'http://site.invalid');
  const operation = api.matchOperation({
    method: method === 'HEAD' ? 'get' : method.toLowerCase(),
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: {},
  });
  if (!operation) return [`${method} ${target}: no operation of /openapi.json matches`];
  const documented = spec.paths[operation.path]!.get!.responses[String(answer.status)];
  if (!documented)
    return [`${method} ${target}: status ${answer.status} is not documented for ${operation.operationId}`];
  const problems: string[] = [];
  const types = Object.keys(documented.content ?? {});
  if (types.length > 0 && !types.includes(answer.type ?? '')) {
    problems.push(`${method} ${target}: media type ${answer.type} is not documented (${types.join(', ')})`);
  }
  if (method !== 'HEAD' && types.length > 0 && answer.type?.startsWith('application/json')) {
    const result = api.validateResponse(JSON.parse(answer.body), operation, answer.status);
    for (const error of result.errors ?? [])
      problems.push(`${method} ${target}: ${error.instancePath} ${error.message} (${error.schemaPath})`);
    const code = (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code;
    if (code && !documented.description.includes(`\`${code}\``))
      problems.push(`${method} ${target}: error code ${code} is not among the documented ones`);
  }
  return problems;
}

const LONG = `/${'a'.repeat(1100)}`;
/** The query routes' conditions: each documented answer, and inputs the description does not name. */
const QUERY_CONDITIONS: [method: string, target: string][] = [
  ['GET', '/api/agent/page-context?path=/pricing'],
  ['GET', '/api/agent/page-context?path=/'],
  ['GET', '/api/agent/page-context?path=/help/reading-errors'],
  ['HEAD', '/api/agent/page-context?path=/pricing'],
  ['GET', '/api/agent/page-context'],
  ['GET', '/api/agent/page-context?path='],
  ['GET', '/api/agent/page-context?path=/no-such-page'],
  ['GET', '/api/agent/page-context?path=/help/no-such-article'],
  ['GET', '/api/agent/page-context?path=https://www.example.com/pricing'],
  ['GET', '/api/agent/page-context?path=pricing'],
  ['GET', '/api/agent/page-context?path=//pricing'],
  ['GET', '/api/agent/page-context?path=/help/../pricing'],
  ['GET', '/api/agent/page-context?path=/help%5Cx'],
  ['GET', '/api/agent/page-context?path=%2Fpricing'],
  ['GET', '/api/agent/page-context?path=/pricing/'],
  ['GET', '/api/agent/page-context?path=/pricing?utm=1'],
  ['GET', '/api/agent/page-context?path=/pricing&path=/help'],
  ['GET', '/api/agent/page-context?path=%00'],
  ['GET', '/api/agent/page-context?path=%E2%82%AC'],
  ['GET', '/api/agent/page-context?path=%zz'],
  ['GET', `/api/agent/page-context?path=${LONG}`],
  ['GET', '/api/agent/page-context?path=/pricing&extra=1'],
  ['GET', '/?mode=agent'],
  ['HEAD', '/?mode=agent'],
  ['GET', '/?mode=agent&extra=1'],
];

describe('the query routes, against /openapi.json', () => {
  it('the preview server answers every condition as documented', async () => {
    const problems: string[] = [];
    for (const [method, target] of QUERY_CONDITIONS) {
      const answer = await answerOf(await fetch(preview.addresses.base_url + target, { method }));
      problems.push(...judge(method, target, answer));
    }
    expect(problems).toEqual([]);
  });

  it('the edge handler answers every condition as documented', async () => {
    const problems: string[] = [];
    for (const [method, target] of QUERY_CONDITIONS) {
      const response = await answerEdgeRequest(
        new Request(`https://www.example.com${target}`, { method }),
        table,
        fetchAsset,
      );
      if (!response) {
        problems.push(`${method} ${target}: the edge handler left a query route to the static files`);
        continue;
      }
      problems.push(...judge(method, target, await answerOf(response)));
    }
    expect(problems).toEqual([]);
  });

  it('documents each answer of the table: the 400 of a missing path, the 404 of an unknown page', async () => {
    const missing = await answerOf(await fetch(`${preview.addresses.base_url}/api/agent/page-context`));
    expect([missing.status, JSON.parse(missing.body).error.code]).toEqual([400, 'missing_path']);
    const unknown = await answerOf(await fetch(`${preview.addresses.base_url}/api/agent/page-context?path=/nope`));
    expect([unknown.status, JSON.parse(unknown.body).error.code]).toEqual([404, 'page_not_found']);
    expect(judge('GET', '/api/agent/page-context', missing)).toEqual([]);
  });

  it('finds an answer the description leaves out: a 400 without its response', async () => {
    const answer = await answerOf(await fetch(`${preview.addresses.base_url}/api/agent/page-context`));
    const saved = spec.paths['/api/agent/page-context']!.get!.responses['400'];
    delete spec.paths['/api/agent/page-context']!.get!.responses['400'];
    try {
      expect(judge('GET', '/api/agent/page-context', answer)).toEqual([
        'GET /api/agent/page-context: status 400 is not documented for get_api_agent_page_context',
      ]);
    } finally {
      spec.paths['/api/agent/page-context']!.get!.responses['400'] = saved!;
    }
  });
});

describe('every documented document, against /openapi.json', () => {
  it('the preview server answers each GET (and a matching If-None-Match) as documented', async () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries(spec.paths)) {
      const target = path === '/' ? '/?mode=agent' : path === '/api/agent/page-context' ? `${path}?path=/` : path;
      const first = await fetch(preview.addresses.base_url + target);
      const etag = first.headers.get('etag');
      problems.push(...judge('GET', target, await answerOf(first)));
      if (etag) {
        const again = await fetch(preview.addresses.base_url + target, { headers: { 'if-none-match': etag } });
        problems.push(...judge('GET', target, await answerOf(again)));
      }
      expect(item.get?.operationId).toBeTruthy();
    }
    expect(problems).toEqual([]);
  });
});
