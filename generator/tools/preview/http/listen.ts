// Binds preview hosts to ports (on 127.0.0.1 unless asked otherwise) and stops them again; port 0 lets the system
// choose (tests).
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BoundHost {
  /** The port actually bound. */
  port: number;
  /** The request listener; set after binding, because a host's documents name the address it was bound to. */
  setListener(listener: RequestListener): void;
  close(): Promise<void>;
}

export const LOOPBACK = '127.0.0.1';

/** How long a host keeps an idle connection (advertised as `Keep-Alive: timeout=60`). */
const KEEP_ALIVE_MS = 60_000;

export async function bindHost(port: number, address: string = LOOPBACK): Promise<BoundHost> {
  let current: RequestListener = (_req, res) => {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' }).end('Starting.\n');
  };
  const server: Server = createServer((req, res) => current(req, res));
  // An idle connection is kept long enough that a client slowed by a busy machine (whose fetch stops reusing a socket
  // only a moment before the advertised time) never sends a request on a socket this host has just closed; close()
  // ends the idle ones at once.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    setListener(listener) {
      current = listener;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
