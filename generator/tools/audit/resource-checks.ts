// Fetches every registry path of a deployment and checks status, media type, headers, validity and the bytes.
import { whyNoAnswer } from './reachable.js';
import type { Diagnostics } from '../../build/messages/diagnostics.js';
import { Diagnostics as DiagnosticsClass } from '../../build/messages/diagnostics.js';
import type { Model } from '../../model/types.js';
import { CDN_CONFIG_KINDS } from '../../build/emit/cdn/serving-plan.js';
import type { KindTable } from '../../build/registry/build-registry.js';
import type { Registry } from '../../build/registry/registry.js';
import { ArtifactSet, type RegistryEntry } from '../../build/registry/types.js';
import { validateArtifacts } from '../../build/validate/validate-artifacts.js';
import { diffJsonValues } from '../report/json-diff.js';
import { splitLines } from '../report/text-diff.js';
import { essence, normalizeMediaType } from './media-type.js';
import type { Scorecard } from './scorecard.js';

/** Hosts whose documents a client fetches (the `deploy` pseudo-host's files are never served). */
const SERVED_HOSTS = new Set(['site', 'api', 'mcp', 'auth']);
const CONCURRENCY = 6;
const TIMEOUT_MS = 15_000;

export interface ResourceCheckInput {
  model: Model;
  registry: Registry;
  kinds: KindTable;
  /** The local build with the deployment's addresses; without it the bytes and validity are not compared. */
  local?: ArtifactSet;
  card: Scorecard;
  fetch?: typeof fetch;
  progress?: (message: string) => void;
}

interface Fetched {
  entry: RegistryEntry;
  url: string;
  response?: Response;
  body?: Uint8Array;
  error?: string;
}

export async function checkResources(input: ResourceCheckInput): Promise<void> {
  const doFetch = input.fetch ?? fetch;
  // The CDN's configuration files are in dist/ for the CDN to read, and are never served.
  const entries = input.registry.entries.filter((e) => SERVED_HOSTS.has(e.host) && !CDN_CONFIG_KINDS.has(e.kind));
  input.progress?.(`Fetching ${entries.length} registry paths…`);
  const fetched = await mapLimit(entries, CONCURRENCY, async (entry): Promise<Fetched> => {
    const url = requestUrl(entry, input.registry);
    try {
      const response = await doFetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
      return { entry, url, response, body: new Uint8Array(await response.arrayBuffer()) };
    } catch (error) {
      return { entry, url, error: whyNoAnswer(error) };
    }
  });
  for (const f of fetched) await checkOne(f, input, doFetch);
  checkValidity(fetched, input);
}

/**
 * The URL a client requests for an entry. A query route is requested at its route; its required parameters get the
 * site's root path, the only kind of value the contract defines for them (`path`, a site path).
 */
function requestUrl(entry: RegistryEntry, registry: Registry): string {
  if (!entry.dataFor) return registry.url(entry);
  const url = new URL(registry.url(entry.dataFor, entry.host));
  for (const q of entry.query ?? []) if (q.required && !url.searchParams.has(q.name)) url.searchParams.set(q.name, '/');
  return url.toString();
}

