// The data the page-context and agent-mode handlers answer with: the shapes of the JSON files the build emits.
// Web-standard TypeScript only (no node: imports) so that the preview server and the edge functions share it.

/** A rule an agent follows when it reads or uses a page, in plain words. */
export type PageRule = string;

/** A resource linked from a page context: an absolute URL with its media type and relation. */
export interface PageContextResource {
  /** Absolute URL. */
  href: string;
  /** Media type the URL is served with. */
  type: string;
  title: string;
  /** Why it is linked: "alternate" (the Markdown twin), "index" (an AI index), "describedby", "service-desc"… */
  rel: string;
}

/** A family of read-only public pages sharing one route pattern ("/help/{slug}") or one exact path ("/pricing"). */
export interface RouteFamily {
  id: string;
  /** A site path; `{name}` stands for one path segment. */
  pattern: string;
  /** The schema.org page type of the family's pages ("WebPage", "CollectionPage", "TechArticle"…). */
  type: string;
  title: string;
  description: string;
  /** Site paths of pages of the family that the site publishes. */
  examplePaths: string[];
  rules: PageRule[];
}

/** The agent context of one public page, as `/api/agent/page-context?path=` answers it. */
export interface PageContext {
  path: string;
  canonicalUrl: string;
  title: string;
  description: string;
  type: string;
  /** The id of the route family the page belongs to. */
  routeFamily: string;
  rules: PageRule[];
  resources: PageContextResource[];
  imageUrl?: string;
}

/**
 * Where the contexts are: S shards, each a JSON object from site path to context, a path's shard found from the path
 * alone (see `context-files.ts`). A catalog of 100,000 pages would otherwise be one document of hundreds of MB that
 * every handler loads whole, or a file per path, which doubles the files of the site; a handler reads one shard.
 */
export interface PageContextFiles {
  /** The site path of shard k, `{shard}` standing for k ("/_agent/page-context/{shard}.json"). */
  file: string;
  /** S, the number of shards (each of "0" … "S−1" is a file). */
  shards: number;
  /** The hash of a site path's UTF-8 bytes whose remainder modulo S is its shard. */
  hash: 'fnv-1a-32';
}

/** The file behind `/api/agent/page-context`: route families, and where the precomputed context of each known page is. */
export interface PageContextData {
  /** Absolute URL of this data's JSON Schema (documentation only; handlers ignore it). */
  $schema?: string;
  /** The route this data answers, as the registry writes it ("/api/agent/page-context"). */
  route: string;
  /** The site's origin ({base_url}), used in messages. */
  baseUrl: string;
  routeFamilies: RouteFamily[];
  contexts: PageContextFiles;
}

/** A discovery resource as the agent-mode view lists it. */
export interface AgentModeResource {
  url: string;
  type: string;
  title: string;
  purpose: string;
  /** Query parameters the URL takes (for `/api/agent/page-context`: `path`). */
  query?: { name: string; required: boolean; description: string }[];
}

/** The agent-mode view of the home page (`/?mode=agent`). */
export interface AgentModeDocument {
  $schema?: string;
  /** The route this document answers ("/?mode=agent"). */
  route: string;
  mode: 'agent';
  service: {
    name: string;
    summary: string;
    disambiguatingDescription: string;
    url: string;
    logo: string;
  };
  /** The three parts of the public developer interface. */
  interface: { id: string; title: string; summary: string; url?: string }[];
  discoveryResources: AgentModeResource[];
  mcpServer: {
    endpoint: string;
    transport: string;
    authentication: string;
    discoveryMethods: string[];
    controls: { name: string; purpose: string; requiredScope: string; readOnly: true }[];
    notEndpoints: { url: string; reason: string }[];
  };
  pricingCall: { method: string; url: string; requestBody: Record<string, never>; rules: string[] };
  authentication: {
    /** The OAuth protected resource a token is requested for: the MCP endpoint. */
    resource: string;
    protocol: string;
    tokenTransport: string;
    discoveryChain: { step: number; url: string; title: string }[];
    scopes: { name: string; covers: string }[];
  };
  /** Where errors are described (the Markdown twin of the errors page), and how clients read them. */
  errors?: { guide: string; clientRule: string };
  boundaries: {
    statements: string[];
    notPublished: string[];
    answer: string;
  };
  /** What an agent does first, in order. */
  firstSteps: { step: number; action: string; url?: string }[];
}
