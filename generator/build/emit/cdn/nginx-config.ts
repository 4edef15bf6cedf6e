// The nginx configuration for people who serve dist/ themselves: the site's runtime compiled into maps and one server
// block, from the serving table. Every answer is the runtime's: the same files, headers, negotiation, errors (the same
// bytes), methods, redirects and query routes; `test/runtime/serving/` holds nginx to the table every way is held to.
import {
  ERROR_HEADERS,
  type HeaderList,
  headerValue,
  isHtml,
  METHOD_NOT_ALLOWED_HEADERS,
  preflightHeaders,
  redirectHeaders,
} from '../../../runtime/headers.js';
import { rangeRules, representationOf } from '../../../runtime/negotiation/media-range.js';
import {
  ENCODED_SLASH,
  MAX_SITE_PATH_LENGTH,
  checkSitePath,
  pageContextNotFound,
  pageContextRefused,
  perPathContextFile,
  routePatternSource,
  SLASH_AS_SENT,
  sitePathRefusals,
  type PageContextData,
} from '../../../runtime/query-routes/index.js';
import { EVENT_STREAM, MCP_CLIENT_METHODS } from '../../../runtime/site/decide.js';
import { METHOD_NOT_ALLOWED, notAnMcpEndpointError, notFoundError } from '../../../runtime/site/errors.js';
import type { ServingTable, TableFile } from '../../../runtime/site/table.js';
import type { Emitter } from '../../registry/types.js';
import { DOLLAR_VARIABLE, nginxLiteral, nginxPattern, nginxString } from './nginx-syntax.js';
import type { ServingPlan } from './serving-plan.js';
import { headersByPath, pageRuleOf } from './edge-table.js';
import { servingOf } from './serving-table.js';

/**
 * The lines a deployer edits (and the nginx test replaces): where nginx listens, where dist/ is, and where the
 * per-path copy of the page contexts `npm run ready` writes (dist-hosts/nginx/page-context/) is.
 */
export const NGINX_LISTEN_LINE = '    listen 80;';
export const NGINX_ROOT_LINE = '    root /srv/www/dist;';
export const NGINX_CONTEXTS_LINE = '    set $discovery_site_page_contexts /srv/www/page-context;';

/** Where `npm run ready` writes nginx's copy of the page contexts, in the deploy hosts' folder (never uploaded). */
export const NGINX_PAGE_CONTEXT_FOLDER = 'nginx/page-context';

/** The prefix of the internal locations the answers the runtime computes are sent from; no client can reach them. */
const INTERNAL = '/.discovery-site/';
/** The variable NGINX_CONTEXTS_LINE sets: the folder of nginx's copy of the page contexts. */
export const CONTEXTS_VARIABLE = NGINX_CONTEXTS_LINE.trim().split(/\s+/)[1]!.slice(1);
const NOT_FOUND = '@discovery_site_not_found';
/** The configuration's variables (their names are its own; a test reads a few). */
export const NGINX_VARIABLES = {
  pageRange: 'discovery_site_page_range',
  twinRange: 'discovery_site_twin_range',
  pageQ: 'discovery_site_page_q',
  twinQ: 'discovery_site_twin_q',
  wantsTwin: 'discovery_site_wants_twin',
  streamRange: 'discovery_site_event_stream_range',
  streamQ: 'discovery_site_event_stream_q',
  mcpClient: 'discovery_site_mcp_client',
  methodOpen: 'discovery_site_method_open',
  methodClosed: 'discovery_site_method_closed',
  read: 'discovery_site_read',
  contextRefusal: 'discovery_site_context_refusal',
  contextCut: 'discovery_site_context_cut',
  contextHintPath: 'discovery_site_context_hint_path',
  contextUnknown: 'discovery_site_context_unknown',
  contextPath: 'discovery_site_context_path',
  contextOk: 'discovery_site_context_ok',
  decoded: (n: number) => `discovery_site_context_decoded_${n}`,
  ruledPage: 'discovery_site_ruled_page',
  notFoundNamed: 'discovery_site_not_found_named',
  notFoundAt: 'discovery_site_not_found_at',
};

