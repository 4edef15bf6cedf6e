// The serving table: what the runtime knows of one build of the site, derived from the registry and the content by
// the build. The preview and dev read the whole table; the edge handlers are bundled with the part they answer.
import type { HeaderList } from '../headers.js';
import type { TiePreference } from '../negotiation/choose.js';
import type { PageContextData } from '../query-routes/types.js';

/** Bumped when the shape changes, so that a stale bundle fails loudly instead of answering wrongly. */
export const SERVING_TABLE_VERSION = 6;

/** A file the site serves at a path, with every header it is served with. */
export interface TableFile {
  /** The path a client requests ("/mcp", "/mcp.md", "/_agent/agent-mode.json"). */
  path: string;
  headers: HeaderList;
}

/** A page whose address also answers with its Markdown twin. */
export interface NegotiatedPage {
  path: string;
  /** The twin's path ("/mcp.md"). */
  twin: string;
}

export interface ServingTable {
  version: typeof SERVING_TABLE_VERSION;
  /** The site's origin ({base_url}). */
  origin: string;
  /**
   * The files the runtime answers itself. The whole table lists every file the site serves; the edge table only the
   * twins and the query routes' data (a CDN serves everything else from its static files).
   */
  files: TableFile[];
  negotiation: {
    /** The content's preference when a request ranks both representations equally. */
    onTie: TiePreference;
    /** The media types of every page and of every twin. */
    media: { page: string; twin: string };
    pages: NegotiatedPage[];
  };
  /** `/?mode=agent`: answered with its data file. */
  agentMode?: { route: string; file: string; headers: HeaderList };
  /** `/api/agent/page-context?path=`: answered with one page's context, out of its shard, read when asked for. */
  pageContext?: { route: string; data: PageContextData; headers: HeaderList };
  /** Addresses of the site an MCP client may wrongly be configured with, each with why it is not an endpoint. */
  mcp: { endpoint: string; authStart: string; notEndpoints: { path: string; reason: string }[] };
  /** Absolute URLs of the catalogs a 404 points to. */
  catalogs: string[];
  /**
   * The not-found page, when the content has one: its HTML file and its Markdown twin, each with the headers of the 404
   * it is sent as. A request that names HTML or Markdown gets it instead of the error envelope.
   */
  notFound?: { page: TableFile; twin?: TableFile };
  /**
   * File bodies carried in the table, by path, with their ETag (the edge table's twins and agent-mode data, so that the
   * handler needs no fetch). A file without one is read as a static file of the site.
   */
  bodies?: Record<string, { body: string; etag: string }>;
  /**
   * The edge table's rule for the pages it does not list, so that its size does not grow with the site: a page's twin
   * is found from the page's path, and the page is known to negotiate when the twin is a file of the site.
   */
  pageRule?: PageRule;
  /** The path patterns a platform runs the edge handler on (exact paths and folder splats: `/help/*`). */
  runsOn?: string[];
}

/** How the edge handler knows a page it does not list: by its twin's path, read from the site's files. */
export interface PageRule {
  /** What a page's path takes to name its twin ("/mcp" → "/mcp.md"). */
  twinSuffix: string;
  /** The twin of "/" ("/index.md"). */
  homeTwin: string;
  /** Every such page's headers, as far as the handler answers for it (OPTIONS, 405): the page's Link is the CDN's. */
  page: HeaderList;
  /** Every such twin's headers. */
  twin: HeaderList;
  /** Paths the rule does not apply to: a file at the twin's path that is no page's twin. */
  except: string[];
}
