// Tree check: the only MCP endpoint any artifact presents is {mcp_url}/mcp: never the installation guide
// {base_url}/mcp, never a legacy MCP path (content/mcp-server.yaml legacyPaths).
import type { Model } from '../../../model/types.js';
import { negated } from '../../boundaries/wording.js';
import type { TextView } from '../text/artifact-text.js';
import { textTreeValidator } from '../text/text-check.js';
import { unitAt, unitChunksOfArtifact, type UnitChunk } from '../text/artifact-units.js';
import { urlsOfChunk } from '../text/artifact-urls.js';
import { pointer, walkJson, type JsonPath } from '../../text/json-walk.js';
import { RUN_MEMO_LIMIT, TextMemo } from '../../text/memo.js';
import { pathOn, splitPath } from '../../text/urls.js';
import { DOCUMENT_BINDING } from '../../emit/discovery/addresses.js';

/** Members whose value is, by their name, an MCP endpoint. */
const ENDPOINT_KEYS = new Set([
  'endpoint',
  'mcpEndpoint',
  'mcp_endpoint',
  'serverUrl',
  'server_url',
  'mcpUrl',
  'mcpServerUrl',
]);
/** Objects under these members describe how to reach a server: their `url` is an endpoint (server card remotes, SEP-1649 transport, A2A interfaces, client configs). */
const ENDPOINT_CONTAINERS = new Set([
  'remotes',
  'transport',
  'supportedInterfaces',
  'additionalInterfaces',
  'interfaces',
  'mcpServers',
]);
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
  if (key === 'href')
    return typeof siblings.title === 'string' && MCP_SERVER_TITLE.test(siblings.title) ? 'endpoint' : undefined;
  if (key !== 'url' && key !== 'uri') return undefined;
  // An A2A card's document interface (read with HTTP GET) is a document, not somewhere to connect.
  if (siblings.protocolBinding === DOCUMENT_BINDING || siblings.preferredTransport === DOCUMENT_BINDING)
    return undefined;
  if (path.slice(0, -1).some((s) => typeof s === 'string' && ENDPOINT_CONTAINERS.has(s))) return 'endpoint';
  // An A2A interface (protocolBinding) or a v0.2/v0.3 card's service URL (preferredTransport) is where a client connects.
  if (TRANSPORT_TYPES.has(String(siblings.type)) || 'protocolBinding' in siblings || 'preferredTransport' in siblings)
    return 'endpoint';
  return path.length === 1 ? 'service-url' : undefined;
}

interface TextClaims {
  legacy: { path: string; offset: number }[];
  urls: { url: string; offset: number; why: string }[];
}
// Per stretch of text (one check run, so one model).
const textClaims = new WeakMap<UnitChunk, TextClaims>();

/** Why a URL is not an MCP endpoint, or undefined when it may be one. */
export function notAnEndpoint(url: string, model: Model): string | undefined {
  const onSite = pathOn(url, model.addresses.base_url);
  if (onSite !== undefined) {
    const { path } = splitPath(onSite);
    if (path === '/mcp' || path === '/mcp/' || path === '/mcp.md' || path.startsWith('/mcp/')) {
      return `${model.addresses.base_url}/mcp is the human installation guide (a client must not be configured with it)`;
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

export const onlyMcpEndpoint = textTreeValidator(
  'onlyMcpEndpoint',
  (context) => {
    const { model } = context;
    // For this run: a URL's verdict depends only on the URL, and every page links the same ones.
    const verdicts = new TextMemo<string | null>(RUN_MEMO_LIMIT);
    const verdictOf = (url: string) => verdicts.get(url, (u) => notAnEndpoint(u, model) ?? null) ?? undefined;
    const endpoint = model.addresses[model.mcpServer.host] + model.mcpServer.endpointPath;
    // A legacy path written on its own ("the /sse endpoint"); inside a URL it is checked with the URL's host.
    const legacyPattern = new RegExp(
      `(?<![\\w/.:-])(?:${model.mcpServer.legacyPaths.examples.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w/.-])`,
      'g',
    );
    const fix = `Point MCP clients at ${endpoint} ({mcp_url}${model.mcpServer.endpointPath}) only. {base_url}/mcp is the installation guide and legacy paths (content/mcp-server.yaml legacyPaths) are not endpoints.`;

    return (item: TextView) => {
      if (item.json !== undefined) checkJson(item, endpoint, fix);
      else checkText(item, fix);
    };

    function checkJson(item: TextView, endpointUrl: string, fixText: string) {
      walkJson(item.json, (value, path, parent) => {
        if (typeof value !== 'string') return;
        const role = roleOf(path, parent);
        if (!role) return;
        const why = verdictOf(value);
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
            reason: `\`${pointer(path)}\` is ${value}, but the hosted MCP server's address is ${endpointUrl} (content/mcp-server.yaml).`,
            fix: fixText,
            place: place(),
          });
        }
      });
    }

    function checkText(item: TextView, fixText: string) {
      const chunks = unitChunksOfArtifact(item);
      for (const { offset, chunk } of chunks) {
        for (const claim of textClaimsOf(chunk).legacy) {
          context.diagnostics.error('validate', {
            ruleId: 'not-an-mcp-endpoint',
            reason: `${claim.path} is presented as an MCP endpoint, but it is a legacy MCP path, and legacy MCP paths are not public MCP endpoints.`,
            fix: `${fixText} A sentence may name it only to say that it is not an endpoint ("not", "must not"…).`,
            place: item.place(offset + claim.offset),
          });
        }
      }
      for (const { offset, chunk } of chunks) {
        for (const claim of textClaimsOf(chunk).urls) {
          context.diagnostics.error('validate', {
            ruleId: 'not-an-mcp-endpoint',
            reason: `${claim.url} is presented as an MCP endpoint, but ${claim.why}.`,
            fix: `${fixText} A sentence may name it only to say that it is not an endpoint ("not", "must not"…).`,
            place: item.place(offset + claim.offset),
          });
        }
      }
    }

    /** A stretch's legacy paths and URLs presented as endpoints, with offsets in the stretch; once per stretch. */
    function textClaimsOf(chunk: UnitChunk): TextClaims {
      let found = textClaims.get(chunk);
      if (found) return found;
      found = { legacy: [], urls: [] };
      for (const unit of chunk.units) {
        // The words first: a unit that presents nothing as an endpoint needs no reading of its negation.
        if (!ENDPOINT_WORDS.test(unit.text) || negated(unit)) continue;
        for (const m of unit.text.matchAll(legacyPattern))
          found.legacy.push({ path: m[0], offset: unit.offset + m.index });
      }
      for (const url of urlsOfChunk(chunk)) {
        const why = verdictOf(url.url);
        if (!why) continue;
        const unit = unitAt(chunk.units, url.offset);
        if (!unit || !ENDPOINT_WORDS.test(unit.text) || negated(unit)) continue;
        found.urls.push({ url: url.url, offset: url.offset, why });
      }
      textClaims.set(chunk, found);
      return found;
    }
  },
  { partWise: true },
);