export const emitNginxConfig: Emitter = (_entry, context) => {
  const { plan, table } = servingOf(context);
  return nginxConfig(table, plan);
};

export function nginxConfig(table: ServingTable, plan: Pick<ServingPlan, 'files'>): string {
  for (const file of table.files)
    if (file.path.startsWith(INTERNAL)) throw new Error(`${file.path} is in the configuration's own ${INTERNAL}.`);
  const host = new URL(table.origin).hostname;
  const internal: string[] = [];
  const out: string[] = [
    `# nginx configuration for ${table.origin}, generated from the registry by \`npm run build\`. Do not edit.`,
    '# Include it in the http context (for example as /etc/nginx/conf.d/site.conf), then set `listen`, `root` and',
    `# $${CONTEXTS_VARIABLE}: the folder dist-hosts/${NGINX_PAGE_CONTEXT_FOLDER}/ was copied to (\`npm run ready\` writes`,
    '# it: a file per page context, as nginx cannot pick one out of the shards in dist/).',
    "# Every answer is the one the site's runtime (generator/runtime/) gives on the CDNs and in the preview.",
    '',
    `geo $${DOLLAR_VARIABLE} { default "$"; }`,
    '',
    ...negotiationMaps(table),
    ...mcpClientMaps(),
    ...methodMaps(),
  ];
  if (table.pageContext) out.push(...pageContextMaps(table, table.pageContext.data));
  if (table.notFound) out.push(...notFoundMaps(table.notFound));

  out.push(
    'server {',
    `${NGINX_LISTEN_LINE}  # deploy: the address and port to serve on`,
    `    server_name ${host};`,
    `${NGINX_ROOT_LINE}  # deploy: the folder dist/ was copied to`,
    ...(table.pageContext
      ? [`${NGINX_CONTEXTS_LINE}  # deploy: the folder dist-hosts/${NGINX_PAGE_CONTEXT_FOLDER}/ was copied to`]
      : []),
    '    server_tokens off;',
    '    # Redirects name the path only, as the runtime writes them.',
    '    absolute_redirect off;',
    "    # Every 404 nginx itself comes to (a path served by no location, an internal location) is the runtime's; the",
    '    # status stays 404 whatever that location sends (the not-found page is a file).',
    `    error_page 404 ${NOT_FOUND};`,
    ...redirectHeaders('')
      .filter(([name]) => name !== 'Location')
      .map(([name, value]) => `    add_header ${name} ${nginxString(value)} always;`),
    '',
  );

  const twins = new Map(table.negotiation.pages.map((p) => [p.path, p.twin]));
  // Indexed once for every step below: a catalog has 200,000 files.
  const files = new Map(plan.files.map((f) => [f.path, f.file]));
  const notEndpoints = new Map(
    table.mcp.notEndpoints.map((n, i) => [n.path, { ...n, at: `${INTERNAL}not-an-mcp-endpoint/${i}` }]),
  );
  const agentPath = table.agentMode ? new URL(table.agentMode.route, 'http://route.invalid') : undefined;
  const agentRewrite = () => {
    const [name, value] = [...agentPath!.searchParams][0]!;
    return `if ($arg_${name} = ${nginxString(value)}) { rewrite ^ ${nginxString(`${table.agentMode!.file}?`)} last; }`;
  };

  // Pages that follow the twin rule (and their twins) are served by the generic locations at the end: the
  // configuration does not grow with the pages.
  const rule = ruledPages(table, files);
  for (const file of table.files) {
    if (rule?.paths.has(file.path)) continue;
    const body: string[] = [];
    const misdirect = notEndpoints.get(file.path);
    if (misdirect) body.push(`if ($${NGINX_VARIABLES.mcpClient}) { rewrite ^ ${nginxLiteral(misdirect.at)} last; }`);
    if (agentPath?.pathname === file.path && agentPath.search) body.push(agentRewrite());
    body.push(methodCheck(file.headers));
    const twin = twins.get(file.path);
    if (twin) body.push(`if ($${NGINX_VARIABLES.wantsTwin}) { rewrite ^ ${nginxString(`${twin}?`)} last; }`);
    const tree = files.get(file.path);
    if (tree && `/${tree}` !== file.path) body.push(`rewrite ^ ${nginxString(`/${tree}`)} break;`);
    out.push(...location(`= ${nginxLiteral(file.path)}`, file.headers, body), '');
  }

  // A fixed-value route on a path that serves no file of its own ("/x?mode=agent" without "/x"): the route, else 404.
  if (agentPath?.search && !table.files.some((f) => f.path === agentPath.pathname)) {
    out.push(...location(`= ${nginxLiteral(agentPath.pathname)}`, ERROR_HEADERS, [agentRewrite(), 'return 404;']), '');
  }

  // Addresses an MCP client may be sent to that serve no file: the not-an-endpoint answer, else 404.
  for (const n of notEndpoints.values()) {
    if (!table.files.some((f) => f.path === n.path))
      out.push(
        ...location(`= ${nginxLiteral(n.path)}`, ERROR_HEADERS, [
          `if ($${NGINX_VARIABLES.mcpClient}) { rewrite ^ ${nginxLiteral(n.at)} last; }`,
          'return 404;',
        ]),
        '',
      );
    const error = notAnMcpEndpointError(`${table.origin}${n.path}`, n.reason, table.mcp);
    internal.push(
      ...answer(
        n.at,
        [...ERROR_HEADERS, ['Link', `<${table.mcp.endpoint}>; rel="service"`]],
        `return 404 ${nginxString(JSON.stringify(error))};`,
      ),
    );
  }

  // A page asked for with a trailing "/": 308 to the page (GET and HEAD; nothing else is there). One line a page; their
  // nosniff is the server block's, which only locations without headers of their own take.
  for (const file of table.files) {
    if (!isHtml(headerValue(file.headers, 'Content-Type') ?? '') || file.path === '/' || rule?.paths.has(file.path))
      continue;
    const target = nginxString(file.path).slice(0, -1);
    out.push(
      `    location = ${nginxLiteral(`${file.path}/`)} { if ($${NGINX_VARIABLES.read} = 0) { return 404; } return 308 ${target}$is_args$args'; }`,
    );
  }
  out.push('');

  if (table.pageContext) {
    out.push(...pageContextLocations(table, table.pageContext.data, table.pageContext.headers, internal), '');
  }

  // The answers the runtime computes, each from an internal location with its own headers.
  internal.push(
    ...answer(
      `${INTERNAL}method-not-allowed`,
      METHOD_NOT_ALLOWED_HEADERS,
      `return 405 ${nginxString(JSON.stringify(METHOD_NOT_ALLOWED))};`,
    ),
    ...answer(`${INTERNAL}options`, preflightHeaders([]), 'return 204;'),
    ...answer(`${INTERNAL}options-open`, preflightHeaders([['Access-Control-Allow-Origin', '*']]), 'return 204;'),
  );
  out.push(...internal);
  const notFound = nginxString(JSON.stringify(notFoundError(table.catalogs, table.origin)));
  const toPage = table.notFound
    ? [`if ($${NGINX_VARIABLES.notFoundAt}) { rewrite ^ $${NGINX_VARIABLES.notFoundAt} last; }`]
    : [];
  out.push(...location(NOT_FOUND, ERROR_HEADERS, [...toPage, `return 404 ${notFound};`]), '');
  for (const [at, file] of notFoundPages(table.notFound))
    out.push(...answer(at, file.headers, `rewrite ^ ${nginxString(file.path)} break;`));
  if (rule) out.push(...ruledLocations(rule));
  else out.push(...location('/', ERROR_HEADERS, ['return 404;']));
  out.push('}', '');
  return out.join('\n');
}

