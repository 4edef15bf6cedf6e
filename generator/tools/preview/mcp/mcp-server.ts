// One low-level MCP `Server` for one session: the four discovery methods and the three read-only controls.
// Low-level, not McpServer: McpServer turns handler errors into tool results and drops error.data (see mcp-sdk-notes.md).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Model } from '../../../model/types.js';
import { ControlError, JSON_RPC } from './control-error.js';
import { callControl, controlTools, exampleIds } from './controls.js';
import { REQUEST_SCHEMAS } from './methods.js';
import type { PreviewRecords } from './records.js';
import { listResources, readResource, resourceTemplates, scopeOfResource, type ResourceScopes } from './resources.js';

/** What every session shares: built once per host, so a session costs only its Server and transport. */
export interface McpCatalog {
  model: Model;
  records: PreviewRecords;
  tools: Tool[];
  scopes: ResourceScopes;
  /** The identity used when authentication is switched off (conformance runs only). */
  anonymous?: { userId: string; scopes: string[] };
}

export function mcpCatalog(
  model: Model,
  records: PreviewRecords,
  scopes: ResourceScopes,
  anonymous?: McpCatalog['anonymous'],
): McpCatalog {
  const defaultUser = model.preview?.server.defaultUser;
  const examples = defaultUser ? exampleIds(records, defaultUser) : {};
  return { model, records, tools: controlTools(model.mcpServer.controls, examples), scopes, anonymous };
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The user and scopes of a request, from the verified token (the HTTP layer has already refused requests without one). */
function caller(catalog: McpCatalog, extra: Extra): { userId: string; scopes: string[] } {
  const userId = extra.authInfo?.extra?.userId;
  if (extra.authInfo && typeof userId === 'string') return { userId, scopes: extra.authInfo.scopes };
  if (catalog.anonymous) return catalog.anonymous;
  throw new ControlError(
    JSON_RPC.insufficientScope,
    'unauthenticated',
    'The request carries no verified token.',
    'Send a bearer token in the Authorization header.',
  );
}

function requireScope(held: string[], needed: string): void {
  if (held.includes(needed)) return;
  throw new ControlError(
    JSON_RPC.insufficientScope,
    'insufficient_scope',
    `This needs scope ${needed}, which the token does not carry.`,
    `Authorize again with the scopes ${[...held, needed].join(' ')}.`,
  );
}

export function createMcpServer(catalog: McpCatalog): Server {
  const { model, records } = catalog;
  const server = new Server(
    { name: model.publication.mcpServerCard.name, title: model.mcpServer.title, version: model.publication.version },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false, subscribe: false } },
      instructions: `${model.mcpServer.rules.map((r) => r.text).join(' ')} Preview server: records and result shapes are preview fixtures.`,
    },
  );
  const controlNames = model.mcpServer.controls.map((c) => c.name);

  server.setRequestHandler(REQUEST_SCHEMAS['tools/list'], () => ({ tools: catalog.tools }));
  server.setRequestHandler(REQUEST_SCHEMAS['tools/call'], (request, extra) => {
    const who = caller(catalog, extra);
    const control = model.mcpServer.controls.find((c) => c.name === request.params.name);
    if (control) requireScope(who.scopes, control.requiredScope);
    return callControl(records, who.userId, request.params.name, request.params.arguments, controlNames);
  });
  server.setRequestHandler(REQUEST_SCHEMAS['resources/list'], (_request, extra) => {
    const who = caller(catalog, extra);
    return { resources: listResources(records, who.userId, who.scopes, catalog.scopes) };
  });
  server.setRequestHandler(REQUEST_SCHEMAS['resources/templates/list'], () => ({
    resourceTemplates: resourceTemplates(catalog.scopes),
  }));
  server.setRequestHandler(REQUEST_SCHEMAS['resources/read'], (request, extra) => {
    const who = caller(catalog, extra);
    const needed = scopeOfResource(request.params.uri, catalog.scopes);
    if (needed) requireScope(who.scopes, needed);
    return readResource(records, who.userId, request.params.uri);
  });
  return server;
}
