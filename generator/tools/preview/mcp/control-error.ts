// MCP errors as the contract shapes them: a standard JSON-RPC error carrying error.data.code and error.data.resolution.

/** JSON-RPC and MCP error codes the preview answers with. @see https://www.jsonrpc.org/specification#error_object */
export const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Implementation-defined server errors: the Streamable HTTP transport's header and session refusals. */
  serverError: -32000,
  /** The SDK transport's "session not found". */
  sessionNotFound: -32001,
  /** MCP: resource not found. @see https://modelcontextprotocol.io/specification/2025-11-25/server/resources#error-handling */
  resourceNotFound: -32002,
  /** Server-defined range: the token lacks the scope (only reached when the HTTP layer did not answer 403). */
  insufficientScope: -32003,
} as const;

/** Thrown by a request handler; the SDK copies `code`, `message` and `data` into the JSON-RPC error as they are. */
export class ControlError extends Error {
  readonly data: { code: string; resolution: string };

  constructor(
    readonly code: number,
    dataCode: string,
    message: string,
    resolution: string,
  ) {
    super(message);
    this.data = { code: dataCode, resolution };
  }
}