const TWIN_PLACEHOLDER = '\u0000';

interface RuledPages {
  /** The ruled pages' and twins' paths: none has a location of its own. */
  paths: Set<string>;
  suffix: string;
  page: HeaderList;
  twin: HeaderList;
  /** The pages' Link, the twin's address as TWIN_PLACEHOLDER. */
  link?: string;
  /** Paths the generic locations would read as a page (an HTML file there that is no ruled page's): a 404 each. */
  notPages: string[];
}

/**
 * The pages nginx serves by rule: those the edge table's twin rule covers (the file `<path>.html`, the twin
 * `<path><suffix>` beside it, the rule's headers, one Link with the twin's address in it), except the home page, the
 * addresses that are not MCP endpoints and the query routes' paths, which keep their own locations.
 */
function ruledPages(table: ServingTable, fileOf: Map<string, string>): RuledPages | undefined {
  const headersOf = headersByPath(table);
  const { rule, follows } = pageRuleOf(table, headersOf);
  if (!rule) return undefined;
  const own = new Set([
    '/',
    ...table.mcp.notEndpoints.map((n) => n.path),
    ...[table.agentMode?.route, table.pageContext?.route].flatMap((r) =>
      r ? [new URL(r, 'http://route.invalid').pathname] : [],
    ),
  ]);
  const paths = new Set<string>();
  const pages = new Set<string>();
  let link: string | undefined;
  for (const page of table.negotiation.pages) {
    if (own.has(page.path) || own.has(page.twin) || !follows(page)) continue;
    if (fileOf.get(page.path) !== `${page.path.slice(1)}.html` || fileOf.get(page.twin) !== page.twin.slice(1))
      continue;
    const template = headerValue(headersOf.get(page.path) ?? [], 'Link')
      ?.split(`<${page.twin}>`)
      .join(`<${TWIN_PLACEHOLDER}>`);
    if (link === undefined) link = template;
    if (template !== link || (template !== undefined && !template.includes(TWIN_PLACEHOLDER))) continue;
    paths.add(page.path).add(page.twin);
    pages.add(page.path);
  }
  if (pages.size === 0) return undefined;
  // Located already: every other file, and the trailing-"/" redirect of every other HTML file.
  const located = new Set<string>();
  for (const file of table.files) {
    if (paths.has(file.path)) continue;
    located.add(file.path);
    if (isHtml(headerValue(file.headers, 'Content-Type') ?? '') && file.path !== '/') located.add(`${file.path}/`);
  }
  const notPages: string[] = [];
  for (const file of fileOf.values()) {
    if (!file.endsWith('.html')) continue;
    const path = `/${file.slice(0, -'.html'.length)}`;
    if (pages.has(path)) continue;
    for (const at of [path, `${path}/`]) if (!located.has(at)) notPages.push(at);
  }
  return { paths, suffix: rule.twinSuffix, page: rule.page, twin: rule.twin, link, notPages };
}

