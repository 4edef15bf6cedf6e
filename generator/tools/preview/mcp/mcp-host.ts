// The preview MCP host: Streamable HTTP at {mcp_url}/mcp on the official SDK, with bearer authentication, per-control
// scopes, DNS rebinding checks and stateful sessions (one Server and transport per session, reused for every call).
import { randomUUID } from 'node:crypto';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Model } from '../../../model/types.js';
import type { Registry } from '../../../build/registry/registry.js';
import type { BuiltFiles } from '../built-files.js';
import { createPreviewProvider } from '../auth/auth-host.js';
import { mcpResourceUrl, requirePreview } from '../preview-model.js';
import type { FetchHandler } from '../http/fetch-handler.js';
import { fileResponse } from '../http/file-response.js';
import { methodNotAllowed, notFound } from '../http/errors.js';
import { CORS_ANY, DISCOVERY_CACHE_CONTROL, NO_STORE, NOSNIFF } from '../http/headers.js';
import { readLimitedBody } from '../http/read-body.js';
import { authenticate, insufficientScope, type BearerOptions } from './bearer.js';
import { createMcpServer, mcpCatalog, type McpCatalog } from './mcp-server.js';
import { allowedHosts, allowedOrigins, rebindingProblem } from './rebinding.js';
import { PreviewRecords } from './records.js';
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
  /** Sessions kept at once; the least recently used is closed beyond it. */
  maxSessions?: number;
}

export interface McpHost {
  handler: FetchHandler;
  sessionCount(): number;
  close(): Promise<void>;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  owner: string;
  lastSeen: number;
}

/** Sessions idle this long are closed when a new one starts (no timers: nothing to stop). */
const SESSION_IDLE_MS = 30 * 60_000;
const DEFAULT_MAX_SESSIONS = 500;
const ANONYMOUS = '(authentication off)';

interface JsonRpcMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: Record<string, unknown>;
}

