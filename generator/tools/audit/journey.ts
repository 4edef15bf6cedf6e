// The agent journey: an agent that knows only the site's root URL reads what the site publishes, follows the discovery
// chain, runs the official SDK client's OAuth flow asking exactly the scope the site states for each control, calls
// each control, and reads every card the site links to see where it would lead a client of each standard.
import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { readA2aV02, readA2aV03, readA2aV1, readSep1649, readSep2127, type A2aReading } from './card-readers.js';
import { HeadlessOAuthClient } from './headless-oauth.js';
import {
  type Get,
  type Published,
  ReadingError,
  readCatalog,
  readLlms,
  type StatedControl,
} from './journey-sources.js';
import type { Scorecard } from './scorecard.js';

/** The file the journey starts from, under the root URL. */
export const JOURNEY_STARTS = { 'llms.txt': '/llms.txt', 'api-catalog': '/.well-known/api-catalog' } as const;
export type JourneyStart = keyof typeof JOURNEY_STARTS;

export interface JourneyOptions {
  /** The site's root URL: the only thing the journey is told. */
  baseUrl: string;
  start: JourneyStart;
  card: Scorecard;
  fetch?: typeof fetch;
  progress?: (message: string) => void;
  /**
   * Whether to authorize for and call each control (default true). Without, the journey stops after the reading, the
   * discovery chain and the cards: each control costs the authorization server two sign-ins.
   */
  controls?: boolean;
}

/** What the journey did with each control, for the tests and the printed log. */
export interface ControlVisit {
  control: StatedControl;
  /** The `scope` of the authorization request the SDK client made. */
  asked?: string;
  /** The scope the authorization server granted. */
  granted?: string;
  /** The scope the MCP server's 403 named when the control was called without its scope. */
  refusedNaming?: string;
}

export interface JourneyResult {
  published?: Published;
  visits: ControlVisit[];
}

const TIMEOUT_MS = 15_000;

/**
 * Where clients of each card standard look by themselves, whatever the start file links: A2A v1.0's well-known URI,
 * the A2A card path up to v0.2.6, and the MCP server card paths scanners probe.
 */
const WELL_KNOWN_CARDS = [
  '/.well-known/agent-card.json',
  '/.well-known/agent.json',
  '/.well-known/mcp/server-card.json',
  '/.well-known/mcp.json',
];

export async function runJourney(options: JourneyOptions): Promise<JourneyResult> {
  const { card } = options;
  const doFetch = options.fetch ?? fetch;
  const progress = options.progress ?? (() => {});
  const get: Get = async (url) => {
    const response = await doFetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
  };
  const startUrl = new URL(JOURNEY_STARTS[options.start], options.baseUrl).href;
  progress(`Reading ${startUrl}…`);
  let published: Published;
  try {
    const first = await get(startUrl);
    if (first.status !== 200) throw new ReadingError(`${startUrl} answered ${first.status}.`);
    published =
      options.start === 'llms.txt' ? readLlms(startUrl, first.text) : await readCatalog(startUrl, first.text, get);
  } catch (error) {
    card.fail('journey', startUrl, 'read', error instanceof Error ? error.message : String(error));
    return { visits: [] };
  }
  card.pass(
    'journey',
    startUrl,
    'read',
    `MCP endpoint ${published.mcpUrl}; ${published.controls.map((c) => `${c.name} → ${c.scope}`).join(', ')}`,
  );

  progress('Following the discovery chain…');
  const scopes = await followChain(published, get, card);
  progress('Reading the cards…');
  const probed = WELL_KNOWN_CARDS.map((path) => new URL(path, options.baseUrl).href);
  await readCards(published, [...new Set([...published.documents, ...probed])], get, card);
  const visits: ControlVisit[] = [];
  if (options.controls === false) return { published, visits };
  for (const control of published.controls) {
    progress(`Calling ${control.name} with scope ${control.scope}…`);
    visits.push(await visitControl(published, control, scopes, doFetch, card));
  }
  return { published, visits };
}

