// The preview MCP host: Streamable HTTP at {mcp_url}/mcp on the official SDK, with bearer authentication, per-control
// scopes, DNS rebinding checks, CORS and stateful sessions (one Server and transport per session, reused for every call).
// Every request is checked before the SDK sees it, so every refusal carries the contract's error data.
import { randomUUID } from 'node:crypto';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Model } from '../../../model/types.js';
import type { Registry } from '../../../build/registry/registry.js';
import type { BuiltFiles } from '../built-files.js';
import { createPreviewProvider } from '../auth/auth-host.js';
import { mcpResourceUrl, requirePreview } from '../preview-model.js';
import type { FetchHandler } from '../http/fetch-handler.js';
import { fileResponse } from '../http/file-response.js';
import { methodNotAllowed, notFound } from '../http/errors.js';
import { CORS_ANY, DISCOVERY_CACHE_CONTROL, NOSNIFF } from '../http/headers.js';
import { readLimitedBody } from '../http/read-body.js';
import { authenticate, insufficientScope, type BearerOptions } from './bearer.js';
import { JSON_RPC } from './control-error.js';
import { documentPreflight, endpointCorsHeaders, endpointPreflight } from './cors.js';
import { createMcpServer, mcpCatalog, type McpCatalog } from './mcp-server.js';
import { isRequestMethod, paramsProblem, REQUEST_METHODS } from './methods.js';
import { allowedHosts, allowedOrigins, rebindingProblem } from './rebinding.js';
import { PreviewRecords } from './records.js';
import { contractTransportAnswer, rpcError, withContractData } from './rpc-errors.js';
import { Sessions, type Session } from './sessions.js';
import { rememberVerifiedTokens } from './verified-tokens.js';
import { releaseAnsweredStreams } from './answered-streams.js';
import { resourceScopes, scopeOfResource } from './resources.js';

export interface McpHostOptions {
  model: Model;
  registry: Registry;
  files: BuiltFiles;
  /** Verifies access tokens (default: the preview provider, which checks the preview signature). */
  verifier?: OAuthTokenVerifier;
  /**
   * DANGER, conformance runs only: `true` switches bearer authentication off, every caller acting as the preview
   * default user with every scope. Never the default; the preview CLI announces it loudly and every answer carries
   * `x-preview-auth: off`.
   */
  authenticationOff?: boolean;
  /** Sessions kept at once, all users together; beyond it the busiest user's least recently used is closed. */
  maxSessions?: number;
  /** Sessions one user keeps at once; beyond it their own least recently used is closed. */
  maxSessionsPerUser?: number;
}

export interface McpHost {
  handler: FetchHandler;
  sessionCount(): number;
  close(): Promise<void>;
}

const DEFAULT_LIMITS = { total: 500, perUser: 32, idleMs: 30 * 60_000 };
const ANONYMOUS = '(authentication off)';
/** Methods of the endpoint (Streamable HTTP): messages, the session's event stream, the end of a session. */
const ENDPOINT_METHODS = ['GET', 'POST', 'DELETE'];

type Message = JSONRPCMessage & { method?: string; id?: string | number; params?: Record<string, unknown> };

