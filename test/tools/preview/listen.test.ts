// A preview host keeps an idle connection open long enough that a client slowed by a busy machine does not send its
// next request on a socket the host has just closed (Node's fetch reuses a socket until the host's advertised
// keep-alive time, less a margin of its own; a host closing at 5 s reset requests of clients stalled for 2 s).
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bindHost, type BoundHost, LOOPBACK } from '../../../generator/tools/preview/http/listen.js';

let host: BoundHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** Two requests on one connection, `idleMs` apart; what the host answered to each (its status line), or why not. */
async function twoRequests(port: number, idleMs: number): Promise<string[]> {
  const socket = connect(port, LOOPBACK);
  const request = `GET / HTTP/1.1\r\nHost: ${LOOPBACK}:${port}\r\nConnection: keep-alive\r\n\r\n`;
  const answers: string[] = [];
  let closed = false;
  socket.on('close', () => {
    closed = true;
  });
  socket.on('data', (chunk) => {
    for (const line of chunk.toString('latin1').split('\r\n')) if (line.startsWith('HTTP/1.1 ')) answers.push(line);
  });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(request);
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  if (!closed) socket.write(request);
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.destroy();
  return closed ? [...answers, 'closed by the host'] : answers;
}

describe('a preview host', () => {
  it('advertises a keep-alive time well beyond a client’s margin, and holds an idle connection for 6 s', async () => {
    host = await bindHost(0);
    host.setListener((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n'));
    const answer = await fetch(`http://${LOOPBACK}:${host.port}/`);
    await answer.text();
    const timeout = Number(/timeout=(\d+)/.exec(answer.headers.get('keep-alive') ?? '')?.[1]);
    expect(timeout).toBeGreaterThanOrEqual(30);
    expect(await twoRequests(host.port, 6_000)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
  }, 15_000);
});
