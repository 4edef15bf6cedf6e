// The documented limits of each deployment target, as data: what the build's output is measured against. Each figure
// carries the page of the platform's documentation it comes from (read when the table was written; the build never
// reaches the network). "MB" figures are read as 1,000,000 bytes, the stricter reading of the platforms' words.
import type { DeployPlan, DeployPlatform } from '../../../model/deploy-targets.js';
import type { RuleId } from '../../messages/rules.js';

/** The platforms' names as people write them. */
export const PLATFORM_TITLES: Record<DeployPlatform, string> = {
  netlify: 'Netlify',
  'cloudflare-pages': 'Cloudflare Pages',
  nginx: 'nginx',
};

export type PlatformName = DeployPlatform;
export type PlanName = DeployPlan;

/**
 * What the build measures of its output, each with the rule a target's limit on it raises (`atLine`: raised at the
 * offending line by the file's own validator, whatever the targets, and only reported here).
 */
export const MEASURES = {
  files: {
    title: 'files in dist/',
    unit: 'files',
    ruleId: 'deploy-too-many-files',
    fix: 'Publish fewer pages, or deploy to a target (or plan) that takes more files.',
  },
  largestFile: {
    title: 'largest file in dist/',
    unit: 'bytes',
    ruleId: 'deploy-file-too-large',
    fix: 'Split the file (a long page into several, a large static file out of content/static), or serve it from elsewhere.',
  },
  functionBundle: {
    title: 'edge function bundle, gzip-compressed',
    unit: 'bytes',
    ruleId: 'deploy-function-too-large',
    fix: 'The bundle is the runtime plus the edge table (dist-hosts/deploy/edge-table.json): fewer addresses that are not MCP endpoints, fewer pages whose twin or headers break the rule, or a paid plan.',
  },
  routesRules: {
    title: '_routes.json rules',
    unit: 'rules',
    ruleId: 'deploy-routes-too-many',
    fix: 'Put negotiated pages into section folders: a folder is one `/folder/*` rule.',
  },
  routesRuleLength: {
    title: 'longest _routes.json rule',
    unit: 'characters',
    ruleId: 'deploy-routes-rule-too-long',
    fix: 'Shorten the path of the page or address the rule names.',
  },
  redirectsStatic: {
    title: '_redirects static rules',
    unit: 'rules',
    ruleId: 'deploy-redirects-too-many-static',
    fix: 'Fewer query routes, or rules with splats.',
  },
  redirectsDynamic: {
    title: '_redirects dynamic rules',
    unit: 'rules',
    ruleId: 'deploy-redirects-too-many-dynamic',
    fix: 'Fewer rules with splats or placeholders.',
  },
  redirectsLine: {
    title: 'longest _redirects rule',
    unit: 'characters',
    ruleId: 'deploy-redirects-line-too-long',
    fix: 'Shorten the route or the file it rewrites to.',
  },
  headersRules: {
    title: '_headers rules',
    unit: 'rules',
    ruleId: 'cdn-headers-too-many-rules',
    atLine: true,
    fix: 'Move pages into section folders, or publish fewer top-level files.',
  },
  headersLine: {
    title: 'longest _headers line',
    unit: 'characters',
    ruleId: 'cdn-headers-line-too-long',
    atLine: true,
    fix: 'Shorten the header value (fewer Link targets, a shorter path).',
  },
  nginxConfig: {
    title: 'nginx.conf',
    unit: 'bytes',
    ruleId: 'deploy-nginx-config-too-large',
    fix: 'The configuration must not grow with the site; a line per page is a bug of the nginx generator.',
  },
} as const satisfies Record<string, { title: string; unit: string; ruleId: RuleId; fix: string; atLine?: true }>;

export type MeasureName = keyof typeof MEASURES;

export interface PlatformLimit {
  measure: MeasureName;
  /** The limit, one figure or one per plan. */
  value: number | Record<PlanName, number>;
  /** The documentation page the figure comes from. */
  source: string;
  /** A figure the platform recommends rather than enforces, or the project's own budget: a warning, not a failure. */
  advisory?: true;
  /** When the figure is not the platform's limit word for word. */
  note?: string;
}

const CLOUDFLARE_PAGES_LIMITS = 'https://developers.cloudflare.com/pages/platform/limits/';
const CLOUDFLARE_HEADERS = 'https://developers.cloudflare.com/pages/configuration/headers/';
const CLOUDFLARE_REDIRECTS = 'https://developers.cloudflare.com/pages/configuration/redirects/';
const CLOUDFLARE_ROUTES = 'https://developers.cloudflare.com/pages/functions/routing/#limits';
const CLOUDFLARE_WORKER_SIZE = 'https://developers.cloudflare.com/workers/platform/limits/#worker-size';

/** Each target's documented limits. A measure a platform documents no limit for is reported, never failed. */
export const PLATFORM_LIMITS: Record<PlatformName, PlatformLimit[]> = {
  netlify: [
    {
      measure: 'functionBundle',
      value: 20_000_000,
      source: 'https://docs.netlify.com/build/edge-functions/limits/',
      note: 'Code size limit: 20 MB after compression.',
    },
    {
      measure: 'redirectsStatic',
      value: 10_000,
      advisory: true,
      source: 'https://docs.netlify.com/manage/routing/redirects/overview/',
      note: 'From 10,000 redirects Netlify recommends wildcards or edge functions; too large a set fails the deploy.',
    },
  ],
  'cloudflare-pages': [
    {
      measure: 'files',
      value: { free: 20_000, paid: 100_000 },
      source: `${CLOUDFLARE_PAGES_LIMITS}#files`,
    },
    { measure: 'largestFile', value: 25 * 1024 * 1024, source: `${CLOUDFLARE_PAGES_LIMITS}#file-size` },
    {
      measure: 'functionBundle',
      value: { free: 3_000_000, paid: 10_000_000 },
      source: CLOUDFLARE_WORKER_SIZE,
      note: 'Pages Functions are deployed as a Worker: 3 MB (Free) or 10 MB (Paid) after compression.',
    },
    { measure: 'routesRules', value: 100, source: CLOUDFLARE_ROUTES },
    { measure: 'routesRuleLength', value: 100, source: CLOUDFLARE_ROUTES },
    { measure: 'redirectsStatic', value: 2_000, source: CLOUDFLARE_REDIRECTS },
    { measure: 'redirectsDynamic', value: 100, source: CLOUDFLARE_REDIRECTS },
    { measure: 'redirectsLine', value: 1_000, source: CLOUDFLARE_REDIRECTS },
    { measure: 'headersRules', value: 100, source: CLOUDFLARE_HEADERS },
    { measure: 'headersLine', value: 2_000, source: CLOUDFLARE_HEADERS },
  ],
  nginx: [
    {
      measure: 'nginxConfig',
      value: 100_000,
      advisory: true,
      source: 'https://nginx.org/en/docs/http/ngx_http_map_module.html',
      note: 'nginx documents no size limit; this is the project’s own budget, so that the configuration does not grow per page (maps and try_files over one layout).',
    },
  ],
};

/** The figure of a limit for a plan. */
export function limitValue(limit: PlatformLimit, plan: PlanName = 'free'): number {
  return typeof limit.value === 'number' ? limit.value : limit.value[plan];
}

/** A platform's limit on one measure, if it documents one. */
export function platformLimit(platform: PlatformName, measure: MeasureName): PlatformLimit | undefined {
  return PLATFORM_LIMITS[platform].find((l) => l.measure === measure);
}
