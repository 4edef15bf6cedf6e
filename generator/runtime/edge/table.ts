// The edge table: what the CDN edge handlers need, derived from the registry at build time and bundled with them.
import type { AgentModeDocument, PageContextData } from '../query-routes/index.js';

import type { HeaderList } from '../headers.js';

export type { HeaderList };

/** A page that may be answered with its Markdown twin. */
export interface NegotiatedPage {
  /** The page's path ("/mcp"). */
  path: string;
  /** The twin's path ("/mcp.md"). */
  twin: string;
  /** The twin's bytes, so that the handler answers without fetching its own site. */
  body: string;
  headers: HeaderList;
}

/** A query route and the data it is answered from. */
export interface QueryRouteTable<T> {
  /** The route as the registry writes it (the data entry's `dataFor`): "/?mode=agent", "/api/agent/page-context". */
  route: string;
  data: T;
  /** Headers of every answer of the route, errors included. */
  headers: HeaderList;
}

export interface EdgeTable {
  /** Bumped when the shape changes, so that a stale bundle fails loudly instead of answering wrongly. */
  version: 2;
  pages: NegotiatedPage[];
  agentMode?: QueryRouteTable<AgentModeDocument>;
  pageContext?: QueryRouteTable<PageContextData>;
}

export const EDGE_TABLE_VERSION = 2;
