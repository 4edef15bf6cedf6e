// MCP host fuzzed: random JSON-RPC bodies, headers, methods and paths, in-process, seeded and bounded in count and
// time. Whatever comes in, the host answers: never a thrown exception, a 5xx, a stack trace or an error without the
// contract's data.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createMcpHost } from '../../../../generator/tools/preview/mcp/mcp-host.js';
import { endpointOf, initializeMessage, MCP_ACCEPT, token, type GetPreview } from '../harness.js';

/** Fixed, so a failure is found again by the same run; change it to explore further. */
const SEED = 20261124;
const RUNS = 1000;
const TIME_LIMIT_MS = 8_000;

const INTERNAL = /\bat .*:\d+:\d+|node_modules|TypeError|ReferenceError|ZodError|is not a function|Cannot read/;

/** Printable ASCII: what a header value can hold (others cannot even be put in a Request). */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

export function mcpFuzzSuite(get: GetPreview): void {
  it('answers random JSON-RPC bodies and headers without a crash, a 5xx, a stack trace or an error lacking data', async () => {
    const { model, registry, files } = get();
    const host = createMcpHost({ model, registry, files });
    const versions = model.preview!.server.mcpProtocolVersions;
    const good = await token(get());
    const opened = await host.handler(
      new Request(endpointOf(get()), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: MCP_ACCEPT, authorization: `Bearer ${good}` },
        body: JSON.stringify(initializeMessage(versions.at(-1)!)),
      }),
    );
    const sessionId = opened.headers.get('mcp-session-id')!;

    /** Mostly the value a real client sends, so that most requests get past the first checks; sometimes noise. */
    const mostly = <T>(usual: fc.Arbitrary<T>, ...others: fc.Arbitrary<T>[]) =>
      fc.oneof(
        { weight: 6 * others.length, arbitrary: usual },
        ...others.map((arbitrary) => ({ weight: 1, arbitrary })),
      );
    const method = mostly(
      fc.constantFrom(
        'initialize',
        'ping',
        'tools/list',
        'tools/call',
        'resources/list',
        'resources/read',
        'resources/templates/list',
        'notifications/initialized',
        'prompts/list',
        'logging/setLevel',
      ),
      fc.string({ maxLength: 20 }),
    );
    const message = fc.record(
      {
        jsonrpc: mostly(fc.constant('2.0'), fc.jsonValue()),
        id: mostly(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null), fc.jsonValue()),
        method,
        params: fc.oneof(
          fc.record(
            {
              name: fc.oneof(fc.constantFrom('list_members', 'get_physical_product_order'), fc.jsonValue()),
              arguments: fc.jsonValue(),
            },
            { requiredKeys: [] },
          ),
          fc.record(
            { uri: fc.oneof(fc.constant('preview://communities/c-makers'), fc.jsonValue()) },
            { requiredKeys: [] },
          ),
          fc.record(
            {
              protocolVersion: fc.oneof(fc.constantFrom(...versions), fc.jsonValue()),
              capabilities: fc.jsonValue(),
              clientInfo: fc.jsonValue(),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue(),
        ),
      },
      { requiredKeys: ['jsonrpc', 'id', 'method'] },
    );
    /** What a client answers a server's request with (this server sends none): results and errors with any id. */
    const reply = fc.record(
      { jsonrpc: fc.constant('2.0'), id: fc.jsonValue(), result: fc.jsonValue(), error: fc.jsonValue() },
      { requiredKeys: ['jsonrpc'] },
    );
    const body = fc.oneof(
      { weight: 6, arbitrary: message.map((m) => JSON.stringify(m)) },
      { weight: 1, arbitrary: reply.map((m) => JSON.stringify(m)) },
      { weight: 1, arbitrary: fc.array(message, { maxLength: 3 }).map((m) => JSON.stringify(m)) },
      { weight: 1, arbitrary: fc.json() },
      { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
    );
    const headers = fc.record(
      {
        accept: mostly(
          fc.constant(MCP_ACCEPT),
          fc.constantFrom('application/json', 'text/event-stream', '*/*'),
          headerText,
        ),
        'content-type': mostly(
          fc.constant('application/json'),
          fc.constantFrom('text/plain', 'application/json; charset=utf-8'),
          headerText,
        ),
        authorization: mostly(
          fc.constant(`Bearer ${good}`),
          fc.constant(`Bearer ${good.slice(0, -3)}xyz`),
          headerText.map((t) => `Bearer ${t}`),
          headerText,
        ),
        'mcp-session-id': mostly(fc.constant(sessionId), headerText),
        'mcp-protocol-version': mostly(
          fc.constant(versions.at(-1)!),
          fc.constantFrom(...versions, '2025-03-26'),
          headerText,
        ),
        origin: mostly(fc.constant(get().addresses.base_url), headerText),
      },
      { requiredKeys: ['accept', 'content-type', 'authorization'] },
    );
    const request = fc.record({
      verb: fc.oneof(
        { weight: 8, arbitrary: fc.constant('POST') },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'DELETE', 'PUT', 'OPTIONS', 'PATCH') },
      ),
      path: fc.oneof(
        { weight: 8, arbitrary: fc.constant(model.mcpServer.endpointPath) },
        { weight: 1, arbitrary: fc.webPath() },
      ),
      headers,
      body,
    });

    const statuses = new Map<number, number>();
    try {
      await fc.assert(
        fc.asyncProperty(request, async ({ verb, path, headers: fuzzed, body: text }) => {
          // The shared session is kept for the requests after this one: a DELETE names another.
          const sent = verb === 'DELETE' ? { ...fuzzed, 'mcp-session-id': 'not-the-shared-session' } : fuzzed;
          const withBody = verb !== 'GET';
          const response = await host.handler(
            new Request(`${get().addresses.mcp_url}${path.startsWith('/') ? path : `/${path}`}`, {
              method: verb,
              headers: sent,
              body: withBody ? text : undefined,
            }),
          );
          expect(response.status).toBeLessThan(500);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          // An event stream stays open by design: its headers are the answer.
          if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
            await response.body?.cancel();
            return;
          }
          const answer = await response.text();
          expect(answer).not.toMatch(INTERNAL);
          if (!answer.startsWith('{')) return;
          const parsed = JSON.parse(answer) as {
            jsonrpc?: string;
            error?: { data?: { code?: unknown; resolution?: unknown } };
          };
          if (parsed.jsonrpc && parsed.error) {
            expect(typeof parsed.error.data?.code, answer).toBe('string');
            expect(typeof parsed.error.data?.resolution, answer).toBe('string');
          }
        }),
        { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, endOnFailure: true },
      );
      // The run reached past authentication and the transport checks: answers of the controls and methods themselves.
      expect(statuses.get(200) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(RUNS / 20);
    } finally {
      await host.close();
    }
  }, 30_000);
}
