// The preview hosts under load: 20 connections for 15 s on each of the MCP host (tools/call with a token), the pricing
// call and the authorization server (metadata, authorization, code exchange, refresh, spread over 200 clients so each
// stays within its rate limit), all three at once, in a child process of their own. Every answer must be the expected
// one, and the hosts' memory (heap after garbage collection) must come back within 20 % of where it started. The
// authorization server's stores are made small enough that the warm-up fills them, so both measurements are taken
// with every bounded store full.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';

const CONNECTIONS = 20;
const SECONDS = 15;
const CLIENTS = 200;

interface Targets {
  authLimits: { pendingCodes: number; refreshFamilies: number };
  mcp: { url: string; headers: Record<string, string>; body: string };
  pricing: { url: string; body: string };
  auth: {
    origin: string;
    metadataPath: string;
    resource: string;
    clients: string[];
    redirect: string;
    verifier: string;
    challenge: string;
  };
}

interface Memory {
  heapUsed: number;
  rss: number;
  held: { pendingCodes: number; spentCodes: number; refreshFamilies: number };
  sessions: number;
}

let child: ChildProcessWithoutNullStreams | undefined;
let targets: Targets;
let output = '';

function nextLine(prefix: string): Promise<string> {
  const start = output.length;
  return new Promise((resolve, reject) => {
    const look = () => {
      const line = output
        .slice(start)
        .split('\n')
        .find((l) => l.startsWith(`${prefix} `));
      if (!line) return false;
      child!.stdout.off('data', onData);
      resolve(line.slice(prefix.length + 1));
      return true;
    };
    const onData = () => void look();
    child!.stdout.on('data', onData);
    child!.once('exit', (code) => reject(new Error(`the load host exited with ${code}`)));
    look();
  });
}

async function memory(): Promise<Memory> {
  const line = nextLine('MEMORY');
  child!.stdin.write('memory\n');
  return JSON.parse(await line) as Memory;
}

/** Answers other than these count as errors (autocannon counts every non-2xx, and authorization answers 302). */
function errorsOf(result: autocannon.Result, expected: number[]): number {
  const unexpected = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !expected.includes(Number(status)))
    .reduce((sum, [, stats]) => sum + Number((stats as { count: number | string }).count), 0);
  return result.errors + result.timeouts + unexpected;
}

/** The hosts bind 127.0.0.1 but check the Host header against their published address (which may say localhost). */
function run(options: autocannon.Options & { url: string }): Promise<autocannon.Result> {
  const url = new URL(options.url);
  const host = url.host;
  url.hostname = '127.0.0.1';
  return autocannon({
    connections: CONNECTIONS,
    duration: SECONDS,
    ...options,
    url: url.href,
    headers: { ...options.headers, host },
  });
}

/** What one round remembers between its requests. */
type Round = { client?: string; code?: string; refresh?: string };

/** One sign-in per round, each by the next of the registered clients: authorize, exchange the code, refresh. */
function authorizationRounds(auth: Targets['auth']): autocannon.Request[] {
  let turn = 0;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  return [
    { method: 'GET', path: auth.metadataPath },
    {
      method: 'GET',
      setupRequest: (request, context) => {
        const client = auth.clients[turn++ % auth.clients.length]!;
        (context as Round).client = client;
        const query = new URLSearchParams({
          response_type: 'code',
          client_id: client,
          redirect_uri: auth.redirect,
          code_challenge: auth.challenge,
          code_challenge_method: 'S256',
          state: 'load',
          resource: auth.resource,
        });
        return { ...request, path: `/authorize?${query}` };
      },
      onResponse: (_status, _body, context, headers) => {
        const location = (headers as Record<string, string>).location;
        (context as Round).code = location ? (new URL(location).searchParams.get('code') ?? '') : '';
      },
    },
    {
      method: 'POST',
      path: '/token',
      headers: form,
      setupRequest: (request, context) => ({
        ...request,
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: String((context as Round).code),
          code_verifier: auth.verifier,
          client_id: String((context as Round).client),
          redirect_uri: auth.redirect,
          resource: auth.resource,
        }).toString(),
      }),
      onResponse: (_status, body, context) => {
        (context as Round).refresh = (JSON.parse(body) as { refresh_token?: string }).refresh_token ?? '';
      },
    },
    {
      method: 'POST',
      path: '/token',
      headers: form,
      setupRequest: (request, context) => ({
        ...request,
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: String((context as Round).refresh),
          client_id: String((context as Round).client),
        }).toString(),
      }),
    },
  ];
}

describe('the preview hosts under load', () => {
  beforeAll(async () => {
    child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', join(PROJECT_ROOT, 'test/tools/preview/load-host.ts'), String(CLIENTS)],
      { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    targets = JSON.parse(await nextLine('READY')) as Targets;
  }, 120_000);

  afterAll(async () => {
    if (!child) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.stdin.end();
    await exited;
  });

  it(`answers ${CONNECTIONS} connections for ${SECONDS} s on each host without an error, and gives its memory back`, async () => {
    const load = (seconds: number) =>
      Promise.all([
        run({
          url: targets.mcp.url,
          method: 'POST',
          headers: targets.mcp.headers,
          body: targets.mcp.body,
          duration: seconds,
        }),
        run({
          url: targets.pricing.url,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: targets.pricing.body,
          duration: seconds,
        }),
        run({ url: targets.auth.origin, requests: authorizationRounds(targets.auth), duration: seconds }),
      ]);
    // "Where it started" is a warm host: compiled code and the first allocations of each path are not a leak.
    await load(2);
    const before = await memory();
    const [call, pricing, authorization] = await load(SECONDS);
    // Pending codes and idle state settle once the load stops; then the heap is measured again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await memory();
    const report = {
      mcp: {
        requests: call.requests.total,
        perSecond: call.requests.average,
        p99: call.latency.p99,
        errors: errorsOf(call, [200]),
      },
      pricing: {
        requests: pricing.requests.total,
        perSecond: pricing.requests.average,
        p99: pricing.latency.p99,
        errors: errorsOf(pricing, [200]),
      },
      authorization: {
        requests: authorization.requests.total,
        perSecond: authorization.requests.average,
        p99: authorization.latency.p99,
        errors: errorsOf(authorization, [200, 302]),
        statuses: authorization.statusCodeStats,
      },
      heapMb: { before: before.heapUsed / 2 ** 20, after: after.heapUsed / 2 ** 20 },
      rssMb: { before: before.rss / 2 ** 20, after: after.rss / 2 ** 20 },
      held: { before: before.held, after: after.held },
      sessions: after.sessions,
    };
    process.stdout.write(`load: ${JSON.stringify(report)}\n`);
    expect(report.mcp.errors, JSON.stringify(report)).toBe(0);
    expect(report.pricing.errors, JSON.stringify(report)).toBe(0);
    expect(report.authorization.errors, JSON.stringify(report)).toBe(0);
    expect(call.requests.total).toBeGreaterThan(0);
    expect(pricing.requests.total).toBeGreaterThan(0);
    expect(authorization.requests.total).toBeGreaterThan(0);
    // Full before and after: spent codes are kept up to four times the pending limit, families up to their limit.
    const full = {
      spentCodes: targets.authLimits.pendingCodes * 4,
      refreshFamilies: targets.authLimits.refreshFamilies,
    };
    for (const held of [before.held, after.held]) expect(held, JSON.stringify(report)).toMatchObject(full);
    expect(after.heapUsed / before.heapUsed, JSON.stringify(report)).toBeLessThan(1.2);
    expect(after.sessions).toBe(before.sessions);
  }, 90_000);
});
