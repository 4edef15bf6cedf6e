// The JSON-RPC requests the MCP host answers, each with the SDK's schema of it: one table for the handlers the server
// registers, the host's checks of a request before it reaches the SDK, and the error that lists them.
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** Requests answered by the SDK itself (lifecycle) and by the preview's handlers (discovery methods and controls). */
export const REQUEST_SCHEMAS = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/templates/list': ListResourceTemplatesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
} as const;

export type RequestMethod = keyof typeof REQUEST_SCHEMAS;

export const REQUEST_METHODS = Object.keys(REQUEST_SCHEMAS) as RequestMethod[];

export const isRequestMethod = (method: string): method is RequestMethod => Object.hasOwn(REQUEST_SCHEMAS, method);

/** Why a request's params do not match its schema, in words (path: problem), or undefined when they match. */
export function paramsProblem(method: RequestMethod, message: unknown): string | undefined {
  const result = REQUEST_SCHEMAS[method].safeParse(message);
  if (result.success) return undefined;
  return (
    result.error.issues
      .slice(0, 3)
      // The schema library says "received undefined" for a missing member: a client reads "missing" better.
      .map(
        (issue) =>
          `${issue.path.map(String).join('.') || 'the request'}: ${issue.message.replace(/received undefined$/, 'missing')}`,
      )
      .join('; ')
  );
}
