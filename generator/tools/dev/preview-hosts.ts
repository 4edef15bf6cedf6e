// The preview hosts of one good build: the site answered by the runtime through the preview's site host (its pages
// carrying the live-reload client, its only difference from `npm run preview`), and the pricing API, MCP host and
// authorization server from the preview's host factories.
import type { RequestListener } from 'node:http';
import { isHtml } from '../../runtime/headers.js';
import { createAuthHost } from '../preview/auth/auth-host.js';
import { BuiltFiles, builtFile, type BuiltFile } from '../preview/built-files.js';
import { toNodeListener, type FetchHandler } from '../preview/http/fetch-handler.js';
import { createMcpHost } from '../preview/mcp/mcp-host.js';
import { createPricingHost } from '../preview/pricing/pricing-host.js';
import { createSiteHost } from '../preview/site/site-host.js';
import type { Artifact, ArtifactSet } from '../../build/registry/types.js';
import type { GoodBuild } from './good-build.js';
import { injectClient } from './live-reload.js';

/** The hosts beside the site; made again only when the facts may have changed (a whole build). */
export interface OtherHosts {
  api?: RequestListener;
  mcp?: RequestListener;
  auth?: RequestListener;
  close?(): Promise<void>;
}

/**
 * Each file's bytes and ETag, kept per artifact: a build made by the fast path shares every artifact but the edited
 * pages' with the build before it, and hashing thousands of files again would take most of the editor's wait.
 */
const built = new WeakMap<Artifact, BuiltFile>();

function builtOf(artifact: Artifact): BuiltFile {
  let file = built.get(artifact);
  if (!file) built.set(artifact, (file = builtFile(artifact.entry, artifact.body)));
  return file;
}

/** A page's HTML with the live-reload client of build `id`, made (and hashed, for its ETag) when first asked for. */
function withClient(artifact: Artifact, id: number): BuiltFile {
  let made: BuiltFile | undefined;
  const make = () => {
    const html = typeof artifact.body === 'string' ? artifact.body : new TextDecoder().decode(artifact.body);
    made ??= builtFile(artifact.entry, injectClient(html, id));
    return made;
  };
  return {
    entry: artifact.entry,
    get bytes() {
      return make().bytes;
    },
    get etag() {
      return make().etag;
    },
  };
}

/** The build's files; with `client`, every HTML page carries the live-reload client of that build. */
function filesOf(artifacts: ArtifactSet, client?: number): BuiltFiles {
  return new BuiltFiles(
    artifacts
      .values()
      .map((a) => (client !== undefined && isHtml(a.entry.mediaType) ? withClient(a, client) : builtOf(a))),
    // The streamed files (a context per page) are made on request from the build's streams, as the preview serves them.
    (entry, file) => artifacts.streamOf(entry)?.file(file),
  );
}

/** The site of a build as the runtime answers it, each page with the live-reload client of this build. */
export function createDevSite(build: GoodBuild): FetchHandler {
  const { model, registry, artifacts } = build;
  return createSiteHost({ model, registry, files: filesOf(artifacts, build.id) });
}

export function createOtherHosts(build: GoodBuild): OtherHosts {
  const { model, registry, artifacts } = build;
  const files = filesOf(artifacts);
  const origin = (name: keyof typeof model.addresses) => () => model.addresses[name];
  const mcp = createMcpHost({ model, registry, files });
  return {
    api: toNodeListener(createPricingHost({ model }), origin('api_url')),
    mcp: toNodeListener(mcp.handler, origin('mcp_url')),
    auth: toNodeListener(createAuthHost({ model, registry, files }).handler, origin('auth_url')),
    close: () => mcp.close(),
  };
}
