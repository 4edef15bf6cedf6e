// `npm run dev`: builds the preview, serves it on the preview hosts, rebuilds on every content edit and reloads open
// pages; a content error is shown in the terminal and over the page, while the last good build stays served.
import {
  CONTENT_SCHEMA_DIR,
  DEFAULT_CONTENT_DIR,
  defaultOutDir,
  PROJECT_ROOT,
} from '../../build/files/project-paths.js';
import { join } from 'node:path';
import type { RequestListener } from 'node:http';
import { bindHost, type BoundHost } from '../preview/http/listen.js';
import { toNodeListener, type FetchHandler } from '../preview/http/fetch-handler.js';
import type { Addresses, AddressName } from '../../model/types.js';
import type { KindTable } from '../../build/registry/build-registry.js';
import { essence } from '../audit/media-type.js';
import { DevSession, type BuildOutcome, type GoodBuild } from './dev-session.js';
import {
  CLIENT_PATH,
  CLIENT_SCRIPT,
  EVENTS_PATH,
  EventHub,
  injectClient,
  waitingPage,
  type Problem,
} from './live-reload.js';
import { createPreviewHosts, type PreviewHosts } from './preview-hosts.js';
import { watchContent, type ContentWatcher } from './watch-content.js';
import { ChangedFileWriter } from './write-changed.js';
import { loadModel } from '../../build/project.js';
import { noteRaised } from '../../build/messages/raised-rules.js';

export interface DevServerOptions {
  contentDir?: string;
  schemaDir?: string;
  kinds?: KindTable;
  /** Ports by address; default: the preview environment's; 0 lets the system choose (tests). */
  ports?: Partial<Record<AddressName, number>>;
  /** Where the latest good build is kept on disk (only changed files are written); false: memory only. */
  outDir?: string | false;
  /** The hosts served for a build (default: the preview server's); tests may serve the site alone. */
  hosts?: (build: GoodBuild) => Partial<PreviewHosts> & { site: FetchHandler };
  /** Where build outcomes are reported (the terminal, in the CLI). */
  report?: (outcome: BuildOutcome, state: DevReportState) => void;
  /** The render cache folder; the CLI uses the build's, so an edit renders only the pages it changed. */
  cacheDir?: string;
}

/** What the terminal says after each build: the build being served and the problems of the latest attempt. */
export interface DevReportState {
  servedBuild?: number;
  problems: Problem[];
}

export interface DevServer {
  addresses: Addresses;
  session: DevSession;
  /** Open pages listening for reloads. */
  pages(): number;
  close(): Promise<void>;
}

const ADDRESS_NAMES: AddressName[] = ['base_url', 'api_url', 'mcp_url', 'auth_url'];

export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const contentDir = options.contentDir ?? DEFAULT_CONTENT_DIR;
  const schemaDir = options.schemaDir ?? CONTENT_SCHEMA_DIR;
  const preview = await previewAddresses(contentDir, schemaDir);
  const bound = new Map<AddressName, BoundHost>();
  try {
    for (const name of ADDRESS_NAMES) {
      bound.set(name, await bindHost(options.ports?.[name] ?? Number(new URL(preview[name]).port || 80)));
    }
  } catch (error) {
    await Promise.all([...bound.values()].map((b) => b.close()));
    throw error;
  }
  const addresses = Object.fromEntries(
    ADDRESS_NAMES.map((name) => [name, `http://localhost:${bound.get(name)!.port}`]),
  ) as Addresses;

  const writer =
    options.outDir === false
      ? undefined
      : new ChangedFileWriter(options.outDir ?? join(PROJECT_ROOT, defaultOutDir('preview')));
  const session = new DevSession({
    contentDir,
    schemaDir,
    kinds: options.kinds,
    addresses,
    writer,
    cacheDir: options.cacheDir,
  });
  const makeHosts = options.hosts ?? createPreviewHosts;
  let served: { build: GoodBuild; hosts: Partial<PreviewHosts> & { site: FetchHandler } } | undefined;
  const hub = new EventHub(() => ({ build: served?.build.id ?? 0, problems: session.problems }));

  session.onBuild((outcome) => {
    // The fast path's "back as served" outcome carries the build already served: nothing to swap.
    if (outcome.ok && outcome.build !== served?.build) {
      try {
        const old = served;
        // Page bodies alone changed (the fast path and its completion keep the registry and the facts): the other
        // hosts stay as they are, their MCP sessions too.
        if (outcome.phase !== 'full' && old?.hosts.withSite) {
          served = { build: outcome.build, hosts: old.hosts.withSite(outcome.build) };
        } else {
          const hosts = makeHosts(outcome.build);
          served = { build: outcome.build, hosts };
          for (const [name, host] of [
            ['api_url', hosts.api],
            ['mcp_url', hosts.mcp],
            ['auth_url', hosts.auth],
          ] as const) {
            if (host) bound.get(name)!.setListener(host as RequestListener);
          }
          void old?.hosts.close?.();
        }
      } catch (error) {
        // A host that refuses the build (e.g. metadata that disagrees with the server) is a problem to fix, like content.
        noteRaised('dev-host-refused');
        session.hostsRefused({
          file: '(preview server)',
          ruleId: 'dev-host-refused',
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }
    options.report?.(outcome, { servedBuild: served?.build.id, problems: session.problems });
    hub.broadcast();
  });

  const site: FetchHandler = async (request) => {
    const url = new URL(request.url);
    if (url.pathname === EVENTS_PATH) return hub.open();
    if (url.pathname === CLIENT_PATH) {
      return new Response(CLIENT_SCRIPT, {
        headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    const current = served;
    if (!current) {
      return new Response(waitingPage(), {
        status: 503,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    const readOnly = request.method === 'GET' || request.method === 'HEAD';
    // Pages change under the same ETag-free URL from build to build: the browser must always ask again.
    let forwarded = request;
    if (readOnly) {
      const headers = new Headers(request.headers);
      headers.delete('if-none-match');
      headers.delete('if-modified-since');
      forwarded = new Request(request.url, { method: request.method, headers });
    }
    const response = await current.hosts.site(forwarded);
    if (!readOnly || request.method === 'HEAD' || essence(response.headers.get('content-type')) !== 'text/html')
      return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('etag');
    headers.set('cache-control', 'no-store');
    return new Response(injectClient(await response.text(), current.build.id), { status: response.status, headers });
  };
  bound.get('base_url')!.setListener(toNodeListener(site, () => addresses.base_url));

  await session.rebuild();
  const watcher: ContentWatcher = watchContent([contentDir, schemaDir], (paths) => void session.rebuild(paths));
  await watcher.ready;

  return {
    addresses,
    session,
    pages: () => hub.size,
    close: async () => {
      await watcher.close();
      await session.close();
      hub.close();
      await served?.hosts.close?.();
      await Promise.all([...bound.values()].map((b) => b.close()));
    },
  };
}

/** The preview environment's addresses, read from the content (its ports are the dev server's defaults). */
async function previewAddresses(contentDir: string, schemaDir: string): Promise<Addresses> {
  const model = await loadModel({ contentDir, schemaDir, env: 'preview' });
  return (
    model?.addresses ?? {
      base_url: 'http://localhost:4100',
      api_url: 'http://localhost:4101',
      mcp_url: 'http://localhost:4102',
      auth_url: 'http://localhost:4103',
    }
  );
}