export function createMcpHost(options: McpHostOptions): McpHost {
  const { model, registry, files } = options;
  const preview = requirePreview(model);
  const endpoint = model.mcpServer.endpointPath;
  const protocolVersions = preview.server.mcpProtocolVersions;
  const latestVersion = protocolVersions[protocolVersions.length - 1]!;
  const scopes = resourceScopes(model);
  if (options.authenticationOff) {
    process.stderr.write(
      `!! MCP HOST AUTHENTICATION IS OFF: ${model.addresses.mcp_url}${endpoint} answers without a bearer token, as ` +
        `${preview.server.defaultUser} with every scope. For the conformance suite only.\n`,
    );
  }
  const anonymous = options.authenticationOff
    ? { userId: preview.server.defaultUser, scopes: model.authentication.scopes.map((s) => s.name) }
    : undefined;
  const catalog: McpCatalog = mcpCatalog(model, new PreviewRecords(preview.fixtures), scopes, anonymous);
  const bearer: BearerOptions = {
    // The preview provider's answer depends on the token and the clock only, so its acceptances can be remembered.
    verifier: options.verifier ?? rememberVerifiedTokens(createPreviewProvider(model)),
    resource: new URL(mcpResourceUrl(model)).href,
    resourceMetadataUrl: `${model.addresses.mcp_url}${model.authentication.protectedResourceMetadataPath}`,
    scopes: model.authentication.scopes.map((s) => s.name),
  };
  const hosts = allowedHosts(model.addresses.mcp_url);
  const origins = allowedOrigins([model.addresses.base_url, model.addresses.mcp_url]);
  const documents = new Map(registry.served('mcp').map((e) => [e.path, e]));
  const sessions = new Sessions({
    total: options.maxSessions ?? DEFAULT_LIMITS.total,
    perUser: options.maxSessionsPerUser ?? DEFAULT_LIMITS.perUser,
    idleMs: DEFAULT_LIMITS.idleMs,
  });

  const marked = (request: Request, response: Response): Response => {
    if (options.authenticationOff) response.headers.set('x-preview-auth', 'off');
    if (!response.headers.has('x-content-type-options')) response.headers.set('x-content-type-options', 'nosniff');
    // A browser client reads every answer of the endpoint, refusals included, when its origin is accepted.
    const origin = request.headers.get('origin');
    if (origin !== null && !response.headers.has('access-control-allow-origin') && origins.has(origin.toLowerCase())) {
      for (const [name, value] of Object.entries(endpointCorsHeaders(origin))) response.headers.set(name, value);
    }
    return response;
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== endpoint) return serveDocument(request, url.pathname);

    const rebinding = rebindingProblem(request, hosts, origins);
    if (rebinding) {
      return rpcError(
        403,
        JSON_RPC.serverError,
        rebinding,
        'invalid_origin',
        `Call ${bearer.resource} directly, from its own host name.`,
      );
    }
    // A preflight carries no credentials: it is answered before authentication.
    if (request.method === 'OPTIONS') return endpointPreflight(request.headers.get('origin'), ENDPOINT_METHODS);

    let auth: AuthInfo | undefined;
    if (!options.authenticationOff) {
      const checked = await authenticate(request, bearer);
      if (!checked.ok) return checked.response;
      auth = checked.auth;
    }
    const owner = auth ? (auth.extra!.userId as string) : ANONYMOUS;

    const versionHeader = request.headers.get('mcp-protocol-version');
    if (versionHeader !== null && !protocolVersions.includes(versionHeader)) {
      return rpcError(
        400,
        JSON_RPC.serverError,
        `Unsupported MCP protocol version ${versionHeader}.`,
        'unsupported_protocol_version',
        `Use one of ${protocolVersions.join(', ')}.`,
      );
    }

    if (request.method === 'GET' || request.method === 'DELETE') {
      if (request.method === 'GET' && !accepts(request, 'text/event-stream')) {
        return refusal(406, 'Not Acceptable: the event stream needs Accept: text/event-stream.');
      }
      const session = findSession(request, owner);
      if (session instanceof Response) return session;
      return contractTransportAnswer(await session.transport.handleRequest(request, { authInfo: auth }));
    }
    if (request.method !== 'POST') return methodNotAllowed(request.method, endpoint, ENDPOINT_METHODS);

    if (!accepts(request, 'application/json') || !accepts(request, 'text/event-stream')) {
      return refusal(406, 'Not Acceptable: send Accept: application/json, text/event-stream.');
    }
    if (!isJsonMediaType(request.headers.get('content-type'))) {
      return refusal(415, 'Unsupported Media Type: the body must be Content-Type: application/json.');
    }
    const body = await readLimitedBody(request, preview.server.maxRequestBytes);
    if (!body.ok) {
      return refusal(413, `The request body is larger than ${preview.server.maxRequestBytes} bytes.`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.text);
    } catch {
      return rpcError(
        400,
        JSON_RPC.parseError,
        'Parse error: the body is not JSON.',
        'parse_error',
        'Send one JSON-RPC 2.0 message as JSON.',
      );
    }
    // MCP 2025-06-18 removed JSON-RPC batching from the transport; 2025-11-25 keeps it removed.
    if (Array.isArray(parsed)) {
      return rpcError(
        400,
        JSON_RPC.invalidRequest,
        'Invalid Request: JSON-RPC batches are not part of the MCP transport.',
        'batch_not_supported',
        'Send each JSON-RPC message in its own POST request.',
      );
    }
    if (!JSONRPCMessageSchema.safeParse(parsed).success) {
      return rpcError(
        400,
        JSON_RPC.invalidRequest,
        'Invalid Request: the body is not a JSON-RPC 2.0 request, notification or response.',
        'invalid_request',
        'Send an object with jsonrpc "2.0", a method (string), an id (string or integer) for a request, and object params.',
      );
    }
    const message = parsed as Message;

    if (auth) {
      const refused = scopeRefusal(message, auth);
      if (refused) return refused;
    }
    const isInitialize = message.method === 'initialize' && message.id !== undefined;
    if (isInitialize && !request.headers.has('mcp-session-id')) {
      const invalid = requestProblem(message);
      if (invalid) return invalid;
      return startSession(request, message, auth, owner);
    }
    const session = findSession(request, owner);
    if (session instanceof Response) return session;
    const invalid = requestProblem(message);
    if (invalid) return invalid;
    const response = await session.transport.handleRequest(request, { parsedBody: message, authInfo: auth });
    releaseAnsweredStreams(session.transport);
    return contractTransportAnswer(response);
  }

  /** A request for an unknown method or with params its schema refuses: answered as the SDK would, with data. */
  function requestProblem(message: Message): Response | undefined {
    if (message.id === undefined || typeof message.method !== 'string') return undefined;
    if (!isRequestMethod(message.method)) {
      return rpcError(
        200,
        JSON_RPC.methodNotFound,
        `Method not found: ${message.method.slice(0, 100)}`,
        'method_not_found',
        `Use a method this server offers: ${REQUEST_METHODS.join(', ')}.`,
        message.id,
      );
    }
    const problem = paramsProblem(message.method, message);
    if (!problem) return undefined;
    return rpcError(
      200,
      JSON_RPC.invalidParams,
      `Invalid params of ${message.method}: ${problem}.`,
      'invalid_params',
      "Send the method's params as the MCP schema gives them (tools/list shows each control's inputSchema).",
      message.id,
    );
  }

  /** 403 when a message needs a scope the token lacks; the HTTP layer answers it so the client can step up. */
  function scopeRefusal(message: Message, auth: AuthInfo): Response | undefined {
    let needed: string | undefined;
    let what = '';
    if (message.method === 'tools/call') {
      const name = message.params?.name;
      const control = model.mcpServer.controls.find((c) => c.name === name);
      needed = control?.requiredScope;
      what = `The control ${String(name)}`;
    } else if (message.method === 'resources/read') {
      const uri = message.params?.uri;
      needed = typeof uri === 'string' ? scopeOfResource(uri, scopes) : undefined;
      what = `Reading ${String(uri)}`;
    }
    if (!needed || auth.scopes.includes(needed)) return undefined;
    return insufficientScope(bearer, auth.scopes, needed, what);
  }

  /** A client asking for a revision this server does not speak is answered with the latest one it does (MCP lifecycle). */
  function negotiateVersion(message: Message): string {
    const params = message.params!;
    if (!protocolVersions.includes(String(params.protocolVersion))) params.protocolVersion = latestVersion;
    return params.protocolVersion as string;
  }

  async function startSession(
    request: Request,
    message: Message,
    auth: AuthInfo | undefined,
    owner: string,
  ): Promise<Response> {
    const protocolVersion = negotiateVersion(message);
    sessions.makeRoom(owner);
    const server = createMcpServer(catalog);
    let sessionId: string | undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        sessionId = id;
        sessions.add(id, { transport, server, owner, protocolVersion, lastSeen: Date.now() });
      },
    });
    transport.onclose = () => {
      if (sessionId) sessions.remove(sessionId);
    };
    await server.connect(transport);
    // Every message the server sends (handler errors, the SDK's own refusals) leaves in the contract's shape.
    const send = transport.send.bind(transport);
    transport.send = (outgoing, sendOptions) => send(withContractData(outgoing), sendOptions);
    const response = await transport.handleRequest(request, { parsedBody: message, authInfo: auth });
    releaseAnsweredStreams(transport);
    if (!sessionId) await server.close();
    return contractTransportAnswer(response);
  }

  function findSession(request: Request, owner: string): Session | Response {
    const id = request.headers.get('mcp-session-id');
    if (!id) {
      return rpcError(
        400,
        JSON_RPC.serverError,
        'Bad Request: the Mcp-Session-Id header is missing.',
        'missing_session',
        'Send initialize first, then the Mcp-Session-Id it returns with every request.',
      );
    }
    const session = sessions.use(id);
    // Another user's session answers exactly like an unknown one.
    if (!session || session.owner !== owner) {
      return rpcError(
        404,
        JSON_RPC.sessionNotFound,
        'Session not found.',
        'session_not_found',
        'Start a new session with initialize.',
      );
    }
    const version = request.headers.get('mcp-protocol-version');
    // Without the header the negotiated version is assumed (MCP transports, "Protocol Version Header").
    if (version !== null && version !== session.protocolVersion) {
      return rpcError(
        400,
        JSON_RPC.serverError,
        `The session negotiated MCP ${session.protocolVersion}; the request says ${version}.`,
        'protocol_version_mismatch',
        `Send MCP-Protocol-Version: ${session.protocolVersion} with every request of this session, or start a new session.`,
      );
    }
    return session;
  }

  function serveDocument(request: Request, path: string): Response {
    const entry = documents.get(path);
    const file = entry ? files.of(entry) : undefined;
    if (!entry || !file) {
      return notFound(
        path,
        `The MCP endpoint is ${bearer.resource}; its protected resource metadata is at ${bearer.resourceMetadataUrl}.`,
      );
    }
    if (request.method === 'OPTIONS') return documentPreflight();
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return methodNotAllowed(request.method, path, ['GET', 'HEAD']);
    return fileResponse(request, file, {
      'content-type': entry.mediaType,
      'cache-control': DISCOVERY_CACHE_CONTROL,
      ...CORS_ANY,
      ...NOSNIFF,
    });
  }

  return {
    handler: async (request) => marked(request, await handle(request)),
    sessionCount: () => sessions.size,
    close: () => sessions.closeAll(),
  };
}

/** A refusal of the transport's header and size rules, with the data the SDK's own refusal would lack. */
function refusal(status: 406 | 413 | 415, message: string): Response {
  const data = {
    406: [
      'not_acceptable',
      'POST with Accept: application/json, text/event-stream; GET with Accept: text/event-stream.',
    ],
    413: ['payload_too_large', 'Send one JSON-RPC message per request.'],
    415: ['unsupported_media_type', 'Send the body with Content-Type: application/json.'],
  }[status];
  return rpcError(status, JSON_RPC.serverError, message, data[0]!, data[1]!);
}

/** Whether an Accept header lists a media type by name, as the Streamable HTTP transport requires (no wildcards). */
function accepts(request: Request, mediaType: string): boolean {
  const accept = request.headers.get('accept');
  if (!accept) return false;
  return accept.split(',').some((range) => range.split(';')[0]!.trim().toLowerCase() === mediaType);
}

/** Whether a Content-Type is application/json (parameters such as charset allowed). */
function isJsonMediaType(contentType: string | null): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}