/** auth.md names the resource and the next step; the metadata name the same resource and the stated scopes. */
async function followChain(published: Published, get: Get, card: Scorecard): Promise<string[]> {
  const { mcpUrl, chain, resourceMetadata } = published;
  if (chain?.[0]) {
    const guide = await get(chain[0]);
    judge(
      card,
      guide.status === 200 && guide.text.includes(mcpUrl) && guide.text.includes(resourceMetadata),
      chain[0],
      'chain-step-1',
      `names the resource ${mcpUrl} and the next step ${resourceMetadata}`,
      `answered ${guide.status}; step one must name the resource ${mcpUrl} and the next step ${resourceMetadata}`,
    );
  }
  const prm = await get(resourceMetadata);
  let metadata: { resource?: unknown; authorization_servers?: unknown; scopes_supported?: unknown } = {};
  try {
    metadata = JSON.parse(prm.text) as typeof metadata;
  } catch {
    // Judged below: no resource.
  }
  judge(
    card,
    metadata.resource === mcpUrl,
    resourceMetadata,
    'resource',
    `resource ${mcpUrl}, as the site says`,
    `names the resource ${JSON.stringify(metadata.resource)}, the site says a token is for ${mcpUrl}`,
  );
  const supported = Array.isArray(metadata.scopes_supported) ? metadata.scopes_supported.map(String) : [];
  const unstated = published.controls.filter((c) => !supported.includes(c.scope)).map((c) => c.scope);
  judge(
    card,
    unstated.length === 0,
    resourceMetadata,
    'scopes',
    `scopes_supported has every control's scope: ${supported.join(' ')}`,
    `scopes_supported lacks ${unstated.join(', ')}, which the site states a control requires`,
  );
  const issuer = Array.isArray(metadata.authorization_servers) ? String(metadata.authorization_servers[0]) : '';
  const expected = chain?.[2];
  if (expected && issuer) {
    // RFC 8414 section 3: the metadata of an issuer without a path is at /.well-known/oauth-authorization-server.
    const derived = new URL('/.well-known/oauth-authorization-server', issuer).href;
    judge(
      card,
      derived === expected,
      resourceMetadata,
      'chain-step-3',
      `authorization server ${issuer}, whose metadata is the site's third step`,
      `names the authorization server ${issuer}, whose metadata is ${derived}; the site's third step is ${expected}`,
    );
  }
  return supported;
}

/** Every JSON document the start file links or a card standard's clients probe, read as each standard's clients do. */
async function readCards(published: Published, documents: string[], get: Get, card: Scorecard): Promise<void> {
  for (const url of documents) {
    const answer = await get(url);
    if (answer.status !== 200) continue;
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      continue;
    }
    for (const [standard, reading] of [
      ['SEP-2127', readSep2127(doc)],
      ['SEP-1649', readSep1649(doc)],
    ] as const) {
      if (!reading.connect) continue;
      const wrong = [
        reading.connect.url !== published.mcpUrl && `connects to ${reading.connect.url}, not ${published.mcpUrl}`,
        reading.prompts.length > 0 && `asks the user for ${reading.prompts.join(', ')} instead of running OAuth`,
        !reading.oauth && 'finds no oauth2 scheme',
        reading.protocolVersions && `believes the server speaks ${reading.protocolVersions.join(', ')}`,
        reading.tools.length > 0 &&
          !sameControls(reading.tools, published.controls) &&
          'lists other tools than the site',
      ].filter(Boolean);
      judge(
        card,
        wrong.length === 0,
        url,
        `mcp-card ${standard}`,
        `connects to ${reading.connect.url} (${reading.connect.transport}) with OAuth, prompts for nothing, is told no protocol revision${reading.tools.length ? `, finds ${reading.tools.length} read-only tools with the site's scopes` : ''}`,
        `a ${standard} client ${wrong.join('; ')}`,
      );
    }
    if (!('skills' in doc)) continue;
    for (const [version, read] of [
      ['A2A 1.0', readA2aV1],
      ['A2A 0.3', readA2aV03],
      ['A2A 0.2', readA2aV02],
    ] as const) {
      const reading: A2aReading = read(doc);
      if (!reading.accepted) continue;
      const target = reading.sendsA2a;
      const leadsToMcp = target !== undefined && sameResource(target.url, published.mcpUrl);
      const served = target ? (await get(target.url)).status === 200 : true;
      const where = target ? `a reader sends ${target.binding} A2A messages to ${target.url}` : '';
      judge(
        card,
        !leadsToMcp && served,
        url,
        `a2a-card ${version}`,
        target ? `${where}, a document of the site, not the MCP server` : `sends no A2A message: ${reading.because}`,
        `${where}${leadsToMcp ? ', the MCP server' : ', which does not answer a GET'}`,
      );
    }
  }
}

