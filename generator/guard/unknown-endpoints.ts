// Guard: no artifact links an endpoint the contract does not publish on the pricing API, MCP or authorization host
// (the site's own paths are checked by unresolved-site-url).
import type { TreeValidator } from '../registry/types.js';
import { publishedTexts } from '../validate/text/artifact-text.js';
import { unitAt, unitsOfArtifact } from '../validate/text/artifact-units.js';
import { absoluteUrls, isTemplate, pathOn, splitPath } from '../validate/text/urls.js';
import { negated } from './wording.js';
import { contractEndpoints, describePaths, UNKNOWN_ENDPOINT_FIX } from './contract-endpoints.js';

export const onlyContractEndpoints: TreeValidator = (context) => {
  const { model, registry } = context;
  const hosts = contractEndpoints(model, registry);
  const legacy = new Set(model.mcpServer.legacyPaths.examples);
  for (const item of publishedTexts(context)) {
    const units = unitsOfArtifact(item);
    const reported = new Set<string>();
    for (const found of absoluteUrls(item.text)) {
      if (isTemplate(found.url) || reported.has(found.url)) continue;
      for (const endpoints of hosts) {
        const origin = model.addresses[endpoints.address];
        // A host's own documents describe it (the preview authorization server lists its endpoints in its metadata).
        if (origin === model.addresses.base_url || item.entry.host === endpoints.host) continue;
        const on = pathOn(found.url, origin);
        if (on === undefined) continue;
        const { path } = splitPath(on);
        if (endpoints.paths.has(path) || legacy.has(path)) continue; // legacy paths: not-an-mcp-endpoint says more
        const unit = unitAt(units, found.offset);
        if (unit && negated(unit)) continue;
        reported.add(found.url);
        context.diagnostics.error('validate', {
          ruleId: 'unknown-endpoint',
          reason: `${found.url} is not an endpoint of the contract: on {${endpoints.address}} it publishes only ${describePaths(endpoints)}.`,
          fix: UNKNOWN_ENDPOINT_FIX,
          place: item.place(found.offset),
        });
      }
    }
  }
};