/**
 * The generic locations of the ruled pages: a path is a page when its HTML file is there, its twin is the file with
 * the twin's suffix, and a page asked for with a trailing "/" is redirected; everything else is the runtime's 404.
 */
function ruledLocations(rule: RuledPages): string[] {
  const page = NGINX_VARIABLES.ruledPage;
  const lines: string[] = [];
  for (const path of rule.notPages) lines.push(`    location = ${nginxLiteral(path)} { return 404; }`);
  const suffix = rule.suffix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  lines.push(
    '',
    `    # The twins of the pages below: the file at the path, with the twins' headers.`,
    ...location(`~ ${nginxPattern(`${suffix}$`)}`, rule.twin, [
      // No file, no twin: the 404 comes before the method is judged, as the runtime's does.
      'if (!-f $document_root$uri) { return 404; }',
      methodCheck(rule.twin),
      'try_files $uri =404;',
    ]),
    '',
    `    # A page asked for with a trailing "/": 308 to the page, when it is one (GET and HEAD).`,
    `    location ~ ${nginxPattern(`^(?<${page}>/.+)/$`)} {`,
    `        if ($${NGINX_VARIABLES.read} = 0) { return 404; }`,
    `        if (!-f $document_root$${page}.html) { return 404; }`,
    `        return 308 $${page}$is_args$args;`,
    '    }',
    '',
    `    # Every other page: its HTML file (the path with ".html"), or its twin when the Accept header prefers it.`,
  );
  const [before = '', after = ''] = (rule.link ?? '').split(TWIN_PLACEHOLDER);
  const linkLine = rule.link
    ? [
        `add_header Link ${nginxString(before).slice(0, -1)}$${page}${nginxString(`${rule.suffix}${after}`).slice(1)} always;`,
      ]
    : [];
  lines.push(
    ...location('/', rule.page, [
      // The page's path, kept for its Link: the rewrite to its file below changes $uri.
      `set $${page} $uri;`,
      ...linkLine,
      'if (!-f $document_root$uri.html) { return 404; }',
      methodCheck(rule.page),
      `if ($${NGINX_VARIABLES.wantsTwin}) { rewrite ^ $uri${nginxString(`${rule.suffix}?`).slice(1, -1)} last; }`,
      'rewrite ^ $uri.html break;',
    ]),
  );
  return lines;
}