/**
 * One control: an OAuth flow of the SDK client asking the stated scope alone, then tools/list and tools/call with the
 * values the server's input schema gives as examples; then, holding every other scope but that one, the call again.
 */
async function visitControl(
  published: Published,
  control: StatedControl,
  supported: string[],
  doFetch: typeof fetch,
  card: Scorecard,
): Promise<ControlVisit> {
  const visit: ControlVisit = { control };
  const subject = `${published.mcpUrl} ${control.name}`;
  const provider = new HeadlessOAuthClient([control.scope], doFetch);
  try {
    await authorize(provider, published, control.scope, doFetch);
  } catch (error) {
    card.fail('journey', subject, 'oauth', `the SDK client's OAuth flow failed: ${messageOf(error)}`);
    return visit;
  }
  visit.asked = provider.authorizationUrl?.searchParams.get('scope') ?? undefined;
  visit.granted = provider.tokens()?.scope;
  judge(
    card,
    visit.asked === control.scope && (visit.granted === undefined || visit.granted === control.scope),
    subject,
    'asked-scope',
    `the SDK client asked for "${visit.asked}" and was granted "${visit.granted ?? '(not said)'}"`,
    `asked for "${visit.asked}" and was granted "${visit.granted}"; the site states ${control.scope}`,
  );
  const client = new Client({ name: 'discovery-site-journey', version: '1.0.0' });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(published.mcpUrl), { authProvider: provider, fetch: doFetch }),
    );
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === control.name);
    const stated = published.controls.map((c) => c.name).sort();
    const offered = tools.map((t) => t.name);
    judge(
      card,
      JSON.stringify([...offered].sort()) === JSON.stringify(stated) && tool !== undefined,
      subject,
      'tools-list',
      `tools/list offers the site's controls, ${control.name} ${tool?.annotations?.readOnlyHint ? 'read-only' : 'not read-only'}`,
      `tools/list offers ${offered.join(', ')}; the site states ${stated.join(', ')}`,
    );
    if (!tool) return visit;
    judge(
      card,
      tool.annotations?.readOnlyHint === control.readOnly,
      subject,
      'read-only',
      `readOnlyHint ${tool.annotations?.readOnlyHint}, as the site says`,
      `tools/list says readOnlyHint ${tool.annotations?.readOnlyHint}; the site says ${control.readOnly ? 'read-only' : 'not read-only'}`,
    );
    const args = exampleArguments(tool);
    if (typeof args === 'string') {
      card.fail('journey', subject, 'call', args);
      return visit;
    }
    const result = await client.callTool({ name: control.name, arguments: args });
    const answered = result.structuredContent
      ? `{${Object.keys(result.structuredContent).join(', ')}}`
      : `${Array.isArray(result.content) ? result.content.length : 0} content items`;
    judge(
      card,
      result.isError !== true &&
        (result.structuredContent !== undefined || (Array.isArray(result.content) && result.content.length > 0)),
      subject,
      'call',
      `called with ${JSON.stringify(args)}: answered ${answered}`,
      `answered ${JSON.stringify(result).slice(0, 300)}`,
    );
  } catch (error) {
    card.fail('journey', subject, 'call', messageOf(error));
    return visit;
  } finally {
    await client.close().catch(() => {});
  }
  visit.refusedNaming = await callWithout(published, control, supported, doFetch, card);
  return visit;
}

