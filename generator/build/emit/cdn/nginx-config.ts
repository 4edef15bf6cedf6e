// The nginx configuration for people who serve dist/ themselves: maps plus one server block, from the serving plan.
// Only registry paths are served; everything else is a 404 in the contract's API error envelope.
import { MARKDOWN_ACCEPT_PATTERN } from '../../../runtime/negotiation.js';
import type { HeaderList } from '../../../runtime/headers.js';
import {
  CONTEXT_PATH_PLACEHOLDER,
  pageContextAnswer,
  readPageContextRequest,
  type PageContextData,
} from '../../../runtime/query-routes/index.js';
import { apiError, type ApiErrorBody } from '../../../runtime/api-error.js';
import type { EmitContext, Emitter } from '../../registry/types.js';
import { DOLLAR_VARIABLE, nginxLiteral, nginxRegex, nginxString } from './nginx-syntax.js';
import { headerValue, servingPlan, type QueryRoutePlan } from './serving-plan.js';

/** The lines a deployer edits (and the nginx test replaces): where nginx listens and where dist/ is. */
export const NGINX_LISTEN_LINE = '    listen 80;';
export const NGINX_ROOT_LINE = '    root /srv/www/dist;';

const MARKDOWN = 'discovery_site_wants_markdown';
const SITE_PATH = 'discovery_site_path_shape';
/** The `path` parameter after the n-th "%2F" was decoded (nginx does not decode query values). */
const DECODED = (n: number) => `discovery_site_context_path_${n}`;
/** The decoded site path, trailing "/" dropped: what the context file is named after. */
const CONTEXT_PATH = 'discovery_site_context_path';
/** 1 when the decoded path is a plain site path that may name a file (no "." or ".." segment, no "%", "\\" or control). */
const CONTEXT_PATH_OK = 'discovery_site_context_path_ok';
/** 1 when the decoded path has a "." or ".." segment: refused as the runtime refuses it (400). */
const CONTEXT_PATH_DOTS = 'discovery_site_context_path_dots';
const CONTEXT_UNKNOWN = '@discovery_site_page_context_unknown';

export const emitNginxConfig: Emitter = (_entry, context) => {
  const { registry, memo } = context;
  const plan = memo('cdn:serving-plan', () => servingPlan(registry));
  const negotiated = new Map(plan.negotiated.map((n) => [n.path, n.twin]));
  const pageContext = plan.queryRoutes.find((r) => !r.match);
  const fixedRoutes = plan.queryRoutes.filter((r) => r.match);
  const host = new URL(registry.origin('site')).hostname;
  const index = registry.ofKind('llms-root')[0]?.path ?? '/';
  const notFound = apiError(
    404,
    'not_found',
    'Nothing is published at this path.',
    `See ${registry.url(index)} for what the site publishes.`,
  );

  const out: string[] = [
    `# nginx configuration for ${registry.origin('site')}, generated from the registry by \`npm run build\`. Do not edit.`,
    '# Include it in the http context (for example as /etc/nginx/conf.d/site.conf), then set `listen` and `root`.',
    '',
    `geo $${DOLLAR_VARIABLE} { default "$"; }`,
    '',
    "# Accept: text/markdown (q > 0) selects a page's Markdown twin; the same pattern as the edge handlers.",
    `map $http_accept $${MARKDOWN} {`,
    '    default 0;',
    `    ${nginxRegex(`~*${MARKDOWN_ACCEPT_PATTERN}`)} 1;`,
    '}',
    '',
  ];
  const contextData = pageContext ? readPageContextData(pageContext, context) : undefined;
  if (contextData) out.push(...pageContextMaps(deepestPath(registry.served('site').map((e) => e.path))));
  out.push('server {', `${NGINX_LISTEN_LINE}  # deploy: the address and port to serve on`, `    server_name ${host};`);
  out.push(`${NGINX_ROOT_LINE}  # deploy: the folder dist/ was copied to`, '    server_tokens off;', '');

  const routeRewrites = (path: string) =>
    fixedRoutes
      .filter((route) => route.pathname === path)
      .map(
        (route) =>
          `if ($arg_${route.match!.name} = ${nginxString(route.match!.value)}) { rewrite ^ ${nginxString(`/${route.data.file}?`)} last; }`,
      );
  for (const file of plan.files) {
    const rewrites = routeRewrites(file.path);
    const twin = negotiated.get(file.path);
    if (twin) rewrites.push(`if ($${MARKDOWN}) { rewrite ^ ${nginxString(`${twin.path}?`)} last; }`);
    if (`/${file.file}` !== file.path) rewrites.push(`rewrite ^ ${nginxString(`/${file.file}`)} break;`);
    out.push(...location(file.path, file.headers, rewrites), '');
  }
  // A fixed-value route on a path that serves no file of its own ("/x?mode=agent" without "/x"): the route, else 404.
  for (const path of new Set(fixedRoutes.map((r) => r.pathname))) {
    if (plan.files.some((f) => f.path === path)) continue;
    out.push(
      ...location(path, NOT_FOUND_HEADERS, [
        ...routeRewrites(path),
        `return 404 ${nginxString(JSON.stringify(notFound))};`,
      ]),
      '',
    );
  }
  if (pageContext && contextData) out.push(...pageContextLocations(pageContext, contextData), '');

  out.push(...location('/', NOT_FOUND_HEADERS, [`return 404 ${nginxString(JSON.stringify(notFound))};`], ''), '}', '');
  return out.join('\n');
};

