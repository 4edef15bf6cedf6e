// Guard: no artifact links an endpoint the contract does not publish on the pricing API, MCP or authorization host
// (the site's own paths are checked by unresolved-site-url).
import type { AddressName } from '../model/types.js';
import type { TreeValidator } from '../registry/types.js';
import { publishedTexts } from '../validate/text/artifact-text.js';
import { unitAt, unitsOfArtifact } from '../validate/text/artifact-units.js';
import { absoluteUrls, isTemplate, pathOn, splitPath } from '../validate/text/urls.js';
import { negated } from './wording.js';

export const onlyContractEndpoints: TreeValidator = (context) => {
  const { model, registry } = context;
  const auth = model.authentication;
  const allowed: [AddressName, 'api' | 'mcp' | 'auth', Set<string>][] = [
    ['api_url', 'api', new Set(['/', model.pricingCall.path, ...registry.of('api').map((e) => e.path)])],
    [
      'mcp_url',
      'mcp',
      new Set(['/', model.mcpServer.endpointPath, auth.protectedResourceMetadataPath, ...registry.of('mcp').map((e) => e.path)]),
    ],
    ['auth_url', 'auth', new Set(['/', auth.authorizationServerMetadataPath, ...registry.of('auth').map((e) => e.path)])],
  ];
  const legacy = new Set(model.mcpServer.legacyPaths.examples);
  for (const item of publishedTexts(context)) {
    const units = unitsOfArtifact(item);
    const reported = new Set<string>();
    for (const found of absoluteUrls(item.text)) {
      if (isTemplate(found.url) || reported.has(found.url)) continue;
      for (const [name, host, paths] of allowed) {
        const origin = model.addresses[name];
        // A host's own documents describe it (the preview authorization server lists its endpoints in its metadata).
        if (origin === model.addresses.base_url || item.entry.host === host) continue;
        const on = pathOn(found.url, origin);
        if (on === undefined) continue;
        const { path } = splitPath(on);
        if (paths.has(path) || legacy.has(path)) continue; // legacy paths: not-an-mcp-endpoint says more
        const unit = unitAt(units, found.offset);
        if (unit && negated(unit)) continue;
        reported.add(found.url);
        context.diagnostics.error('validate', {
          ruleId: 'unknown-endpoint',
          reason: `${found.url} is not an endpoint of the contract: on {${name}} it publishes only ${[...paths].filter((p) => p !== '/').join(', ')}.`,
          fix: 'Link only the endpoints of the contract (content/pricing-call.yaml, content/mcp-server.yaml, content/authentication.yaml); endpoints must not be inferred or invented.',
          place: item.place(found.offset),
        });
      }
    }
  }
};
