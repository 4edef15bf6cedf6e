// JSON-RPC errors in the contract's MCP shape (error.data.code and error.data.resolution), whoever raised them: the host,
// a request handler, or the SDK's transport and protocol layers (which answer without `data`, and sometimes with a zod
// dump or an exception's text as message).
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { NO_STORE, NOSNIFF } from '../http/headers.js';
import { JSON_RPC } from './control-error.js';
import { REQUEST_METHODS } from './methods.js';

const RPC = JSON_RPC;

interface ContractData {
  code: string;
  resolution: string;
}

const INTERNAL_MESSAGE = 'Internal error of the preview MCP server.';

/** What a client should do about each JSON-RPC error code, when whoever raised it gave no data. */
const BY_RPC_CODE: Record<number, ContractData> = {
  [RPC.parseError]: { code: 'parse_error', resolution: 'Send one JSON-RPC 2.0 message as JSON.' },
  [RPC.invalidRequest]: {
    code: 'invalid_request',
    resolution:
      'Send one JSON-RPC 2.0 request object: jsonrpc "2.0", an id (string or integer), a method and object params.',
  },
  [RPC.methodNotFound]: {
    code: 'method_not_found',
    resolution: `Use a method this server offers: ${REQUEST_METHODS.join(', ')}.`,
  },
  [RPC.invalidParams]: {
    code: 'invalid_params',
    resolution: "Send the method's params as the MCP schema gives them (tools/list shows each control's inputSchema).",
  },
  [RPC.internalError]: {
    code: 'internal_error',
    resolution: 'Retry; if it persists, report the request that caused it.',
  },
  [RPC.sessionNotFound]: { code: 'session_not_found', resolution: 'Start a new session with initialize.' },
};

/** The SDK transport's HTTP refusals (status → data), for answers it makes before any handler runs. */
const BY_STATUS: Record<number, ContractData> = {
  400: { code: 'bad_request', resolution: 'Send initialize first, then every request with its Mcp-Session-Id.' },
  404: BY_RPC_CODE[RPC.sessionNotFound]!,
  405: { code: 'method_not_allowed', resolution: 'Use GET, POST or DELETE on the MCP endpoint.' },
  406: {
    code: 'not_acceptable',
    resolution: 'POST with Accept: application/json, text/event-stream; GET with Accept: text/event-stream.',
  },
  409: {
    code: 'stream_conflict',
    resolution: 'A session has one event stream at a time: close the open one, or keep using it.',
  },
  413: { code: 'payload_too_large', resolution: 'Send one JSON-RPC message per request.' },
  415: { code: 'unsupported_media_type', resolution: 'Send the body with Content-Type: application/json.' },
};

const hasContractData = (data: unknown): boolean =>
  data !== null &&
  typeof data === 'object' &&
  typeof (data as ContractData).code === 'string' &&
  typeof (data as ContractData).resolution === 'string';

/**
 * A message as the contract shapes it: an error response without data.code and data.resolution gets them from its
 * code; an internal error's message (an exception's or a schema library's text) is replaced. Others pass unchanged.
 */
export function withContractData<T extends JSONRPCMessage>(message: T): T {
  if (!('error' in message) || !message.error || hasContractData(message.error.data)) return message;
  const known = BY_RPC_CODE[message.error.code];
  const internal = !known || message.error.code === RPC.internalError;
  return {
    ...message,
    error: {
      code: internal ? RPC.internalError : message.error.code,
      message: internal ? INTERNAL_MESSAGE : message.error.message,
      data: known && !internal ? known : BY_RPC_CODE[RPC.internalError]!,
    },
  };
}

/** A JSON-RPC error response of the host itself (no id when the request had none to answer). */
export function rpcError(
  status: number,
  code: number,
  message: string,
  dataCode: string,
  resolution: string,
  id: string | number | null = null,
): Response {
  return new Response(
    JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, data: { code: dataCode, resolution } } }),
    {
      status,
      headers: { 'content-type': 'application/json', 'cache-control': NO_STORE, ...NOSNIFF },
    },
  );
}

/**
 * An error answer of the SDK's transport in the contract's shape. Success answers are returned untouched (the hot path
 * reads no body); an error body is read, given data by its status, and stripped of any internal detail.
 */
export async function contractTransportAnswer(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  let body: { error?: { code?: unknown; message?: unknown; data?: unknown } } | undefined;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = undefined;
  }
  if (body?.error && hasContractData(body.error.data)) {
    return rpcError(
      response.status,
      Number(body.error.code),
      String(body.error.message),
      (body.error.data as ContractData).code,
      (body.error.data as ContractData).resolution,
    );
  }
  const data = BY_STATUS[response.status] ?? BY_RPC_CODE[RPC.internalError]!;
  const code = typeof body?.error?.code === 'number' ? body.error.code : RPC.serverError;
  const message =
    response.status < 500 && typeof body?.error?.message === 'string' ? body.error.message : INTERNAL_MESSAGE;
  const headers = new Headers(response.headers);
  const answer = rpcError(response.status, code, message, data.code, data.resolution);
  // The transport's own headers (Allow on 405, the session id) are kept.
  for (const [name, value] of headers) if (!answer.headers.has(name)) answer.headers.set(name, value);
  return answer;
}
