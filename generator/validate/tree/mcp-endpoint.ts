// Tree check: the only MCP endpoint any artifact presents is {mcp_url}/mcp: never the installation guide
// {base_url}/mcp, never a legacy MCP path (content/mcp-server.yaml legacyPaths).
import type { Model } from '../../model/types.js';
import type { TreeValidator } from '../../registry/types.js';
import { negated } from '../../guard/wording.js';
import { publishedTexts, type ArtifactText } from '../text/artifact-text.js';
import { unitAt, unitsOfArtifact } from '../text/artifact-units.js';
import { pointer, walkJson, type JsonPath } from '../text/json-walk.js';
import { absoluteUrls, pathOn, splitPath } from '../text/urls.js';

/** Members whose value is, by their name, an MCP endpoint. */
const ENDPOINT_KEYS = new Set(['endpoint', 'mcpEndpoint', 'mcp_endpoint', 'serverUrl', 'server_url', 'mcpUrl', 'mcpServerUrl']);
/** Objects under these members describe how to reach a server: their `url` is an endpoint (server card remotes, SEP-1649 transport, A2A interfaces, client configs). */
const ENDPOINT_CONTAINERS = new Set(['remotes', 'transport', 'supportedInterfaces', 'additionalInterfaces', 'interfaces', 'mcpServers']);
const TRANSPORT_TYPES = new Set(['streamable-http', 'streamableHttp', 'sse', 'http']);
/** Words with which prose presents a URL as something to connect to. */
const ENDPOINT_WORDS = /endpoint|server\s+url|connect|configur|remote|transport|"url"\s*:|\burl\s*[:=]/i;

/** A link whose title names the MCP server or endpoint itself (an API catalog item), not a card or a guide about it. */
const MCP_SERVER_TITLE = /\bmcp\s+(?:server|endpoint)\b(?!\s*(?:card|manifest|guide|installation|documentation))/i;

type Role = 'endpoint' | 'service-url';

/** Whether a JSON string at a path is presented as an endpoint: surely (a transport's url) or as a card's service URL. */
function roleOf(path: JsonPath, parent: unknown): Role | undefined {
  const key = path[path.length - 1];
  if (typeof key !== 'string') return undefined;
  if (ENDPOINT_KEYS.has(key)) return 'endpoint';
  const siblings = (parent && typeof parent === 'object' ? parent : {}) as Record<string, unknown>;
  // RFC 9264: a linkset context's anchor is the service its links describe.
  if (key === 'anchor') return 'service-url';
  if (key === 'href') return typeof siblings.title === 'string' && MCP_SERVER_TITLE.test(siblings.title) ? 'endpoint' : undefined;
  if (key !== 'url' && key !== 'uri') return undefined;
  if (path.slice(0, -1).some((s) => typeof s === 'string' && ENDPOINT_CONTAINERS.has(s))) return 'endpoint';
  // An A2A interface (protocolBinding) or a v0.2/v0.3 card's service URL (preferredTransport) is where a client connects.
  if (TRANSPORT_TYPES.has(String(siblings.type)) || 'protocolBinding' in siblings || 'preferredTransport' in siblings) return 'endpoint';
  return path.length === 1 ? 'service-url' : undefined;
}

/** Why a URL is not an MCP endpoint, or undefined when it may be one. */
export function notAnEndpoint(url: string, model: Model): string | undefined {
  const onSite = pathOn(url, model.addresses.base_url);
  if (onSite !== undefined) {
    const { path } = splitPath(onSite);
    if (path === '/mcp' || path === '/mcp/' || path === '/mcp.md' || path.startsWith('/mcp/')) {
      return `${model.addresses.base_url}/mcp is the human installation guide (contract 4.1: a client must not be configured with it)`;
    }
  }
  for (const origin of Object.values(model.addresses)) {
    const on = pathOn(url, origin);
    if (on !== undefined && model.mcpServer.legacyPaths.examples.includes(splitPath(on).path)) {
      return `${splitPath(on).path} is a legacy MCP path, and legacy MCP paths are not public MCP endpoints`;
    }
  }
  return undefined;
}

function parentOf(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const s of path.slice(0, -1)) node = (node as Record<string | number, unknown>)?.[s];
  return node;
}

export const onlyMcpEndpoint: TreeValidator = (context) => {
  const { model } = context;
  const endpoint = model.addresses[model.mcpServer.host] + model.mcpServer.endpointPath;
  // A legacy path written on its own ("the /sse endpoint"); inside a URL it is checked with the URL's host.
  const legacyPattern = new RegExp(
    `(?<![\\w/.:-])(?:${model.mcpServer.legacyPaths.examples.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w/.-])`,
    'g',
  );
  const fix = `Point MCP clients at ${endpoint} ({mcp_url}${model.mcpServer.endpointPath}) only. {base_url}/mcp is the installation guide and legacy paths (content/mcp-server.yaml legacyPaths) are not endpoints.`;
  for (const item of publishedTexts(context)) {
    if (item.json !== undefined) checkJson(item, endpoint, fix);
    else checkText(item, fix);
  }

  function checkJson(item: ArtifactText, endpointUrl: string, fixText: string) {
    walkJson(item.json, (value, path) => {
      if (typeof value !== 'string') return;
      const role = roleOf(path, parentOf(item.json, path));
      if (!role) return;
      const why = notAnEndpoint(value, model);
      // Placed only when reported: the pointer map costs a second parse.
      const place = () => item.place(item.offsetAt(path));
      if (why) {
        context.diagnostics.error('validate', {
          ruleId: 'not-an-mcp-endpoint',
          reason: `\`${pointer(path)}\` presents ${value} as an endpoint, but ${why}.`,
          fix: fixText,
          place: place(),
        });
      } else if (role === 'endpoint' && value !== endpointUrl) {
        context.diagnostics.error('validate', {
          ruleId: 'mcp-endpoint-mismatch',
          reason: `\`${pointer(path)}\` is ${value}, but the hosted MCP server's address is ${endpointUrl} (contract 4.3).`,
          fix: fixText,
          place: place(),
        });
      }
    });
  }

  function checkText(item: ArtifactText, fixText: string) {
    const units = unitsOfArtifact(item);
    for (const unit of units) {
      if (negated(unit) || !ENDPOINT_WORDS.test(unit.text)) continue;
      for (const m of unit.text.matchAll(legacyPattern)) {
        context.diagnostics.error('validate', {
          ruleId: 'not-an-mcp-endpoint',
          reason: `${m[0]} is presented as an MCP endpoint, but it is a legacy MCP path, and legacy MCP paths are not public MCP endpoints.`,
          fix: `${fixText} A sentence may name it only to say that it is not an endpoint ("not", "must not"…).`,
          place: item.place(unit.offset + m.index),
        });
      }
    }
    for (const found of absoluteUrls(item.text)) {
      const why = notAnEndpoint(found.url, model);
      if (!why) continue;
      const unit = unitAt(units, found.offset);
      if (!unit || negated(unit) || !ENDPOINT_WORDS.test(unit.text)) continue;
      context.diagnostics.error('validate', {
        ruleId: 'not-an-mcp-endpoint',
        reason: `${found.url} is presented as an MCP endpoint, but ${why}.`,
        fix: `${fixText} A sentence may name it only to say that it is not an endpoint ("not", "must not"…).`,
        place: item.place(found.offset),
      });
    }
  }
};
