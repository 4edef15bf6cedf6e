// The preview server's four hosts for one good build, made from the preview server's host factories (recreated after each rebuild).
import type { RequestListener } from 'node:http';
import { createAuthHost } from '../preview/auth/auth-host.js';
import { BuiltFiles, builtFilesFromArtifacts, type BuiltFile } from '../preview/built-files.js';
import { toNodeListener, type FetchHandler } from '../preview/http/fetch-handler.js';
import { createMcpHost } from '../preview/mcp/mcp-host.js';
import { createPricingHost } from '../preview/pricing/pricing-host.js';
import { createSiteHost } from '../preview/site/site-host.js';
import { ArtifactSet, type Artifact } from '../../build/registry/types.js';
import type { GoodBuild } from './good-build.js';

export interface PreviewHosts {
  site: FetchHandler;
  api: RequestListener;
  mcp: RequestListener;
  auth: RequestListener;
  close(): Promise<void>;
  /**
   * The same hosts with the site serving another build of the same registry and facts (the dev loop's fast path:
   * only page bodies changed), so the other hosts keep their state (MCP sessions) and nothing is made twice.
   */
  withSite?(build: GoodBuild): PreviewHosts;
}

/**
 * Each file's bytes and ETag, kept per artifact: a build made by the fast path shares every artifact but the edited
 * pages' with the build before it, and hashing thousands of files again would take most of the editor's wait.
 */
const built = new WeakMap<Artifact, BuiltFile>();

function filesOf(artifacts: ArtifactSet): BuiltFiles {
  const fresh = new ArtifactSet();
  for (const artifact of artifacts.values()) if (!built.has(artifact)) fresh.set(artifact);
  const made = builtFilesFromArtifacts(fresh);
  for (const artifact of fresh.values()) built.set(artifact, made.of(artifact.entry)!);
  // The streamed files (a context per page) are made on request from the build's streams, as the preview serves them.
  return new BuiltFiles(
    artifacts.values().map((a) => built.get(a)!),
    (entry, file) => artifacts.streamOf(entry)?.file(file),
  );
}

export function createPreviewHosts(build: GoodBuild): PreviewHosts {
  const { model, registry, artifacts } = build;
  const files = filesOf(artifacts);
  const origin = (name: keyof typeof model.addresses) => () => model.addresses[name];
  const mcp = createMcpHost({ model, registry, files });
  const others = {
    api: toNodeListener(createPricingHost({ model }), origin('api_url')),
    mcp: toNodeListener(mcp.handler, origin('mcp_url')),
    auth: toNodeListener(createAuthHost({ model, registry, files }).handler, origin('auth_url')),
    close: () => mcp.close(),
  };
  const withSite = (next: GoodBuild): PreviewHosts => ({
    ...others,
    site: createSiteHost({ model: next.model, registry: next.registry, files: filesOf(next.artifacts) }),
    withSite,
  });
  return { ...others, site: createSiteHost({ model, registry, files }), withSite };
}
