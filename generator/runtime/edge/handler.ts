// The edge handler shared by the Netlify Edge Function and the Cloudflare Pages Function: Web-standard only.
// It answers the two query routes and Markdown negotiation; everything else is left to the CDN's static files.
import {
  answerAgentMode,
  answerPageContext,
  answerToResponse,
  contextUrlPathOf,
  isQueryRoute,
  type PageContext,
} from '../query-routes/index.js';
import { prefersMarkdown } from '../negotiation.js';
import { EDGE_TABLE_VERSION, type EdgeTable, type HeaderList } from './table.js';

/** Fetches a static file of the site (the CDN's own copy): a page's context file, by URL. */
export type AssetFetch = (url: URL) => Promise<Response>;

/**
 * Answers a request, or returns undefined when the CDN should serve it as a static file. A page context is the one
 * static file `fetchAsset` gets for it: the table holds only the route families, never every page's context.
 */
export async function answerEdgeRequest(
  request: Request,
  table: EdgeTable,
  fetchAsset: AssetFetch,
): Promise<Response | undefined> {
  if (table.version !== EDGE_TABLE_VERSION) {
    throw new Error(
      `The edge table has version ${String(table.version)}; this handler reads ${EDGE_TABLE_VERSION}. Rebuild.`,
    );
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const url = new URL(request.url);
  const head = request.method === 'HEAD';

  if (table.agentMode && isQueryRoute(table.agentMode.route, url)) {
    return withoutBodyFor(
      head,
      answerToResponse(answerAgentMode(table.agentMode.data), headerRecord(table.agentMode.headers)),
    );
  }
  if (table.pageContext && isQueryRoute(table.pageContext.route, url)) {
    const data = table.pageContext.data;
    const answer = await answerPageContext(data, url.searchParams.get('path'), async (file) => {
      const response = await fetchAsset(new URL(contextUrlPathOf(file), url.origin));
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`The context file ${file} answered ${response.status}.`);
      return (await response.json()) as PageContext;
    });
    return withoutBodyFor(head, answerToResponse(answer, headerRecord(table.pageContext.headers)));
  }
  if (prefersMarkdown(request.headers.get('accept'))) {
    const page = table.pages.find((p) => p.path === url.pathname);
    if (page)
      return withoutBodyFor(head, new Response(page.body, { status: 200, headers: headerRecord(page.headers) }));
  }
  return undefined;
}

/** The paths whose requests the handler may answer; a CDN need not run it anywhere else. */
export function answeredPaths(table: EdgeTable): string[] {
  const routes = [table.agentMode?.route, table.pageContext?.route].flatMap((r) =>
    r ? [new URL(r, 'http://route.invalid').pathname] : [],
  );
  return [...new Set([...routes, ...table.pages.map((p) => p.path)])];
}

function headerRecord(list: HeaderList): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of list) record[name.toLowerCase()] = value;
  return record;
}

function withoutBodyFor(head: boolean, response: Response): Response {
  return head ? new Response(null, { status: response.status, headers: response.headers }) : response;
}
