// The site host of the preview: serves the built site tree by registry entry, with the headers agents and scanners expect.
import type { Model } from '../../../model/types.js';
import type { Registry } from '../../../build/registry/registry.js';
import type { RegistryEntry } from '../../../build/registry/types.js';
import {
  answerAgentMode,
  answerPageContext,
  answerToResponse,
  isQueryRoute,
  type AgentModeDocument,
  type PageContext,
  type PageContextData,
} from '../../../runtime/query-routes/index.js';
import type { BuiltFile, BuiltFiles } from '../built-files.js';
import type { FetchHandler } from '../http/fetch-handler.js';
import { methodNotAllowed, notFound } from '../http/errors.js';
import { CORS_ANY, DISCOVERY_CACHE_CONTROL, NO_STORE, NOSNIFF, PAGE_CACHE_CONTROL } from '../http/headers.js';
import { fileResponse } from '../http/file-response.js';
import { looksLikeMcpRequest, misdirectedMcpPaths, notAnMcpEndpoint } from './mcp-misdirect.js';
import { prefersMarkdown } from './negotiate.js';

export interface SiteHostOptions {
  model: Model;
  registry: Registry;
  files: BuiltFiles;
}

const READ_METHODS = ['GET', 'HEAD', 'OPTIONS'];

export function createSiteHost({ model, registry, files }: SiteHostOptions): FetchHandler {
  const served = new Map(registry.served('site').map((e) => [e.path, e]));
  const queryRoutes = registry.of('site').filter((e) => e.dataFor);
  const mcpPaths = misdirectedMcpPaths(model);
  const catalog = registry.ofKind('api-catalog').find((e) => e.host === 'site');
  const index = registry.ofKind('llms-root').find((e) => e.host === 'site');
  const notFoundAdvice = `The published resources are listed in ${
    [catalog, index]
      .filter((e): e is RegistryEntry => e !== undefined)
      .map((e) => registry.url(e))
      .join(' and ') || model.addresses.base_url
  }.`;

  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname;

    const misdirected = mcpPaths.get(path);
    if (misdirected && looksLikeMcpRequest(request)) return notAnMcpEndpoint(model, path, misdirected);

    for (const route of queryRoutes) {
      if (!isQueryRoute(route.dataFor!, url)) continue;
      if (!READ_METHODS.includes(request.method)) return methodNotAllowed(request.method, route.dataFor!, READ_METHODS);
      if (request.method === 'OPTIONS') return preflight();
      return answerQueryRoute(route, files, url);
    }

    const entry = served.get(path);
    if (!entry) {
      const withoutSlash = path.length > 1 && path.endsWith('/') ? served.get(path.slice(0, -1)) : undefined;
      if (withoutSlash && READ_METHODS.includes(request.method)) {
        return new Response(null, { status: 308, headers: { location: withoutSlash.path + url.search, ...NOSNIFF } });
      }
      return notFound(path, notFoundAdvice);
    }
    if (!READ_METHODS.includes(request.method)) return methodNotAllowed(request.method, path, READ_METHODS);
    if (request.method === 'OPTIONS') return preflight();

    let file = files.of(entry);
    const twin = entry.twin ? files.get(entry.twin) : undefined;
    if (twin && prefersMarkdown(request.headers.get('accept'))) file = twin;
    if (!file) return notFound(path, notFoundAdvice);
    return fileResponse(request, file, headersFor(entry, file, registry));
  };
}

function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_ANY,
      'access-control-allow-methods': READ_METHODS.join(', '),
      'access-control-allow-headers': 'accept, if-none-match',
      'access-control-max-age': '86400',
      allow: READ_METHODS.join(', '),
      ...NOSNIFF,
    },
  });
}

/** Headers of one served file; `entry` is the requested entry, `file` what is sent (the page or its twin). */
function headersFor(entry: RegistryEntry, file: BuiltFile, registry: Registry): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': file.entry.mediaType,
    'cache-control': entry.discovery ? DISCOVERY_CACHE_CONTROL : PAGE_CACHE_CONTROL,
    ...NOSNIFF,
  };
  if (entry.discovery) Object.assign(headers, CORS_ANY);
  const links: string[] = [];
  if (entry.kind === 'api-catalog') links.push(`<${entry.path}>; rel="api-catalog"`);
  if (entry.kind === 'html-page') {
    const catalog = registry.ofKind('api-catalog').find((e) => e.host === 'site');
    if (catalog) links.push(`<${catalog.path}>; rel="api-catalog"`);
    if (entry.twin) links.push(`<${entry.twin}>; rel="alternate"; type="text/markdown"`);
  }
  if (links.length > 0) headers.link = links.join(', ');
  // A page with a twin answers two representations at one URL: caches must key on Accept.
  if (entry.twin) headers.vary = 'Accept';
  return headers;
}

async function answerQueryRoute(route: RegistryEntry, files: BuiltFiles, url: URL): Promise<Response> {
  const headers = { 'cache-control': NO_STORE, ...CORS_ANY };
  const file = files.of(route);
  if (!file) return notFound(route.dataFor!, 'The build that is served lacks this route’s data; build again.');
  const data = parsedData(file);
  if (route.kind === 'page-context') {
    // Only the asked page's context file is read (the runtime has checked the path: no "." or ".." segments).
    const read = (contextFile: string) => {
      const text = files.streamedFile(route, contextFile.slice(1));
      return text === undefined ? undefined : (JSON.parse(text) as PageContext);
    };
    return answerToResponse(
      await answerPageContext(data as PageContextData, url.searchParams.get('path'), read),
      headers,
    );
  }
  if (route.kind === 'agent-mode') return answerToResponse(answerAgentMode(data as AgentModeDocument), headers);
  return new Response(file.bytes, { headers: { 'content-type': route.mediaType, ...headers, ...NOSNIFF } });
}

const parsed = new WeakMap<BuiltFile, unknown>();

/** The JSON behind a query route, parsed once per served file. */
function parsedData(file: BuiltFile): unknown {
  if (!parsed.has(file)) parsed.set(file, JSON.parse(new TextDecoder().decode(file.bytes)));
  return parsed.get(file);
}
