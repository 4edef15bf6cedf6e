// /?mode=agent: the agent-mode view of the home page, a JSON document built from the model and the registry.
import type { EmitContext, RegistryEntry } from '../../registry/types.js';
import type { AgentModeDocument } from '../../../runtime/query-routes/types.js';
import { jsonBody } from '../json/json-body.js';
import { errorsGuideOf } from '../../render/agent-facts.js';
import { fill, firstOfKind, homeUrl, mcpEndpointUrl, pricingCallUrl } from './links.js';

export function buildAgentMode(entry: RegistryEntry, context: EmitContext): AgentModeDocument {
  const { model, registry } = context;
  const { identity, mcpServer, pricingCall, authentication, boundaries } = model;
  const logo = registry.get(identity.logo);
  const catalog = firstOfKind(registry, 'api-catalog');
  const pageContext = firstOfKind(registry, 'page-context');
  const chain = authentication.discoveryChain.map((s) => ({ step: s.step, url: fill(model, s.url), title: s.title }));
  const partUrls: Record<string, string | undefined> = {
    'discovery-resources': catalog ? registry.url(catalog) : undefined,
    'pricing-call': pricingCallUrl(model),
    'mcp-server': mcpEndpointUrl(model),
  };

  const steps: { action: string; url?: string }[] = [];
  if (catalog) steps.push({ action: 'Read the API catalog to find the public interface.', url: registry.url(catalog) });
  steps.push({
    action:
      'Follow the OAuth discovery chain (authentication.discoveryChain) in its order, starting with its first step.',
    ...(chain[0] ? { url: chain[0].url } : {}),
  });
  steps.push({
    action: `Connect to the hosted MCP server over ${mcpServer.transport} with a bearer token in the ${authentication.tokenTransport}.`,
    url: mcpEndpointUrl(model),
  });
  for (const rule of mcpServer.rules) steps.push({ action: fill(model, rule.text) });
  if (pageContext) {
    steps.push({
      action: 'For the context of a public page, ask the page-context route with the page’s site path.',
      url: `${registry.url(pageContext.dataFor ?? pageContext.path)}?path=/`,
    });
  }
  steps.push({
    action: `For live prices, send the pricing call (${pricingCall.method} with the JSON body {}). ${fill(model, pricingCall.rules.map((r) => r.text).join(' '))}`,
    url: pricingCallUrl(model),
  });
  steps.push({
    action: `When a task needs an interface listed in boundaries.notPublished, tell the user: ${fill(model, boundaries.unpublishedAnswer)}`,
  });

  return {
    route: entry.dataFor ?? entry.path,
    mode: 'agent',
    service: {
      name: identity.name,
      summary: fill(model, identity.summary),
      disambiguatingDescription: fill(model, identity.disambiguatingDescription),
      url: homeUrl(model),
      logo: logo ? registry.url(logo) : model.addresses.base_url + identity.logo,
    },
    interface: model.interfaceParts.map((part) => ({
      id: part.id,
      title: part.title,
      summary: fill(model, part.summary),
      ...(partUrls[part.id] ? { url: partUrls[part.id] } : {}),
    })),
    discoveryResources: registry.entries
      .filter((e) => e.host === 'site' && e.inContract)
      .map((e) => ({
        url: registry.url(e),
        type: e.mediaType,
        title: e.title,
        purpose: fill(model, e.purpose),
        ...(e.query ? { query: e.query } : {}),
      })),
    mcpServer: {
      endpoint: mcpEndpointUrl(model),
      transport: mcpServer.transport,
      authentication: mcpServer.authentication,
      discoveryMethods: mcpServer.discoveryMethods,
      controls: mcpServer.controls.map((c) => ({
        name: c.name,
        purpose: c.purpose,
        requiredScope: c.requiredScope,
        readOnly: true as const,
      })),
      notEndpoints: mcpServer.notEndpoints.map((n) => ({ url: fill(model, n.url), reason: fill(model, n.reason) })),
    },
    pricingCall: {
      method: pricingCall.method,
      url: pricingCallUrl(model),
      requestBody: {},
      rules: pricingCall.rules.map((r) => fill(model, r.text)),
    },
    authentication: {
      resource: mcpEndpointUrl(model),
      protocol: authentication.protocol,
      tokenTransport: authentication.tokenTransport,
      discoveryChain: chain,
      scopes: authentication.scopes.map((s) => ({ name: s.name, covers: s.covers })),
    },
    ...(errorsGuideOf(model, registry)
      ? { errors: { guide: errorsGuideOf(model, registry)!.url, clientRule: fill(model, model.errors.clientRule) } }
      : {}),
    boundaries: {
      statements: [
        boundaries.openapiScope,
        boundaries.builderRule,
        boundaries.inferredEndpoints,
        boundaries.legacyMcpPaths,
        boundaries.writeOperations.statement,
        boundaries.webhooks.statement,
        authentication.apiKeys,
      ].map((s) => fill(model, s)),
      notPublished: boundaries.unpublishedInterfaces.map((i) => i.name),
      answer: fill(model, boundaries.unpublishedAnswer),
    },
    firstSteps: steps.map((s, i) => ({ step: i + 1, ...s })),
  };
}

export function emitAgentMode(entry: RegistryEntry, context: EmitContext): string {
  return jsonBody(buildAgentMode(entry, context));
}