/** One location: its Content-Type (only its own: `types` emptied), its headers on every answer, its directives. */
function location(match: string, headers: HeaderList, body: string[]): string[] {
  const lines = [`    location ${match} {`];
  const type = headerValue(headers, 'Content-Type');
  lines.push('        types { }', `        default_type ${nginxString(type ?? 'application/octet-stream')};`);
  for (const [name, value] of headers) {
    if (name !== 'Content-Type') lines.push(`        add_header ${name} ${nginxString(value)} always;`);
  }
  for (const line of body) lines.push(`        ${line}`);
  lines.push('    }');
  return lines;
}

/** An internal location that sends one computed answer. */
function answer(uri: string, headers: HeaderList, directive: string): string[] {
  return [...location(`= ${nginxLiteral(uri)}`, headers, ['internal;', directive]), ''];
}

/** GET and HEAD go on; OPTIONS and every other method are sent to the preflight or the 405. */
function methodCheck(headers: HeaderList): string {
  const open = headerValue(headers, 'Access-Control-Allow-Origin') === '*';
  const variable = open ? NGINX_VARIABLES.methodOpen : NGINX_VARIABLES.methodClosed;
  return `if ($${variable}) { rewrite ^ $${variable} last; }`;
}

function methodMaps(): string[] {
  const lines = [
    '# Methods: GET and HEAD are served; OPTIONS is answered by a preflight, any other method by the 405.',
  ];
  for (const [variable, options] of [
    [NGINX_VARIABLES.methodOpen, 'options-open'],
    [NGINX_VARIABLES.methodClosed, 'options'],
  ] as const) {
    lines.push(
      `map $request_method $${variable} {`,
      '    GET "";',
      '    HEAD "";',
      `    OPTIONS ${nginxLiteral(`${INTERNAL}${options}`)};`,
      `    default ${nginxLiteral(`${INTERNAL}method-not-allowed`)};`,
      '}',
    );
  }
  lines.push(`map $request_method $${NGINX_VARIABLES.read} {`, '    GET 1;', '    HEAD 1;', '    default 0;', '}', '');
  return lines;
}

/**
 * Each media range that can apply to a representation, most specific first, as the runtime's own pattern: the first
 * that matches gives the range's weight, marked N (the type named) or W (through a wildcard); X when none applies.
 */
function rangeMap(variable: string, mediaType: string, namedOnly = false): string[] {
  const rules = rangeRules(representationOf(mediaType)).filter((r) => r.named || !namedOnly);
  return [
    `map $http_accept $${variable} {`,
    ...rules.map((r) => `    ${nginxPattern(`~*${r.pattern}`)} "${r.named ? 'N' : 'W'}$1";  # ${r.name}`),
    '    default "X";',
    '}',
  ];
}

