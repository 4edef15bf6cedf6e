// The site host of the preview: the built site answered by the runtime from the build's serving table, exactly as the
// edge handlers and nginx answer it; only where the bytes come from is the preview's own (the build it holds).
import type { Model } from '../../../model/types.js';
import type { Registry } from '../../../build/registry/registry.js';
import type { RegistryEntry } from '../../../build/registry/types.js';
import { servingPlan, type ServingPlan } from '../../../build/emit/cdn/serving-plan.js';
import { servingTable } from '../../../build/emit/cdn/serving-table.js';
import type { PageContextData } from '../../../runtime/query-routes/types.js';
import { answerSiteRequest, type Asset, type AssetReader } from '../../../runtime/site/index.js';
import type { BuiltFiles } from '../built-files.js';
import type { FetchHandler } from '../http/fetch-handler.js';

export interface SiteHostOptions {
  model: Model;
  registry: Registry;
  files: BuiltFiles;
}

/** A registry's serving plan, made once: dev makes a site host again for every save, most keeping the registry. */
const plans = new WeakMap<Registry, ServingPlan>();

export function createSiteHost({ model, registry, files }: SiteHostOptions): FetchHandler {
  let plan = plans.get(registry);
  if (!plan) plans.set(registry, (plan = servingPlan(registry)));
  const byPath = new Map(plan.files.map((f) => [f.path, f.entry]));
  const table = servingTable(plan, registry, model, (file) => {
    const entry = plan.files.find((f) => f.file === file)?.entry;
    return entry ? files.json<PageContextData>(entry) : undefined;
  });
  const streams = plan.queryRoutes.find((r) => r.data.entry.kind === 'page-context')?.data.entry;
  const read = builtAssets(byPath, files, streams);
  return (request) => answerSiteRequest(request, table, read);
}

/** A served path's bytes from the build: a registry entry's file, or one of the files streamed beside a route's data. */
function builtAssets(
  byPath: Map<string, RegistryEntry>,
  files: BuiltFiles,
  streamOwner: RegistryEntry | undefined,
): AssetReader {
  return (path): Asset | undefined => {
    const entry = byPath.get(path);
    if (entry) {
      const file = files.of(entry);
      return file ? { body: file.bytes, etag: file.etag } : undefined;
    }
    if (!streamOwner) return undefined;
    const text = files.streamedFile(streamOwner, path.slice(1));
    return text === undefined ? undefined : { body: text };
  };
}
