// The kinds of artifact, by name: each says how a file is emitted, served and checked. The kind table
// (generator/build/kinds.ts) has exactly one entry per name, and content names the resource kinds.

/** The kinds a resource of content/discovery-resources.yaml may have (its schema's `kind` lists exactly these). */
export const RESOURCE_KINDS = [
  'openapi',
  'mcp-server-card',
  'a2a-agent-card',
  'agent-discovery',
  'api-catalog',
  'public-pages-catalog',
  'page-context',
  'agent-mode',
  'schema-feed',
  'schemamap',
  'entity',
  'html-page',
  'markdown',
  'llms-root',
  'llms-index',
  'llms-full',
  'robots',
  'sitemap',
] as const;

/** The kinds the build adds on its own: the static files, and the files other hosts and the deployment need. */
export const DERIVED_KINDS = [
  'static',
  'oauth-protected-resource',
  'oauth-authorization-server',
  'cdn-headers',
  'cdn-redirects',
  'cdn-routes',
  'nginx-config',
  'deploy-manifest',
  'edge-table',
  'deploy-budgets',
  'theme-asset',
  'not-found-page',
  'not-found-markdown',
] as const;

export const KIND_NAMES = [...RESOURCE_KINDS, ...DERIVED_KINDS] as const;

export type ResourceKind = (typeof RESOURCE_KINDS)[number];
export type KindName = (typeof KIND_NAMES)[number];