/** A weight as four digits, 0000 to 1000 (thousandths), after its N/W/X mark: the form the comparisons read. */
function qualityMap(from: string, variable: string): string[] {
  return [
    `map $${from} $${variable} {`,
    `    ${nginxPattern('~^([NW])$')} "$11000";`,
    `    ${nginxPattern('~^([NW])1')} "$11000";`,
    `    ${nginxPattern('~^([NW])0\\.([0-9])([0-9])([0-9])$')} "$10$2$3$4";`,
    `    ${nginxPattern('~^([NW])0\\.([0-9])([0-9])$')} "$10$2$30";`,
    `    ${nginxPattern('~^([NW])0\\.([0-9])$')} "$10$200";`,
    `    ${nginxPattern('~^([NW])0\\.?$')} "$10000";`,
    '    default "X0000";',
    '}',
  ];
}

/**
 * "T:P" (the twin's and the page's marked weights) → whether the twin's is higher: at the first digit where the two
 * differ (a common prefix, then a higher digit), written out for each digit.
 */
function greaterPattern(): string {
  const cases: string[] = [];
  for (let digit = 1; digit <= 9; digit++) cases.push(`${digit}[0-9]*:[NWX]\\1[0-${digit - 1}]`);
  return `~^[NWX]([0-9]*)(?:${cases.join('|')})`;
}

/** The maps that decide Markdown negotiation: `$discovery_site_wants_twin` is 1 when the twin is sent. */
export function negotiationMaps(table: Pick<ServingTable, 'negotiation'>): string[] {
  const { media, onTie } = table.negotiation;
  return [
    '# Markdown negotiation (generator/runtime/negotiation/): the twin when the Accept header ranks it above the page;',
    `# on a tie ${onTie === 'twin' ? "the twin, when the header names it (the content's pageNegotiation.onTie)" : "the page (the content's pageNegotiation.onTie)"}.`,
    ...rangeMap(NGINX_VARIABLES.pageRange, media.page),
    ...rangeMap(NGINX_VARIABLES.twinRange, media.twin),
    ...qualityMap(NGINX_VARIABLES.pageRange, NGINX_VARIABLES.pageQ),
    ...qualityMap(NGINX_VARIABLES.twinRange, NGINX_VARIABLES.twinQ),
    `map "$${NGINX_VARIABLES.twinQ}:$${NGINX_VARIABLES.pageQ}" $${NGINX_VARIABLES.wantsTwin} {`,
    `    ${nginxPattern(greaterPattern())} 1;`,
    ...(onTie === 'twin' ? [`    ${nginxPattern('~^N((?!0000)[0-9]{4}):[NWX]\\1$')} 1;`] : []),
    '    default 0;',
    '}',
    '',
  ];
}

/** The internal location each not-found file is sent from. */
function notFoundPages(notFound: ServingTable['notFound']): [string, TableFile][] {
  if (!notFound) return [];
  return [
    [`${INTERNAL}not-found-page`, notFound.page],
    ...(notFound.twin ? [[`${INTERNAL}not-found-twin`, notFound.twin] as [string, TableFile]] : []),
  ];
}

/**
 * The not-found page instead of the envelope, as the runtime decides it: for a GET or HEAD whose Accept names HTML or
 * Markdown with a weight above zero, negotiated as a page is. `$discovery_site_not_found_at` is where it is sent from.
 */
function notFoundMaps(notFound: NonNullable<ServingTable['notFound']>): string[] {
  const [page, twin] = notFoundPages(notFound).map(([at]) => at);
  const { read, pageQ, twinQ, wantsTwin, notFoundNamed, notFoundAt } = NGINX_VARIABLES;
  return [
    '# The not-found page (generator/runtime/site/decide.ts): to a GET or HEAD that names HTML or Markdown.',
    `map "$${read}:$${pageQ}:$${twinQ}" $${notFoundNamed} {`,
    `    ${nginxPattern('~^1:N(?!0000)')} 1;`,
    `    ${nginxPattern('~^1:[NWX][0-9]{4}:N(?!0000)')} 1;`,
    '    default 0;',
    '}',
    `map "$${notFoundNamed}$${wantsTwin}" $${notFoundAt} {`,
    `    11 ${nginxLiteral(twin ?? page!)};`,
    `    10 ${nginxLiteral(page!)};`,
    '    default "";',
    '}',
    '',
  ];
}