/** The SDK's own OAuth flow (RFC 9728 → RFC 8414 → registration → PKCE authorization → token) for one scope. */
async function authorize(
  provider: HeadlessOAuthClient,
  published: Published,
  scope: string,
  doFetch: typeof fetch,
): Promise<void> {
  const options = {
    serverUrl: published.mcpUrl,
    scope,
    resourceMetadataUrl: new URL(published.resourceMetadata),
    fetchFn: doFetch,
  };
  if ((await auth(provider, options)) === 'AUTHORIZED') return;
  if (!provider.code) throw new Error('the authorization server gave no code');
  await auth(provider, { ...options, authorizationCode: provider.code });
}

/** A headless client that signs in once and declines any step-up the server asks for afterwards. */
class NoStepUp extends HeadlessOAuthClient {
  override async redirectToAuthorization(url: URL): Promise<void> {
    if (!this.tokens()) await super.redirectToAuthorization(url);
  }
}

/** The site says a control runs only with its scope: holding every other supported scope, the call is refused. */
async function callWithout(
  published: Published,
  control: StatedControl,
  supported: string[],
  doFetch: typeof fetch,
  card: Scorecard,
): Promise<string | undefined> {
  const others = supported.filter((s) => s !== control.scope);
  const subject = `${published.mcpUrl} ${control.name}`;
  if (others.length === 0) return undefined;
  const provider = new NoStepUp(others, doFetch);
  let challenge: string | undefined;
  const recording: typeof fetch = async (input, init) => {
    const response = await doFetch(input, init);
    if (response.status === 403) challenge ??= response.headers.get('www-authenticate') ?? '';
    return response;
  };
  const client = new Client({ name: 'discovery-site-journey', version: '1.0.0' });
  try {
    await authorize(provider, published, others.join(' '), doFetch);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(published.mcpUrl), { authProvider: provider, fetch: recording }),
    );
    const tool = (await client.listTools()).tools.find((t) => t.name === control.name);
    const args = tool ? exampleArguments(tool) : {};
    const outcome = await client.callTool({ name: control.name, arguments: typeof args === 'string' ? {} : args }).then(
      (result) => (result.isError ? 'an error result' : 'a result'),
      (error: unknown) => (error instanceof UnauthorizedError || challenge ? 'refused' : messageOf(error)),
    );
    const named = challenge ? /scope="([^"]*)"/.exec(challenge)?.[1] : undefined;
    judge(
      card,
      outcome === 'refused' &&
        /insufficient_scope/.test(challenge ?? '') &&
        !!named?.split(' ').includes(control.scope),
      subject,
      'scope-required',
      `holding every other scope, refused with 403 insufficient_scope naming scope "${named}"`,
      `holding ${others.join(' ')} but not ${control.scope}, the call got ${outcome}${challenge ? ` (${challenge})` : ''}; the site says it runs only with ${control.scope}`,
    );
    return named;
  } catch (error) {
    card.fail('journey', subject, 'scope-required', messageOf(error));
    return undefined;
  } finally {
    await client.close().catch(() => {});
  }
}

/** Arguments from the examples the server's input schema gives, or why there are none. */
function exampleArguments(tool: Tool): Record<string, unknown> | string {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { examples?: unknown[] }>;
  const args: Record<string, unknown> = {};
  for (const name of tool.inputSchema.required ?? []) {
    const example = properties[name]?.examples?.[0];
    if (example === undefined) return `the input schema of ${tool.name} gives no example for ${name}`;
    args[name] = example;
  }
  return args;
}

function sameControls(
  tools: { name: string; readOnly: boolean; scope?: string }[],
  controls: StatedControl[],
): boolean {
  const key = (c: { name: string; readOnly: boolean; scope?: string }) => `${c.name} ${c.scope} ${c.readOnly}`;
  return JSON.stringify(tools.map(key).sort()) === JSON.stringify(controls.map(key).sort());
}

function sameResource(a: string, b: string): boolean {
  const strip = (u: string) => u.replace(/\/+$/, '');
  return strip(a) === strip(b);
}

/** A check that says what it found when it passes, and what was expected when it fails. */
function judge(card: Scorecard, ok: boolean, subject: string, check: string, found: string, failure: string): void {
  card.add({ area: 'journey', subject, check, outcome: ok ? 'pass' : 'fail', detail: ok ? found : failure });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