export function createMcpHost(options: McpHostOptions): McpHost {
  const { model, registry, files } = options;
  const preview = requirePreview(model);
  const endpoint = model.mcpServer.endpointPath;
  const protocolVersions = model.publication.mcpProtocolVersions;
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
    resource: mcpResourceUrl(model),
    resourceMetadataUrl: `${model.addresses.mcp_url}${model.authentication.protectedResourceMetadataPath}`,
    scopes: model.authentication.scopes.map((s) => s.name),
  };
  const hosts = allowedHosts(model.addresses.mcp_url);
  const origins = allowedOrigins([model.addresses.base_url, model.addresses.mcp_url]);
  const documents = new Map(registry.served('mcp').map((e) => [e.path, e]));
  const sessions = new Map<string, Session>();
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;

  const marked = (response: Response): Response => {
    if (options.authenticationOff) response.headers.set('x-preview-auth', 'off');
    if (!response.headers.has('x-content-type-options')) response.headers.set('x-content-type-options', 'nosniff');
    return response;
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== endpoint) return serveDocument(request, url.pathname);

    const rebinding = rebindingProblem(request, hosts, origins);
    if (rebinding)
      return rpcError(
        403,
        -32000,
        rebinding,
        'invalid_origin',
        `Call ${bearer.resource} directly, from its own host name.`,
      );

    let auth: AuthInfo | undefined;
    if (!options.authenticationOff) {
      const checked = await authenticate(request, bearer);
      if (!checked.ok) return checked.response;
      auth = checked.auth;
    }
    const owner = auth ? String(auth.extra?.userId) : ANONYMOUS;

    const versionHeader = request.headers.get('mcp-protocol-version');
    if (versionHeader !== null && !protocolVersions.includes(versionHeader)) {
      return rpcError(
        400,
        -32000,
        `Unsupported MCP protocol version ${versionHeader}.`,
        'unsupported_protocol_version',
        `Use one of ${protocolVersions.join(', ')}.`,
      );
    }

    if (request.method === 'GET' || request.method === 'DELETE') {
      const session = findSession(request, owner);
      if (session instanceof Response) return session;
      return session.transport.handleRequest(request, { authInfo: auth });
    }
    if (request.method !== 'POST') return methodNotAllowed(request.method, endpoint, ['GET', 'POST', 'DELETE']);

    const body = await readLimitedBody(request, preview.server.maxRequestBytes);
    if (!body.ok) {
      return rpcError(
        413,
        -32000,
        `The request body is larger than ${preview.server.maxRequestBytes} bytes.`,
        'payload_too_large',
        'Send one JSON-RPC message per request.',
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.text);
    } catch {
      return rpcError(
        400,
        -32700,
        'Parse error: the body is not JSON.',
        'parse_error',
        'Send one JSON-RPC 2.0 message as JSON.',
      );
    }
    const messages = (Array.isArray(parsed) ? parsed : [parsed]) as JsonRpcMessage[];

    if (auth) {
      for (const message of messages) {
        const refusal = scopeRefusal(message, auth);
        if (refusal) return refusal;
      }
    }
    for (const message of messages) negotiateVersion(message);

    const isInitialize = messages.some((m) => m && m.method === 'initialize');
    if (isInitialize && !request.headers.has('mcp-session-id')) return startSession(request, parsed, auth, owner);
    const session = findSession(request, owner);
    if (session instanceof Response) return session;
    const response = await session.transport.handleRequest(request, { parsedBody: parsed, authInfo: auth });
    releaseAnsweredStreams(session.transport);
    return response;
  }

  /** 403 when a message needs a scope the token lacks; the HTTP layer answers it so the client can step up. */
  function scopeRefusal(message: JsonRpcMessage, auth: AuthInfo): Response | undefined {
    if (!message || typeof message !== 'object') return undefined;
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
  function negotiateVersion(message: JsonRpcMessage): void {
    if (message?.method !== 'initialize' || !message.params) return;
    if (!protocolVersions.includes(String(message.params.protocolVersion)))
      message.params.protocolVersion = latestVersion;
  }

  async function startSession(
    request: Request,
    parsed: unknown,
    auth: AuthInfo | undefined,
    owner: string,
  ): Promise<Response> {
    dropIdleSessions();
    const server = createMcpServer(catalog);
    let sessionId: string | undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        sessionId = id;
        sessions.set(id, { transport, server, owner, lastSeen: Date.now() });
      },
    });
    transport.onclose = () => {
      if (sessionId) sessions.delete(sessionId);
    };
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: parsed, authInfo: auth });
    releaseAnsweredStreams(transport);
    if (!sessionId) await server.close();
    return response;
  }

  function findSession(request: Request, owner: string): Session | Response {
    const id = request.headers.get('mcp-session-id');
    if (!id) {
      return rpcError(
        400,
        -32000,
        'Bad Request: the Mcp-Session-Id header is missing.',
        'missing_session',
        'Send initialize first, then the Mcp-Session-Id it returns with every request.',
      );
    }
    const session = sessions.get(id);
    // Another user's session answers exactly like an unknown one.
    if (!session || session.owner !== owner) {
      return rpcError(404, -32001, 'Session not found.', 'session_not_found', 'Start a new session with initialize.');
    }
    session.lastSeen = Date.now();
    sessions.delete(id);
    sessions.set(id, session);
    return session;
  }

  function dropIdleSessions(): void {
    const now = Date.now();
    for (const [id, session] of sessions) {
      if (sessions.size < maxSessions && now - session.lastSeen < SESSION_IDLE_MS) break;
      sessions.delete(id);
      void session.server.close().catch(() => {});
    }
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
    handler: async (request) => marked(await handle(request)),
    sessionCount: () => sessions.size,
    close: async () => {
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.all(all.map((s) => s.server.close().catch(() => {})));
    },
  };
}

/** A JSON-RPC error outside any session (no id to answer), in the contract's MCP error shape. */
function rpcError(status: number, code: number, message: string, dataCode: string, resolution: string): Response {
  return new Response(
    JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message, data: { code: dataCode, resolution } } }),
    {
      status,
      headers: { 'content-type': 'application/json', 'cache-control': NO_STORE, ...NOSNIFF },
    },
  );
}
