// Starts the four preview hosts (site, pricing API, MCP host, authorization server) from one build of the content.
import { missingControlShapes } from './mcp/controls.js';
import { DEFAULT_CONTENT_DIR } from '../../build/files/project-paths.js';
import { Diagnostics } from '../../build/messages/diagnostics.js';
import type { Addresses, AddressName, Model } from '../../model/types.js';
import { build, runPipeline, type PipelineResult } from '../../build/pipeline.js';
import type { Registry } from '../../build/registry/registry.js';
import type { ArtifactSet } from '../../build/registry/types.js';
import { createAuthHost, type AuthHost, type AuthLimits } from './auth/auth-host.js';
import { builtFilesFromArtifacts, readBuiltFiles, type BuiltFiles } from './built-files.js';
import { toNodeListener, type FetchHandler } from './http/fetch-handler.js';
import { bindHost, type BoundHost } from './http/listen.js';
import { createMcpHost, type McpHost } from './mcp/mcp-host.js';
import { createPricingHost } from './pricing/pricing-host.js';
import { createSiteHost } from './site/site-host.js';
import { loadModel } from '../../build/project.js';

/** The four hosts of the contract, by the placeholder of their address. */
export const PREVIEW_HOSTS: AddressName[] = ['base_url', 'api_url', 'mcp_url', 'auth_url'];

export interface PreviewOptions {
  /** Port per host; default the port of the content's preview address; 0 lets the system choose (tests). */
  ports?: Partial<Record<AddressName, number>>;
  /** Write the build here (and to `<outDir>-hosts/`) and serve it from disk; without it the build stays in memory. */
  outDir?: string;
  contentDir?: string;
  /** The preview user the authorization server signs in as (default: content/preview/server.yaml). */
  userId?: string;
  /** The authorization server's limits, where they differ from its defaults (tests that need a store filled). */
  authLimits?: Partial<AuthLimits>;
  /** DANGER, conformance runs only: the MCP host without bearer authentication (see McpHostOptions). */
  authenticationOff?: boolean;
}

export interface RunningPreview {
  addresses: Addresses;
  /** The content's preview addresses (differ from `addresses` when ports were overridden). */
  configured: Addresses;
  model: Model;
  registry: Registry;
  files: BuiltFiles;
  /** The build's artifacts in memory, as the pipeline made them (what the site host serves, from memory or disk). */
  artifacts: ArtifactSet;
  /** The Web-standard hosts, for in-process requests (tests); the authorization server's is `auth.handler`. */
  site: FetchHandler;
  pricing: FetchHandler;
  mcp: McpHost;
  auth: AuthHost;
  close(): Promise<void>;
}

export class PreviewBuildError extends Error {
  constructor(readonly diagnostics: Diagnostics) {
    super('The preview build failed.');
  }
}

/** The content's preview addresses, read before anything is bound (the ports come from there). */
async function contentAddresses(contentDir: string): Promise<Addresses> {
  const diagnostics = new Diagnostics();
  const model = await loadModel({ contentDir, env: 'preview' }, diagnostics);
  if (!model) throw new PreviewBuildError(diagnostics);
  return model.addresses;
}

export async function startPreview(options: PreviewOptions = {}): Promise<RunningPreview> {
  const contentDir = options.contentDir ?? DEFAULT_CONTENT_DIR;
  const configured = await contentAddresses(contentDir);
  const bound = new Map<AddressName, BoundHost>();
  try {
    for (const name of PREVIEW_HOSTS) {
      const port = options.ports?.[name] ?? Number(new URL(configured[name]).port);
      bound.set(name, await bindHost(port));
    }
  } catch (error) {
    await Promise.all([...bound.values()].map((b) => b.close()));
    throw error;
  }
  const addresses = Object.fromEntries(
    PREVIEW_HOSTS.map((name) => {
      const url = new URL(configured[name]);
      url.port = String(bound.get(name)!.port);
      return [name, url.origin];
    }),
  ) as Addresses;

  const closeBound = () => Promise.all([...bound.values()].map((b) => b.close())).then(() => undefined);
  let result: PipelineResult;
  let files: BuiltFiles;
  try {
    const pipeline = { env: 'preview' as const, contentDir, addresses };
    result = options.outDir ? await build({ ...pipeline, outDir: options.outDir }) : await runPipeline(pipeline);
    if (result.diagnostics.hasErrors || !result.model || !result.registry || !result.artifacts) {
      throw new PreviewBuildError(result.diagnostics);
    }
    // A control added in content builds everywhere; the preview also needs its shape, asked for at its content line.
    for (const missing of missingControlShapes(result.model.mcpServer.controls)) {
      result.diagnostics.error('load', {
        ruleId: 'preview-control-shape',
        reason: missing.reason,
        fix: missing.fix,
        place: missing.control.source,
      });
    }
    if (result.diagnostics.hasErrors) throw new PreviewBuildError(result.diagnostics);
    files = options.outDir
      ? await readBuiltFiles(result.registry, options.outDir)
      : builtFilesFromArtifacts(result.artifacts);
  } catch (error) {
    await closeBound();
    throw error;
  }
  const { model, registry, artifacts } = result;

  let mcp: McpHost;
  let auth: AuthHost;
  try {
    mcp = createMcpHost({ model, registry, files, authenticationOff: options.authenticationOff });
    auth = createAuthHost({ model, registry, files, userId: options.userId, limits: options.authLimits });
  } catch (error) {
    await closeBound();
    throw error;
  }
  const serve = (name: AddressName, handler: FetchHandler) =>
    bound.get(name)!.setListener(toNodeListener(handler, () => addresses[name]));
  const site = createSiteHost({ model, registry, files });
  const pricing = createPricingHost({ model });
  serve('base_url', site);
  serve('api_url', pricing);
  serve('mcp_url', mcp.handler);
  serve('auth_url', auth.handler);

  return {
    addresses,
    configured,
    model,
    registry,
    files,
    artifacts,
    site,
    pricing,
    mcp,
    auth,
    close: async () => {
      await mcp.close();
      await closeBound();
    },
  };
}
