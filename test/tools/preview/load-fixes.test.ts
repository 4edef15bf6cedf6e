// The preview server's per-request costs: remembered token checks, released SDK stream entries, no listener build-up.
import { request as httpRequest, Agent } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { rememberVerifiedTokens } from '../../../generator/tools/preview/mcp/verified-tokens.js';
import { heldStreams, releaseAnsweredStreams } from '../../../generator/tools/preview/mcp/answered-streams.js';
import { bindHost, type BoundHost } from '../../../generator/tools/preview/http/listen.js';
import { toNodeListener } from '../../../generator/tools/preview/http/fetch-handler.js';

describe('rememberVerifiedTokens', () => {
  const now = () => Math.floor(Date.now() / 1000);
  function countingVerifier(expiresAt: () => number) {
    const calls: string[] = [];
    return {
      calls,
      verifier: {
        async verifyAccessToken(token: string): Promise<AuthInfo> {
          calls.push(token);
          if (token.startsWith('bad')) throw new InvalidTokenError('The token signature is not valid.');
          if (expiresAt() <= now()) throw new InvalidTokenError('The token has expired.');
          return { token, clientId: 'c', scopes: ['a'], expiresAt: expiresAt() };
        },
      },
    };
  }

  it('verifies an accepted token once, and a refused one every time', async () => {
    const { calls, verifier } = countingVerifier(() => now() + 600);
    const remembered = rememberVerifiedTokens(verifier);
    const first = await remembered.verifyAccessToken('good');
    expect(await remembered.verifyAccessToken('good')).toBe(first);
    await expect(remembered.verifyAccessToken('bad')).rejects.toThrow('signature');
    await expect(remembered.verifyAccessToken('bad')).rejects.toThrow('signature');
    expect(calls).toEqual(['good', 'bad', 'bad']);
  });

  it('hands a remembered token past its expiry back to the verifier, which refuses it in its own words', async () => {
    const expiry = now() + 60;
    const { calls, verifier } = countingVerifier(() => expiry);
    const remembered = rememberVerifiedTokens(verifier);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await remembered.verifyAccessToken('good');
      vi.setSystemTime((expiry + 1) * 1000);
      await expect(remembered.verifyAccessToken('good')).rejects.toThrow('The token has expired.');
    } finally {
      vi.useRealTimers();
    }
    expect(calls).toEqual(['good', 'good']);
  });

  it('forgets the oldest token beyond its limit', async () => {
    const { calls, verifier } = countingVerifier(() => now() + 600);
    const remembered = rememberVerifiedTokens(verifier, 2);
    for (const token of ['t1', 't2', 't3', 't2', 't1']) await remembered.verifyAccessToken(token);
    expect(calls).toEqual(['t1', 't2', 't3', 't1']);
  });
});

describe('releaseAnsweredStreams (SDK leak in JSON-response sessions)', () => {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = (body: unknown, extra: Record<string, string> = {}) =>
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...headers, ...extra },
      body: JSON.stringify(body),
    });

  async function session() {
    const server = new Server({ name: 't', version: '1' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => 's1',
      enableJsonResponse: true,
    });
    await server.connect(transport);
    const init = await transport.handleRequest(
      post({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      }),
    );
    expect(init.status).toBe(200);
    const sessionHeaders = { 'mcp-session-id': 's1', 'mcp-protocol-version': '2025-06-18' };
    return {
      server,
      transport,
      call: (id: number) => transport.handleRequest(post({ jsonrpc: '2.0', id, method: 'tools/list' }, sessionHeaders)),
    };
  }

  it('leaves no entry behind for answered calls, and answers every call', async () => {
    const { server, transport, call } = await session();
    for (let id = 1; id <= 20; id++) {
      const response = await call(id);
      expect(((await response.json()) as { id: number }).id).toBe(id);
      releaseAnsweredStreams(transport);
    }
    expect(heldStreams(transport)).toBe(0);
    await server.close();
  });

  it('keeps the entry of a call still waiting for its answer', async () => {
    const { server, transport } = await session();
    let answer!: () => void;
    server.setRequestHandler(
      ListToolsRequestSchema,
      () => new Promise((resolve) => (answer = () => resolve({ tools: [] }))),
    );
    const pending = transport.handleRequest(
      post(
        { jsonrpc: '2.0', id: 7, method: 'tools/list' },
        { 'mcp-session-id': 's1', 'mcp-protocol-version': '2025-06-18' },
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    releaseAnsweredStreams(transport);
    expect(heldStreams(transport)).toBe(1);
    answer();
    expect(((await (await pending).json()) as { id: number }).id).toBe(7);
    releaseAnsweredStreams(transport);
    expect(heldStreams(transport)).toBe(0);
    await server.close();
  });
});

describe('toNodeListener on a keep-alive connection', () => {
  let host: BoundHost | undefined;
  afterEach(async () => {
    await host?.close();
    host = undefined;
  });

  it('adds no listener to the socket per request', async () => {
    host = await bindHost(0);
    const origin = `http://127.0.0.1:${host.port}`;
    const listener = toNodeListener(
      async (request) => new Response(await request.text()),
      () => origin,
    );
    // What the server's side of the connection holds when each request arrives.
    const sockets = new Set<Socket>();
    const counts = new Set<number>();
    host.setListener((req, res) => {
      sockets.add(req.socket);
      counts.add(req.socket.listenerCount('close'));
      listener(req, res);
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 30; i++) {
        const body = await new Promise<string>((resolve, reject) => {
          const req = httpRequest(
            `${origin}/echo`,
            { method: 'POST', agent, headers: { 'content-type': 'text/plain' } },
            (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => (text += chunk));
              res.on('end', () => resolve(text));
            },
          );
          req.on('error', reject);
          req.end(`call ${i}`);
        });
        expect(body).toBe(`call ${i}`);
      }
    } finally {
      process.off('warning', onWarning);
      agent.destroy();
    }
    expect(sockets.size).toBe(1);
    expect(counts.size).toBe(1);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