const NOT_FOUND_HEADERS: HeaderList = [
  ['Content-Type', 'application/json'],
  ['X-Content-Type-Options', 'nosniff'],
];

function location(path: string, headers: HeaderList, body: string[], match: '=' | '' = '='): string[] {
  const lines = [`    location ${match ? `= ${nginxLiteral(path)}` : path} {`];
  lines.push(
    `        types { }`,
    `        default_type ${nginxString(headerValue(headers, 'Content-Type') ?? 'application/octet-stream')};`,
  );
  for (const [name, value] of headers) {
    if (name !== 'Content-Type') lines.push(`        add_header ${name} ${nginxString(value)} always;`);
  }
  for (const line of body) lines.push(`        ${line}`);
  lines.push('    }');
  return lines;
}

function readPageContextData(route: QueryRoutePlan, { artifacts }: EmitContext): PageContextData {
  const artifact = artifacts.get('site', route.data.file);
  if (!artifact) throw new Error(`The page-context data ${route.data.file} was not emitted.`);
  return JSON.parse(artifacts.text(artifact)) as PageContextData;
}

/** The most "/" any published path has: how many "%2F" a `path` parameter can need decoded (one more: a trailing "/"). */
function deepestPath(paths: string[]): number {
  return Math.max(1, ...paths.map((p) => p.split('/').length - 1));
}

/**
 * From the raw `path` parameter to the page's site path, in maps (evaluated only when the route asks): each map decodes
 * one "%2F" (a form or `URLSearchParams` encodes every "/"), as many as the deepest published path has, plus one for a
 * trailing "/"; a parameter that still holds "%" names no published page. Then the trailing "/" is dropped, and the
 * path is checked to be one that may name a file under the context folder.
 */
function pageContextMaps(depth: number): string[] {
  const lines: string[] = [];
  let from = 'arg_path';
  for (let n = 1; n <= depth + 1; n++) {
    lines.push(
      `map $${from} $${DECODED(n)} {`,
      `    ${nginxRegex('~^(.*?)%2[Ff](.*)$')} "$1/$2";`,
      `    default $${from};`,
      '}',
    );
    from = DECODED(n);
  }
  lines.push(`map $${from} $${CONTEXT_PATH} {`, `    ${nginxRegex('~^(/.+)/$')} "$1";`, `    default $${from};`, '}');
  lines.push(
    `map $${CONTEXT_PATH} $${CONTEXT_PATH_OK} {`,
    '    default 0;',
    `    ${nginxRegex('~^/$')} 1;`,
    `    ${nginxRegex('~^(?:/(?!\\.\\.?(?:/|$))[^/%\\x00-\\x20\\x7f\\x5c]+)+$')} 1;`,
    '}',
    `map $${CONTEXT_PATH} $${CONTEXT_PATH_DOTS} {`,
    '    default 0;',
    `    ${nginxRegex('~(?:^|/)\\.\\.?(?:/|$)')} 1;`,
    '}',
    '',
    `map $arg_path $${SITE_PATH} {`,
    '    default 0;',
    `    ${nginxRegex('~^(?:/|%2[Ff])')} 1;`,
    '}',
    '',
  );
  return lines;
}

/**
 * The route answers from the page's own context file (`try_files`: nginx reads that one file), with the route's
 * headers. The error bodies are the shared runtime's own answers, so nginx and the edge handlers say the same thing;
 * only the 404 message is general, since nginx cannot put the (untrusted) path into JSON safely.
 */
function pageContextLocations(route: QueryRoutePlan, data: PageContextData): string[] {
  const missing = readPageContextRequest(data, null);
  const invalid = readPageContextRequest(data, 'not-a-site-path');
  const dots = readPageContextRequest(data, '/a/../b');
  if (missing.ok || invalid.ok || dots.ok)
    throw new Error('The page-context runtime accepted a missing, relative or climbing path.');
  const { error } = pageContextAnswer(data, '/unpublished', undefined).body as ApiErrorBody;
  const unknown = apiError(404, error.code, 'No public page is published at this path.', error.resolution);
  const [before = '', after = ''] = data.contexts.split(CONTEXT_PATH_PLACEHOLDER);
  // Written unquoted beside a variable: only characters nginx reads as they are.
  if (!/^[A-Za-z0-9._~/-]*$/.test(before + after))
    throw new Error(`The context files' template ${data.contexts} cannot be written into nginx.conf.`);
  return [
    ...location(route.pathname, route.headers, [
      `if ($arg_path = '') { return 400 ${nginxString(JSON.stringify(missing.answer.body))}; }`,
      `if ($${SITE_PATH} = 0) { return 400 ${nginxString(JSON.stringify(invalid.answer.body))}; }`,
      `if ($${CONTEXT_PATH_DOTS}) { return 400 ${nginxString(JSON.stringify(dots.answer.body))}; }`,
      `if ($${CONTEXT_PATH_OK} = 0) { return 404 ${nginxString(JSON.stringify(unknown))}; }`,
      `try_files ${before}\${${CONTEXT_PATH}}${after} ${CONTEXT_UNKNOWN};`,
    ]),
    '',
    ...location(CONTEXT_UNKNOWN, route.headers, [`return 404 ${nginxString(JSON.stringify(unknown))};`], ''),
  ];
}
