// The endpoints the contract publishes on the hosts other than the site, and the check of a text against them that
// the content guard and the artifact guard share.
import type { AddressName, Model } from '../../model/types.js';
import type { Registry } from '../registry/registry.js';
import type { HostName } from '../registry/types.js';
import type { TextUnit } from '../text/units.js';

export interface HostEndpoints {
  address: AddressName;
  host: Exclude<HostName, 'site' | 'deploy'>;
  /** Paths the contract publishes on this host ("/" is the bare origin: the issuer, for instance). */
  paths: Set<string>;
}

/**
 * The pricing API's one call, the MCP server's endpoint and protected-resource metadata (both RFC 9728 forms), the
 * authorization server's metadata; with a registry, also whatever the build itself emits for those hosts.
 */
export function contractEndpoints(model: Model, registry?: Registry): HostEndpoints[] {
  const auth = model.authentication;
  const emitted = (host: HostName) => registry?.of(host).map((e) => e.path) ?? [];
  const mcpPath = model.mcpServer.endpointPath;
  return [
    { address: 'api_url', host: 'api', paths: new Set(['/', model.pricingCall.path, ...emitted('api')]) },
    {
      address: 'mcp_url',
      host: 'mcp',
      paths: new Set([
        '/',
        mcpPath,
        auth.protectedResourceMetadataPath,
        `${auth.protectedResourceMetadataPath}${mcpPath}`,
        ...emitted('mcp'),
      ]),
    },
    {
      address: 'auth_url',
      host: 'auth',
      paths: new Set(['/', auth.authorizationServerMetadataPath, ...emitted('auth')]),
    },
  ];
}

export function describePaths(endpoints: HostEndpoints): string {
  return [...endpoints.paths].filter((p) => p !== '/').join(', ');
}

export const UNKNOWN_ENDPOINT_FIX =
  'Link only the endpoints of the contract (content/pricing-call.yaml, content/mcp-server.yaml, content/authentication.yaml); endpoints must not be inferred from the web application or invented.';

/** Placeholder URLs as editors write them: "{api_url}/api/v1/orders". */
const PLACEHOLDER_URL = /\{(api_url|mcp_url|auth_url)\}([^\s"'<>`)\]|]*)/g;

export interface EndpointFinding {
  unit: TextUnit;
  index: number;
  reason: string;
}

/** In content text: a placeholder URL on the API, MCP or authorization host that is not one of the contract's endpoints. */
export function placeholderEndpointFindings(
  units: TextUnit[],
  model: Model,
  negated: (u: TextUnit) => boolean,
): EndpointFinding[] {
  const hosts = contractEndpoints(model);
  const findings: EndpointFinding[] = [];
  for (const unit of units) {
    for (const m of unit.text.matchAll(PLACEHOLDER_URL)) {
      const endpoints = hosts.find((h) => h.address === m[1])!;
      const path = (m[2] ?? '').replace(/[.,;:!?*_]+$/, '').split(/[?#]/)[0] || '/';
      if (endpoints.paths.has(path) || model.mcpServer.legacyPaths.examples.includes(path) || negated(unit)) continue;
      findings.push({
        unit,
        index: m.index,
        reason: `{${m[1]}}${path} is not an endpoint of the contract: on {${m[1]}} it publishes only ${describePaths(endpoints)}.`,
      });
    }
  }
  return findings;
}

/** An HTTP method, then a root-relative path: "POST /api/v1/webhooks", "`DELETE /api/v1/members/{id}`". */
const METHOD_PATH = /\b(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\s+`?(\/[^\s`"'<>()[\]|,;]*)/g;

/**
 * In any text: a method and a path that names no endpoint of the contract (on the pricing API, MCP or authorization
 * host) and no path of the site (`isSitePath`). "POST /api/v1/webhooks registers a webhook" claims an interface the
 * contract does not publish, whatever words follow it; a unit that says it is not provided passes.
 */
export function methodPathFindings(
  units: TextUnit[],
  model: Model,
  isSitePath: (path: string) => boolean,
  negated: (u: TextUnit) => boolean,
): EndpointFinding[] {
  const findings: EndpointFinding[] = [];
  let hosts: HostEndpoints[] | undefined;
  for (const unit of units) {
    // Most units name no method: judged on one search first.
    if (!MAY_NAME_METHOD.test(unit.text)) continue;
    for (const m of unit.text.matchAll(METHOD_PATH)) {
      const path = m[2]!.replace(/[.,;:!?*_]+$/, '').split(/[?#]/)[0] || '/';
      hosts ??= contractEndpoints(model);
      if (hosts.some((h) => h.paths.has(path)) || isSitePath(path)) continue;
      if (model.mcpServer.legacyPaths.examples.includes(path) || negated(unit)) continue;
      findings.push({
        unit,
        index: m.index,
        reason: `\`${m[1]} ${path}\` names an endpoint the contract does not publish: its only call is ${model.pricingCall.method} {${model.pricingCall.host}}${model.pricingCall.path}, and ${path} is no path of the site.`,
      });
    }
  }
  return findings;
}

const MAY_NAME_METHOD = /\b(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\s/;
