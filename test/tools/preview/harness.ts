// Shared by the preview suites: one preview on ports the system chooses, requests to its hosts, tokens for its users.
import type { Addresses } from '../../../generator/model/types.js';
import { mintToken } from '../../../generator/tools/preview/auth/tokens.js';
import type { RunningPreview } from '../../../generator/tools/preview/preview.js';

export type GetPreview = () => RunningPreview;

/** Absolute URL on one host of the running preview. */
export function at(preview: RunningPreview, host: keyof Addresses, path: string): string {
  return `${preview.addresses[host]}${path}`;
}

export function endpointOf(preview: RunningPreview): string {
  return `${preview.addresses.mcp_url}${preview.model.mcpServer.endpointPath}`;
}

export function allScopes(preview: RunningPreview): string[] {
  return preview.model.authentication.scopes.map((s) => s.name);
}

export function scopeOf(preview: RunningPreview, control: string): string {
  return preview.model.mcpServer.controls.find((c) => c.name === control)!.requiredScope;
}

/** A token as the preview authorization server issues it, with any claim overridden (expired, other audience…). */
export function token(
  preview: RunningPreview,
  options: {
    user?: string;
    scopes?: string[];
    resource?: string;
    issuer?: string;
    secret?: string;
    now?: number;
    lifetime?: number;
  } = {},
): Promise<string> {
  const settings = preview.model.preview!.server;
  return mintToken({
    secret: options.secret ?? settings.tokenSecret,
    issuer: options.issuer ?? preview.addresses.auth_url,
    userId: options.user ?? settings.defaultUser,
    resource: options.resource ?? endpointOf(preview),
    scopes: options.scopes ?? allScopes(preview),
    clientId: 'test-client',
    use: 'access',
    lifetimeSeconds: options.lifetime ?? 600,
    now: options.now,
  });
}

export const MCP_ACCEPT = 'application/json, text/event-stream';

/** One JSON-RPC request to the MCP host, in-process. */
export function rpc(preview: RunningPreview, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return preview.mcp.handler(
    new Request(endpointOf(preview), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: MCP_ACCEPT, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

export function initializeMessage(protocolVersion: string, id: number | string = 1) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'preview-test', version: '1' } },
  };
}

/** An initialized session for a token: headers to send with every later request. */
export async function openSession(preview: RunningPreview, bearer: string): Promise<Record<string, string>> {
  const version = preview.model.preview!.server.mcpProtocolVersions.at(-1)!;
  const auth = { authorization: `Bearer ${bearer}` };
  const response = await rpc(preview, initializeMessage(version), auth);
  if (response.status !== 200) throw new Error(`initialize answered ${response.status}: ${await response.text()}`);
  const headers = {
    ...auth,
    'mcp-session-id': response.headers.get('mcp-session-id')!,
    'mcp-protocol-version': version,
  };
  const initialized = await rpc(preview, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
  if (initialized.status !== 202) throw new Error(`initialized answered ${initialized.status}`);
  return headers;
}

/** Sends a request in a session and returns the parsed JSON-RPC answer. */
export async function call(
  preview: RunningPreview,
  session: Record<string, string>,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{
  status: number;
  body: {
    result?: Record<string, unknown>;
    error?: { code: number; message: string; data?: { code: string; resolution: string } };
  };
}> {
  const response = await rpc(preview, { jsonrpc: '2.0', id: 7, method, params }, session);
  return { status: response.status, body: (await response.json()) as never };
}

/** The contract's API error envelope, checked field by field (section 7). */
export function expectEnvelope(body: unknown, status: number, code: string): void {
  const error = (body as { error?: Record<string, unknown> }).error;
  if (!error) throw new Error(`No error envelope in ${JSON.stringify(body)}`);
  const problems = [
    error.code !== code && `code ${String(error.code)} ≠ ${code}`,
    error.status !== status && `status ${String(error.status)} ≠ ${status}`,
    (typeof error.message !== 'string' || error.message.length === 0) && 'no message',
    (typeof error.resolution !== 'string' || error.resolution.length === 0) && 'no resolution',
    Object.keys(body as object).length !== 1 && 'members beside `error`',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`Envelope ${JSON.stringify(body)}: ${problems.join(', ')}`);
}
