// The preview server's four hosts for one good build, made from mock/'s host factories (recreated after each rebuild).
import type { RequestListener } from 'node:http';
import { createAuthHost } from '../../mock/auth/auth-host.js';
import { builtFilesFromArtifacts } from '../../mock/built-files.js';
import { toNodeListener, type FetchHandler } from '../../mock/http/fetch-handler.js';
import { createMcpHost } from '../../mock/mcp/mcp-host.js';
import { createPricingHost } from '../../mock/pricing/pricing-host.js';
import { createSiteHost } from '../../mock/site/site-host.js';
import type { GoodBuild } from './dev-session.js';

export interface PreviewHosts {
  site: FetchHandler;
  api: RequestListener;
  mcp: RequestListener;
  auth: RequestListener;
  close(): Promise<void>;
}

export function createPreviewHosts(build: GoodBuild): PreviewHosts {
  const { model, registry, artifacts } = build;
  const files = builtFilesFromArtifacts(artifacts);
  const origin = (name: keyof typeof model.addresses) => () => model.addresses[name];
  const mcp = createMcpHost({ model, registry, files });
  return {
    site: createSiteHost({ model, registry, files }),
    api: toNodeListener(createPricingHost({ model }), origin('api_url')),
    mcp: toNodeListener(mcp.handler, origin('mcp_url')),
    auth: createAuthHost({ model, registry, files }).app,
    close: () => mcp.close(),
  };
}
