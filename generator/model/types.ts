// The one typed model of the content set: everything downstream reads this, never the content files.
import type { DeployPlan, DeployPlatform } from './deploy-targets.js';
import type { Preview } from './preview.js';
import type { ResourceKind } from './kinds.js';

/** The contract's four address placeholders. */
export type AddressName = 'base_url' | 'api_url' | 'mcp_url' | 'auth_url';
export type Addresses = Record<AddressName, string>;
export type EnvironmentName = 'production' | 'preview';

/** Where a fact came from, so that later stages can point an editor at it. */
export interface SourcePlace {
  file: string;
  line?: number;
  column?: number;
}

export interface Identity {
  name: string;
  legalName: string;
  summary: string;
  disambiguatingDescription: string;
  logo: string;
  sameAs: string[];
  contactPoint: { contactType: string; url: string };
}

export interface InterfacePart {
  id: string;
  title: string;
  summary: string;
}

export interface Resource {
  id: string;
  name: string;
  appearsIn: string;
  scope?: string;
  controls?: string[];
  notes: string;
}

export type Audience = 'people' | 'agents' | 'developers';

export interface QueryParameter {
  name: string;
  required: boolean;
  description: string;
}

/** A discovery resource of contract section 4.1, or a supporting file of the site. */
export interface DiscoveryResource {
  path: string;
  kind: ResourceKind;
  group: string;
  title: string;
  purpose: string;
  audience: Audience[];
  page?: string;
  aliasOf?: string;
  query?: QueryParameter[];
  /** false for supporting files the contract's table does not list (home page, robots.txt, sitemap). */
  inContract: boolean;
  source: SourcePlace;
}

/** A family resources are grouped in (content/discovery-resources.yaml `groups`). */
export interface ResourceGroup {
  id: string;
  description: string;
  source: SourcePlace;
}

export interface Rule {
  id: string;
  text: string;
}

export interface PricingCall {
  title: string;
  method: 'POST';
  path: string;
  host: AddressName;
  requestPayload: { description: string; example: Record<string, never> };
  response: { description: string };
  rules: Rule[];
  ignoredPlanType: string;
  versionSegment: string;
}

export interface Control {
  name: string;
  title: string;
  purpose: string;
  requiredScope: string;
  readOnly: true;
  source: SourcePlace;
}

export interface McpServer {
  title: string;
  host: AddressName;
  endpointPath: string;
  transport: string;
  messageFormat: string;
  authentication: string;
  discoveryMethods: string[];
  rules: Rule[];
  controls: Control[];
  notEndpoints: { url: string; reason: string }[];
  legacyPaths: { statement: string; examples: string[] };
  /** MCP protocol revisions of the production server, oldest first; absent while the contract states none. */
  protocolRevisions?: string[];
}

export interface Scope {
  name: string;
  covers: string;
}

export interface Authentication {
  protocol: string;
  appliesTo: string;
  scheme: string;
  tokenTransport: string;
  protectedResourceMetadataPath: string;
  authorizationServerMetadataPath: string;
  publicDiscoveryResources: string;
  apiKeys: string;
  discoveryChain: { step: number; url: string; title: string }[];
  scopes: Scope[];
  rules: Rule[];
}

export interface UnpublishedInterface {
  id: string;
  name: string;
  terms: string[];
}

export interface Boundaries {
  openapiScope: string;
  unpublishedInterfaces: UnpublishedInterface[];
  unpublishedAnswer: string;
  builderRule: string;
  inferredEndpoints: string;
  legacyMcpPaths: string;
  writeOperations: { statement: string; idempotency: { header: string; rule: string } };
  webhooks: { statement: string; answer: string };
  versioning: string[];
}

export interface ErrorField {
  name: string;
  type: string;
  meaning: string;
}

export interface Errors {
  api: { statement: string; fields: ErrorField[] };
  mcp: { statement: string; dataFields: ErrorField[] };
  clientRule: string;
}

/** How the published discovery documents name and number themselves (content/publication.yaml). */
export interface Publication {
  /** Version of the published discovery description; not a server version policy (the contract shows none). */
  version: string;
  /** SEP-2127 server card name (reverse-DNS/name) and short description (at most 100 characters). */
  mcpServerCard: { name: string; description: string };
  /** The site path of the document the A2A cards name as their interface: never the MCP server. */
  agentCardInterface: string;
  /** The site path of the page /openapi.json names as its externalDocs. */
  openapiExternalDocs: string;
  /** The short line near the top of every page and twin saying where the llms.txt index is ({base_url} allowed). */
  indexNotice: string;
}