async function checkOne(f: Fetched, input: ResourceCheckInput, doFetch: typeof fetch): Promise<void> {
  const { card } = input;
  const { entry, url } = f;
  if (!f.response) {
    card.fail('resources', url, 'reachable', `request failed: ${f.error}`);
    return;
  }
  const r = f.response;
  if (
    !card.expect(
      r.status === 200,
      'resources',
      url,
      'status',
      `answered ${r.status}${r.headers.get('location') ? ` → ${r.headers.get('location')}` : ''}, expected 200`,
    )
  )
    return;

  const contentType = r.headers.get('content-type');
  if (entry.dataFor) {
    // A query route answers computed JSON, not the file behind it: its type, not its exact bytes, is the contract.
    card.expect(
      essence(contentType) === essence(entry.mediaType),
      'resources',
      url,
      'media-type',
      `served as "${contentType}", expected ${essence(entry.mediaType)}`,
    );
  } else {
    card.expect(
      normalizeMediaType(contentType) === normalizeMediaType(entry.mediaType),
      'resources',
      url,
      'media-type',
      `served as "${contentType ?? '(none)'}", expected "${entry.mediaType}"`,
    );
  }
  card.expect(
    r.headers.get('x-content-type-options')?.toLowerCase() === 'nosniff',
    'resources',
    url,
    'nosniff',
    'no "X-Content-Type-Options: nosniff"',
  );
  if (entry.discovery) {
    card.expect(
      r.headers.get('access-control-allow-origin') === '*',
      'resources',
      url,
      'cors',
      `Access-Control-Allow-Origin is "${r.headers.get('access-control-allow-origin') ?? '(none)'}", expected "*" for a public discovery document`,
    );
    if (!entry.dataFor && (!r.headers.get('cache-control') || !r.headers.get('etag'))) {
      card.add({
        area: 'resources',
        subject: url,
        check: 'caching',
        outcome: 'warn',
        detail: 'no Cache-Control or ETag: scanners and clients expect both on discovery documents',
      });
    }
  }
  if (entry.kind === 'html-page') checkPageLinks(r, entry, input, url);
  if (entry.kind === 'api-catalog') {
    const head = await doFetch(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch(() => undefined);
    card.expect(
      head?.status === 200 && hasLink(head.headers.get('link'), 'api-catalog'),
      'resources',
      url,
      'head-link',
      `HEAD answered ${head?.status ?? 'nothing'} with Link "${head?.headers.get('link') ?? '(none)'}", expected 200 and rel="api-catalog"`,
    );
  }
  if (input.local && !entry.dataFor) {
    const local = input.local.get(entry.host, entry.file);
    if (local) {
      const mine = typeof local.body === 'string' ? new TextEncoder().encode(local.body) : local.body;
      const same = mine.byteLength === f.body!.byteLength && Buffer.compare(mine, f.body!) === 0;
      card.expect(
        same,
        'resources',
        url,
        'content',
        `differs from the local build (stale deployment, or content not yet deployed): ${firstDifference(mine, f.body!)}`,
      );
    }
  }
}

function checkPageLinks(r: Response, entry: RegistryEntry, input: ResourceCheckInput, url: string): void {
  const link = r.headers.get('link');
  const catalog = input.registry.ofKind('api-catalog').some((e) => e.host === 'site');
  if (catalog)
    input.card.expect(
      hasLink(link, 'api-catalog'),
      'resources',
      url,
      'link-api-catalog',
      `Link header "${link ?? '(none)'}" lacks rel="api-catalog"`,
    );
  if (entry.twin) {
    const ok = (link ?? '')
      .split(',')
      .some((l) => /rel="?alternate"?/.test(l) && /type="?text\/markdown"?/.test(l) && l.includes(`<${entry.twin}>`));
    input.card.expect(
      ok,
      'resources',
      url,
      'link-markdown-twin',
      `Link header "${link ?? '(none)'}" lacks <${entry.twin}>; rel="alternate"; type="text/markdown"`,
    );
  }
}

function hasLink(header: string | null, rel: string): boolean {
  return (header ?? '').split(',').some((l) => new RegExp(`rel="?[^"]*\\b${rel}\\b`).test(l));
}

function firstDifference(local: Uint8Array, remote: Uint8Array): string {
  const a = new TextDecoder().decode(local);
  const b = new TextDecoder().decode(remote);
  const added = addedScript(a, b);
  if (added) {
    return `the page is the build's, with a script the build did not write added before </body> (${added.slice(0, 80)}): a development server's live reload (npm run dev)? Verify npm run preview or the deployment instead`;
  }
  try {
    const changes = diffJsonValues(JSON.parse(a), JSON.parse(b)).slice(0, 3);
    if (changes.length > 0) {
      return changes
        .map((c) =>
          `${c.pointer || '/'} is ${JSON.stringify(c.after) ?? '(absent)'} there, ${JSON.stringify(c.before) ?? '(absent)'} here`.slice(
            0,
            200,
          ),
        )
        .join('; ');
    }
  } catch {
    // Not JSON: compare lines.
  }
  const la = splitLines(a);
  const lb = splitLines(b);
  const i = la.findIndex((line, n) => line !== lb[n]);
  const line = i < 0 ? la.length : i;
  return `${local.byteLength} bytes here, ${remote.byteLength} there; first differing line ${line + 1}`;
}

/** Runs the build's own validators on the fetched bytes (files that are not served keep their local bytes). */
function checkValidity(fetched: Fetched[], input: ResourceCheckInput): void {
  if (!input.local) return;
  const set = new ArtifactSet();
  for (const a of input.local.values()) set.set(a);
  // Files streamed beside an artifact (a context per page) stay the local build's.
  for (const stream of input.local.streams()) set.setStream(stream);
  const urls = new Map<RegistryEntry, string>();
  for (const f of fetched) {
    if (f.entry.dataFor || f.response?.status !== 200 || !f.body) continue;
    set.set({ entry: f.entry, body: f.body });
    urls.set(f.entry, f.url);
  }
  const diagnostics: Diagnostics = new DiagnosticsClass();
  validateArtifacts({
    model: input.model,
    registry: input.registry,
    kinds: input.kinds,
    artifacts: set,
    diagnostics,
    displayPath: (entry) => urls.get(entry) ?? input.registry.url(entry),
  });
  const failed = new Set<string>();
  for (const m of diagnostics.list()) {
    if (!m.fatal) continue;
    failed.add(m.file);
    input.card.fail('resources', m.file, 'validity', `${m.reason} [${m.ruleId}]`);
  }
  for (const url of urls.values()) if (!failed.has(url)) input.card.pass('resources', url, 'validity');
}

async function mapLimit<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The script element a server put before `</body>` of a page otherwise the build's, if that is the only change. */
function addedScript(local: string, remote: string): string | undefined {
  const end = local.lastIndexOf('</body>');
  if (end < 0 || remote.length <= local.length) return undefined;
  const tail = local.slice(end);
  if (!remote.startsWith(local.slice(0, end)) || !remote.endsWith(tail)) return undefined;
  const inserted = remote.slice(end, remote.length - tail.length).trim();
  return /^<script\b[\s\S]*<\/script>$/i.test(inserted) ? inserted : undefined;
}