/** The maps that recognise an MCP client: `$discovery_site_mcp_client` is 1 for one. */
export function mcpClientMaps(): string[] {
  return [
    `# An MCP client: ${MCP_CLIENT_METHODS.join(' or ')}, or a GET or HEAD that names ${EVENT_STREAM}.`,
    ...rangeMap(NGINX_VARIABLES.streamRange, EVENT_STREAM, true),
    ...qualityMap(NGINX_VARIABLES.streamRange, NGINX_VARIABLES.streamQ),
    `map "$request_method:$${NGINX_VARIABLES.streamQ}" $${NGINX_VARIABLES.mcpClient} {`,
    `    ${nginxPattern(`~^(?:${MCP_CLIENT_METHODS.join('|')}):`)} 1;`,
    `    ${nginxPattern('~^(?:GET|HEAD):N(?!0000)')} 1;`,
    '    default 0;',
    '}',
    '',
  ];
}

/** The internal location of each refusal of the `path` parameter, in the runtime's order. */
const refusalAt = (n: number) => `${INTERNAL}page-context/refused-${n}`;

/**
 * The `path` parameter read as the runtime reads it: missing, too long, cut at "?", then the runtime's refusals (their
 * "/" matching "%2F" too, since nginx does not decode the parameter); for the file, each "%2F" decoded, as many as the
 * deepest published page needs (a path needing more names no page), the trailing "/" dropped.
 */
function pageContextMaps(table: ServingTable, data: PageContextData): string[] {
  const refusals = sitePathRefusals(SLASH_AS_SENT);
  // A loop, not a spread: a catalog has more files than a call takes arguments.
  let depth = 1;
  for (const file of table.files) depth = Math.max(depth, file.path.split('/').length - 1);
  const lines = [
    '# The page-context route (generator/runtime/query-routes/): the `path` parameter as the runtime reads it.',
    `map $arg_path $${NGINX_VARIABLES.contextCut} {`,
    `    ${nginxPattern('~^([^?]*)\\?')} "$1";`,
    `    default $arg_path;`,
    '}',
    `map $${NGINX_VARIABLES.contextCut} $${NGINX_VARIABLES.contextRefusal} {`,
    ...refusals.map((r, i) => `    ${nginxPattern(`~${r.pattern}`)} ${nginxLiteral(refusalAt(i))};`),
    '    default "";',
    '}',
  ];
  let from = NGINX_VARIABLES.contextCut;
  for (let n = 1; n <= depth + 1; n++) {
    lines.push(
      `map $${from} $${NGINX_VARIABLES.decoded(n)} {`,
      `    ${nginxPattern(`~^(.*?)${ENCODED_SLASH}(.*)$`)} "$1/$2";`,
      `    default $${from};`,
      '}',
    );
    from = NGINX_VARIABLES.decoded(n);
  }
  lines.push(
    `map $${from} $${NGINX_VARIABLES.contextPath} {`,
    `    ${nginxPattern('~^(/.+)/$')} "$1";`,
    `    default $${from};`,
    '}',
    // A path that may name a file under the context folder: no escape left, no empty segment.
    `map $${NGINX_VARIABLES.contextPath} $${NGINX_VARIABLES.contextOk} {`,
    `    ${nginxPattern('~^/$')} 1;`,
    `    ${nginxPattern('~^(?:/[^/%\\x00-\\x20\\x7f\\\\]+)+$')} 1;`,
    '    default 0;',
    '}',
    // The 404's route family, matched on the parameter itself ("/" or "%2F"), trailing "/" dropped, as the runtime
    // matches the decoded path: an exact pattern first, then the one with fewest parameters, then catalog order.
    `map $${NGINX_VARIABLES.contextCut} $${NGINX_VARIABLES.contextHintPath} {`,
    `    ${nginxPattern(`~^(.+?)${SLASH_AS_SENT}$`)} "$1";`,
    `    default $${NGINX_VARIABLES.contextCut};`,
    '}',
    `map $${NGINX_VARIABLES.contextHintPath} $${NGINX_VARIABLES.contextUnknown} {`,
  );
  const params = (p: string) => p.split('/').filter((s) => /^\{[^}]+\}$/.test(s)).length;
  const families = data.routeFamilies
    .map((f, i) => ({ f, i }))
    .sort((a, b) => params(a.f.pattern) - params(b.f.pattern) || a.i - b.i);
  for (const { f } of families) {
    lines.push(
      `    ${nginxPattern(`~${routePatternSource(f.pattern, SLASH_AS_SENT)}`)} ${nginxString(JSON.stringify(pageContextNotFound(data, f.pattern)))};`,
    );
  }
  lines.push(`    default ${nginxString(JSON.stringify(pageContextNotFound(data, undefined)))};`, '}', '');
  return lines;
}