/** How a page's address chooses between its HTML and its Markdown twin (content/discovery-resources.yaml). */
/** A deployment target the content names (`deployTargets`): its platform's documented limits hold the build's output. */
export interface DeployTarget {
  platform: DeployPlatform;
  /** The plan whose limits apply; a target that names none is held to the free plan's. */
  plan?: DeployPlan;
  source: SourcePlace;
}

export interface PageNegotiation {
  /** What is sent when a request's Accept header ranks both equally. */
  onTie: 'text/markdown' | 'text/html';
}

/** Which facts each agent-facing file must carry (content/agent-facts.yaml). */
export interface AgentFacts {
  /** The id of the page that describes errors. */
  errorsGuide: string;
  files: { path: string; facts: string[]; source: SourcePlace; factPlaces: SourcePlace[] }[];
  source: SourcePlace;
}

export interface NotShown {
  id: string;
  section: string;
  subject: string;
}

/** A Markdown page written by editors. Its Markdown is parsed once, later, by the page emitters. */
export interface Page {
  /** Source id: path under content/pages without .md, e.g. "mcp" or "help/getting-started". */
  id: string;
  /** The site path of its HTML page: "/", "/mcp", "/help/getting-started". */
  path: string;
  /** The site path of its Markdown twin: "/index.md", "/mcp.md", "/help/getting-started.md". */
  twinPath: string;
  /** For sub-pages: the section page id ("help"); undefined for top-level pages. */
  section?: string;
  title: string;
  description: string;
  /** Position of the page among its section's sub-pages, as the editors order it. */
  order: number;
  /** The Markdown body, front matter removed. */
  body: string;
  /** Line of the body's first line in the source file (front matter counted), for positioned messages. */
  bodyLine: number;
  source: SourcePlace;
  /** Where the front matter's title and description values start, for messages about them. */
  fieldPlaces?: { title?: SourcePlace; description?: SourcePlace };
}

/** A route family of content/public-pages.yaml, as editors wrote it (placeholders not yet filled). */
export interface RouteFamilySource {
  id: string;
  pattern: string;
  type: string;
  title: string;
  description: string;
  rules: string[];
  /** Rules of other content files, as `pricingCall:<id>`, `mcpServer:<id>`, `authentication:<id>`. */
  ruleRefs: string[];
  /** Site paths of the registry, or `pricing-call` / `mcp-server`. */
  resources: string[];
  image?: string;
  source: SourcePlace;
}

/** content/public-pages.yaml: the read-only public page route families of the site. */
export interface PublicPages {
  title: string;
  description: string;
  /** Rules every page context carries. */
  rules: string[];
  routeFamilies: RouteFamilySource[];
  source: SourcePlace;
}

/** The forms of configuration the build writes for an MCP client, each from the MCP endpoint. */
export const MCP_CLIENT_SNIPPETS = [
  'endpoint',
  'claude-code-command',
  'cursor-config',
  'cursor-install-link',
  'vscode-config',
  'vscode-install-link',
] as const;

export type McpClientSnippet = (typeof MCP_CLIENT_SNIPPETS)[number];

/** content/mcp-clients.yaml: how each MCP client named there adds the hosted MCP server. */
export interface McpClients {
  /** The server's name in each client's configuration. */
  serverName: string;
  clients: {
    name: string;
    /** The client's own page on adding a remote server. */
    documentation: string;
    steps: { text: string; snippet?: McpClientSnippet }[];
  }[];
  source: SourcePlace;
}

export interface Model {
  env: EnvironmentName;
  addresses: Addresses;
  /** All environments' addresses, for checks that must know the other hosts (e.g. never the production host in preview). */
  environments: Record<EnvironmentName, Addresses>;
  identity: Identity;
  interfaceParts: InterfacePart[];
  resources: Resource[];
  discoveryResources: DiscoveryResource[];
  /** The families resources are grouped in, in the content's order. */
  groups: ResourceGroup[];
  pricingCall: PricingCall;
  mcpServer: McpServer;
  authentication: Authentication;
  boundaries: Boundaries;
  errors: Errors;
  notShown: NotShown[];
  publication: Publication;
  pageNegotiation: PageNegotiation;
  /** Where the site is deployed: the targets whose documented limits the build holds its output to (none: reported only). */
  deployTargets: DeployTarget[];
  /** Which facts each agent-facing file must carry; absent when the content set declares none. */
  agentFacts?: AgentFacts;
  pages: Page[];
  /** The public page route families (content/public-pages.yaml); absent when the content set has none. */
  publicPages?: PublicPages;
  /** Per-client install steps (content/mcp-clients.yaml); absent when the content set has none. */
  mcpClients?: McpClients;
  /** Static files copied as they are from content/static, by site path. */
  staticFiles: { path: string; bytes: Uint8Array; source: SourcePlace }[];
  /** Preview-only fixtures and settings of the preview server (content/preview/); absent when that folder is. */
  preview?: Preview;
}
