// The serving table the runtime answers from, made from the serving plan and the content: every served file with its
// headers, the pages that negotiate and the content's tie preference, the query routes, and the addresses an MCP
// client must be told are not its endpoint.
import type { Model } from '../../../model/types.js';
import { errorPageHeaders, headerValue } from '../../../runtime/headers.js';
import type { PageContextData } from '../../../runtime/query-routes/types.js';
import { representationOf } from '../../../runtime/negotiation/media-range.js';
import { SERVING_TABLE_VERSION, type ServingTable } from '../../../runtime/site/table.js';
import { fillAddresses, type Registry } from '../../registry/registry.js';
import { MEDIA_TYPES } from '../../registry/media-types.js';
import type { ArtifactSet, EmitContext } from '../../registry/types.js';
import { servingPlan, type ServingPlan } from './serving-plan.js';

/**
 * The whole table. `artifacts` gives the page-context route its data (the route families and where the context files
 * are); without it (a registry alone) the route is left out.
 */
export function servingTable(
  plan: ServingPlan,
  registry: Registry,
  model: Model,
  pageContextData?: (file: string) => PageContextData | undefined,
): ServingTable {
  const media = negotiatedMedia(plan);
  const table: ServingTable = {
    version: SERVING_TABLE_VERSION,
    origin: registry.origin('site'),
    files: plan.files.map((f) => ({ path: f.path, headers: f.headers })),
    negotiation: {
      onTie:
        representationOf(model.pageNegotiation.onTie).subtype === representationOf(media.twin).subtype
          ? 'twin'
          : 'page',
      media,
      pages: plan.negotiated.map((n) => ({ path: n.path, twin: n.twin.path })),
    },
    mcp: {
      endpoint: `${model.addresses.mcp_url}${model.mcpServer.endpointPath}`,
      authStart: fillAddresses(model.authentication.discoveryChain[0]?.url ?? '{base_url}', model.addresses),
      notEndpoints: [...notMcpEndpoints(model)].map(([path, reason]) => ({ path, reason })),
    },
    catalogs: [
      ...registry.ofKind('api-catalog').filter((e) => e.host === 'site' && !e.aliasOf),
      ...registry.ofKind('llms-root').filter((e) => e.host === 'site'),
    ].map((e) => registry.url(e)),
  };
  const notFoundFile = (kind: 'not-found-page' | 'not-found-markdown') => {
    const entry = registry.ofKind(kind).find((e) => e.host === 'site');
    return entry && { path: entry.path, headers: errorPageHeaders(entry.mediaType) };
  };
  const notFoundPage = notFoundFile('not-found-page');
  if (notFoundPage) {
    const twin = notFoundFile('not-found-markdown');
    table.notFound = { page: notFoundPage, ...(twin ? { twin } : {}) };
  }
  for (const route of plan.queryRoutes) {
    if (route.data.entry.kind === 'agent-mode')
      table.agentMode = { route: route.route, file: route.data.path, headers: route.headers };
    if (route.data.entry.kind === 'page-context') {
      const data = pageContextData?.(route.data.file);
      if (data) table.pageContext = { route: route.route, data, headers: route.headers };
    }
  }
  return table;
}

/**
 * The build's serving plan and table, made once per build for every cdn emitter. Read it only from an `emitLast` kind
 * (the page-context data must have been emitted).
 */
export function servingOf(context: Pick<EmitContext, 'memo' | 'registry' | 'model' | 'artifacts'>): {
  plan: ServingPlan;
  table: ServingTable;
} {
  const plan = context.memo('cdn:serving-plan', () => servingPlan(context.registry));
  const table = context.memo('cdn:serving-table', () =>
    servingTable(plan, context.registry, context.model, emittedPageContextData(context.artifacts)),
  );
  return { plan, table };
}

/** The page-context data as the build emitted it, read from the artifacts. */
export function emittedPageContextData(artifacts: ArtifactSet): (file: string) => PageContextData | undefined {
  return (file) => {
    const artifact = artifacts.get('site', file);
    return artifact ? (JSON.parse(artifacts.text(artifact)) as PageContextData) : undefined;
  };
}

/** Every page is HTML and every twin Markdown; the runtime negotiates between these two media types. */
function negotiatedMedia(plan: ServingPlan): { page: string; twin: string } {
  const type = (headers: [string, string][]) => headerValue(headers, 'Content-Type')!;
  const byPath = new Map(plan.files.map((f) => [f.path, f]));
  const pages = new Set(plan.negotiated.map((n) => type(byPath.get(n.path)!.headers)));
  const twins = new Set(plan.negotiated.map((n) => type(n.twin.headers)));
  if (pages.size > 1 || twins.size > 1)
    throw new Error(`Negotiated pages must share one media type and their twins another: ${[...pages, ...twins]}.`);
  return { page: [...pages][0] ?? MEDIA_TYPES.html, twin: [...twins][0] ?? MEDIA_TYPES.markdown };
}

/**
 * The site paths an MCP client may wrongly be configured with: the contract's addresses that are not endpoints (under
 * {base_url}) and the legacy MCP paths, each with why.
 */
export function notMcpEndpoints(model: Model): Map<string, string> {
  const paths = new Map<string, string>();
  for (const path of model.mcpServer.legacyPaths.examples) paths.set(path, model.mcpServer.legacyPaths.statement);
  for (const item of model.mcpServer.notEndpoints) {
    const url = fillAddresses(item.url, model.addresses);
    if (url.startsWith(model.addresses.base_url)) {
      paths.set(url.slice(model.addresses.base_url.length) || '/', fillAddresses(item.reason, model.addresses));
    }
  }
  return paths;
}
