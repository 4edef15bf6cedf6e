// The shape every preview host written against the Fetch standard has, and how Node's HTTP server calls it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { apiErrorResponse } from '../../../runtime/api-error.js';
import { NO_STORE } from './headers.js';

/** What the socket knows of a request and the Request does not carry. */
export interface RequestInfo {
  /** The caller's address (rate limits); absent for in-process requests. */
  address?: string;
}

/** A preview host: a Web-standard request in, a response out. Tested in-process, bound to a port only to serve. */
export type FetchHandler = (request: Request, info?: RequestInfo) => Promise<Response>;

/**
 * Node request listener for a handler. `origin` is the host's own address: the request URL is built from it and the
 * raw request target, never from the Host header (which the handler still sees, to check it).
 */
export function toNodeListener(handler: FetchHandler, origin: () => string) {
  const logged = new Set<string>();
  return (req: IncomingMessage, res: ServerResponse): void => {
    void serve(handler, origin(), req, res, logged);
  };
}

/** Kinds of unexpected failure logged by one listener at most: a failure every request repeats is logged once. */
const LOGGED_FAILURES = 100;

async function serve(
  handler: FetchHandler,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
  logged: Set<string>,
): Promise<void> {
  let request: Request;
  try {
    request = toRequest(origin, req, res, await smallBody(req));
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request target.\n');
    return;
  }
  let response: Response;
  try {
    response = await handler(request, { address: req.socket.remoteAddress });
  } catch (error) {
    const failure = String(error).slice(0, 300);
    if (!logged.has(failure) && logged.size < LOGGED_FAILURES) {
      logged.add(failure);
      process.stderr.write(
        `preview: unexpected failure (each kind logged once), first on ${req.method} ${req.url}: ${failure}\n`,
      );
    }
    // The failure's words stay in the log: the answer is the contract's envelope.
    response = apiErrorResponse(
      500,
      'internal_error',
      'Internal error of the preview server.',
      'Retry; if it persists, report the request that caused it.',
      { 'cache-control': NO_STORE },
    );
  }
  await writeResponse(response, req, res);
}

/** Bodies up to this size, announced by Content-Length, are read at once: a Web stream per request costs more. */
const BUFFERED_BODY_LIMIT = 1024 * 1024;

async function smallBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const length = Number(req.headers['content-length']);
  if (req.method === 'GET' || req.method === 'HEAD' || !Number.isInteger(length) || length > BUFFERED_BODY_LIMIT)
    return undefined;
  const whole = await readWhole(req);
  // A view over the bytes read: the Request takes its own copy.
  return new Uint8Array(whole.buffer as ArrayBuffer, whole.byteOffset, whole.byteLength);
}

/** The whole body through plain stream events: cheaper per request than an async iterator over the stream. */
function readWhole(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once('error', reject);
    req.once('close', () => {
      if (!req.complete) reject(new Error('The client went away before the end of the body.'));
    });
  });
}

function toRequest(
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
  buffered: Uint8Array<ArrayBuffer> | undefined,
): Request {
  // The target is appended, not resolved: "//other.example/x" must stay a path of this host.
  const url = origin + (req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    body: !hasBody ? undefined : (buffered ?? (Readable.toWeb(req) as ReadableStream<Uint8Array>)),
    // A body already in memory has nothing left to abort, and a signal per request costs more than building the request.
    signal: buffered ? undefined : abortOnClientGone(res),
    // @ts-expect-error Node's fetch needs `duplex` for a streamed request body; the DOM types do not know it yet.
    duplex: 'half',
  });
}

/** Aborts when the client goes away before the answer is written: a streamed upload or a long-lived event stream. */
function abortOnClientGone(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  // Per response, not per socket: keep-alive sockets serve many requests and would collect listeners.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

async function writeResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel();
    res.end();
    return;
  }
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    // A whole answer (JSON, a file) is written at once; only event streams are relayed chunk by chunk.
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  // An event stream may stay silent for long: the client must see its headers now, not with the first event.
  res.flushHeaders();
  const reader = response.body.getReader();
  // An event stream lives until the client goes away: stop reading then, so the host can clean up.
  const stop = () => void reader.cancel().catch(() => {});
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve));
    }
  } catch {
    // The client went away mid-stream; nothing to answer.
  } finally {
    res.off('close', stop);
    res.end();
  }
}