/** An answer of the runtime as an nginx return: its status and its bytes. */
const nginxReturn = (a: { status: number; body: unknown }) =>
  `return ${a.status} ${nginxString(JSON.stringify(a.body))};`;

/**
 * The route answers from the page's own file in nginx's per-path copy of the contexts (`try_files` under its folder:
 * nginx reads that one file), with the route's headers; every refusal and the 404 are the runtime's own answers, sent
 * from internal locations.
 */
function pageContextLocations(
  table: ServingTable,
  data: PageContextData,
  headers: HeaderList,
  internal: string[],
): string[] {
  const route = table.pageContext!;
  const pathname = new URL(route.route, 'http://route.invalid').pathname;
  const [before = '', after = ''] = perPathContextFile('\0').split('\0');
  const shards = data.contexts.file;
  const folder = shards.slice(0, shards.lastIndexOf('/') + 1);
  // Written unquoted beside a variable: only characters nginx reads as they are.
  if (!/^[A-Za-z0-9._~/-]*$/.test(before + after + folder))
    throw new Error(
      `The page contexts' layout (${shards}, ${before}{path}${after}) cannot be written into nginx.conf.`,
    );
  const refused = (raw: string | null) => {
    const checked = checkSitePath(raw);
    if (checked.ok) throw new Error(`The page-context runtime accepted ${raw}.`);
    return nginxReturn(pageContextRefused(checked.code, checked.problem));
  };
  const unknown = `${INTERNAL}page-context/unknown`;
  internal.push(
    ...answer(`${INTERNAL}page-context/missing`, ERROR_HEADERS, refused(null)),
    ...answer(`${INTERNAL}page-context/too-long`, ERROR_HEADERS, refused(`/${'a'.repeat(MAX_SITE_PATH_LENGTH)}`)),
    ...sitePathRefusals().flatMap((r, i) =>
      answer(refusalAt(i), ERROR_HEADERS, nginxReturn(pageContextRefused('invalid_path', r.problem))),
    ),
    ...answer(unknown, ERROR_HEADERS, `return 404 $${NGINX_VARIABLES.contextUnknown};`),
  );
  return [
    ...location(`= ${nginxLiteral(pathname)}`, headers, [
      methodCheck(headers),
      `if ($arg_path = '') { rewrite ^ ${nginxLiteral(`${INTERNAL}page-context/missing`)} last; }`,
      `if ($arg_path ~ "^[\\s\\S]{${MAX_SITE_PATH_LENGTH + 1}}") { rewrite ^ ${nginxLiteral(`${INTERNAL}page-context/too-long`)} last; }`,
      `if ($${NGINX_VARIABLES.contextRefusal}) { rewrite ^ $${NGINX_VARIABLES.contextRefusal} last; }`,
      `if ($${NGINX_VARIABLES.contextOk} = 0) { rewrite ^ ${nginxLiteral(unknown)} last; }`,
      `root $${CONTEXTS_VARIABLE};`,
      `try_files ${before}\${${NGINX_VARIABLES.contextPath}}${after} ${nginxLiteral(unknown)};`,
    ]),
    '',
    // The shards themselves, at their own paths (a CDN serves them as the uploaded files they are).
    ...location(`^~ ${nginxLiteral(folder)}`, headers, [methodCheck(headers), 'try_files $uri =404;']),
  ];
}
