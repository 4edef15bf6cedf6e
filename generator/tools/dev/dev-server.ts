// `npm run dev`: builds the preview, serves it on the preview hosts, rebuilds on every content edit and reloads open
// pages; a content error is shown in the terminal and over the page, while the last good build stays served.
import {
  CONTENT_SCHEMA_DIR,
  DEFAULT_CONTENT_DIR,
  defaultOutDir,
  PROJECT_ROOT,
} from '../../build/files/project-paths.js';
import { join } from 'node:path';
import { bindHost, LOOPBACK, type BoundHost } from '../preview/http/listen.js';
import { isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';
import { toNodeListener, type FetchHandler } from '../preview/http/fetch-handler.js';
import type { Addresses, AddressName } from '../../model/types.js';
import type { KindTable } from '../../build/registry/build-registry.js';
import { DevSession, type BuildOutcome, type GoodBuild } from './dev-session.js';
import { CLIENT_PATH, CLIENT_SCRIPT, EVENTS_PATH, EventHub, waitingPage, type Problem } from './live-reload.js';
import { createDevSite, createOtherHosts, type OtherHosts } from './preview-hosts.js';
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
  /**
   * The hosts beside the site for a build (default: the preview server's pricing API, MCP host and authorization
   * server); tests may serve the site alone. The site itself is always the runtime's, through the preview's site host.
   */
  otherHosts?: (build: GoodBuild) => OtherHosts;
  /** Where build outcomes are reported (the terminal, in the CLI). */
  report?: (outcome: BuildOutcome, state: DevReportState) => void;
  /** The render cache folder; the CLI uses the build's, so an edit renders only the pages it changed. */
  cacheDir?: string;
  /**
   * The IP address the hosts listen on (default 127.0.0.1, this machine only). The built files name it, so a page
   * opened from another device links the other hosts where they are; a wildcard (0.0.0.0, ::) is named by this
   * machine's first network address.
   */
  host?: string;
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
      bound.set(name, await bindHost(options.ports?.[name] ?? Number(new URL(preview[name]).port || 80), options.host));
    }
  } catch (error) {
    await Promise.all([...bound.values()].map((b) => b.close()));
    throw error;
  }
  const addresses = Object.fromEntries(
    ADDRESS_NAMES.map((name) => [name, `http://${hostName(options.host)}:${bound.get(name)!.port}`]),
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
  const makeOtherHosts = options.otherHosts ?? createOtherHosts;
  let served: { build: GoodBuild; site: FetchHandler; others: OtherHosts } | undefined;
  const hub = new EventHub(() => ({ build: served?.build.id ?? 0, problems: session.problems }));

  session.onBuild((outcome) => {
    // The fast path's "back as served" outcome carries the build already served: nothing to swap.
    if (outcome.ok && outcome.build !== served?.build) {
      try {
        const old = served;
        const site = createDevSite(outcome.build);
        // Page bodies alone changed (the fast path and its completion keep the registry and the facts): the other
        // hosts stay as they are, their MCP sessions too.
        if (outcome.phase !== 'full' && old) {
          served = { build: outcome.build, site, others: old.others };
        } else {
          const others = makeOtherHosts(outcome.build);
          served = { build: outcome.build, site, others };
          for (const [name, host] of [
            ['api_url', others.api],
            ['mcp_url', others.mcp],
            ['auth_url', others.auth],
          ] as const) {
            if (host) bound.get(name)!.setListener(host);
          }
          void old?.others.close?.();
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

  // Everything but dev's own two addresses (and the page shown before any build passed) is the runtime's answer, as
  // `npm run preview` gives it; the pages differ only by the live-reload client in their bytes (ETag and length
  // included), so a page of another build never matches a revalidation.
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
    return current.site(request);
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
      await served?.others.close?.();
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

/** How the addresses name the hosts: localhost on loopback, else the address bound (a wildcard by a real one). */
function hostName(host: string | undefined): string {
  if (host === undefined || host === LOOPBACK) return 'localhost';
  let name = host;
  if (host === '0.0.0.0' || host === '::') {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4');
    name = external?.address ?? '127.0.0.1';
  }
  return isIPv6(name) ? `[${name}]` : name;
}
