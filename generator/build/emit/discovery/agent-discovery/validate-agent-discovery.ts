// Checks /.well-known/agent.json: every discovery resource linked, every link resolves, the contract's facts as they are.
import type { Validator } from '../../../registry/types.js';
import { schemaValidator } from '../../json/artifact-schemas.js';
import { expectValue, rejectFalseEndpoints } from '../../json/expect.js';
import { JsonDocument } from '../../json/json-document.js';
import { reportProblem } from '../../json/report.js';
import { mcpEndpoint } from '../addresses.js';
import { cardInterface } from '../a2a-agent-card/emit-agent-card.js';
import { discoveryRoutes } from '../discovery-routes.js';
import { boundaryFacts, mcpServerFacts, notShownFacts, pricingCallFacts } from './discovery-document.js';

const EMITTER = 'generator/build/emit/discovery/agent-discovery/emit-agent-discovery.ts';

export const validateAgentDiscoverySchema = schemaValidator(
  'agent-discovery',
  `Keep the v0.2/v0.3 agent-card reader fields and the project's discovery members (${EMITTER}).`,
);

export const validateAgentDiscoveryContract: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  if (!document) return;
  const { model, registry } = context;
  if (document.get('/url') === mcpEndpoint(model)) {
    reportProblem(document, context, {
      ruleId: 'a2a-leads-to-mcp',
      pointer: '/url',
      reason:
        'url is the MCP endpoint: a v0.2/v0.3 A2A reader sends JSON-RPC A2A messages (message/send) to `url`, and the MCP server speaks MCP.',
      fix: `Name the document of content/publication.yaml \`agentCardInterface\` (${cardInterface(model).url}); the MCP endpoint is stated under mcpServer.`,
    });
  } else if (rejectFalseEndpoints(document, context, ['/url', '/mcpServer/endpoint'], 'mcp-endpoint') === 0) {
    for (const [pointer, expected] of [
      ['/url', cardInterface(model).url],
      ['/preferredTransport', cardInterface(model).protocolBinding],
    ] as const) {
      expectValue(document, context, {
        ruleId: 'agent-discovery-contract',
        pointer,
        expected,
        what: `${pointer.slice(1)} (the public document A2A readers are pointed at, read with HTTP GET)`,
        fix: 'Rebuild: both come from content/publication.yaml `agentCardInterface`.',
      });
    }
  }

  const links = document.get('/discoveryResources');
  const urls = Array.isArray(links) ? links.map((l) => (l as { url?: unknown })?.url) : [];
  const site = registry.origin('site');
  urls.forEach((url, i) => {
    const known =
      typeof url === 'string' &&
      url.startsWith(site) &&
      registry.of('site').some((e) => e.path === url.slice(site.length) || e.dataFor === url.slice(site.length));
    if (!known) {
      reportProblem(document, context, {
        ruleId: 'agent-discovery-links',
        pointer: `/discoveryResources/${i}/url`,
        reason: `${JSON.stringify(url)} is not a resource the site serves (no registry entry at that path of {base_url}).`,
        fix: 'Link only resources of the registry (content/discovery-resources.yaml).',
      });
    }
  });
  for (const route of discoveryRoutes(registry)) {
    if (!urls.includes(registry.url(route.route))) {
      reportProblem(document, context, {
        ruleId: 'agent-discovery-links',
        pointer: '/discoveryResources',
        reason: `the discovery resource ${route.route} (${route.entry.title}) is not linked.`,
        fix: `Link every public discovery resource of the registry; rebuild with ${EMITTER}.`,
      });
    }
  }

  const facts: [string, unknown, string][] = [
    ['/boundaries', boundaryFacts(model), 'content/boundaries.yaml'],
    ['/notShown', notShownFacts(model), 'content/not-shown.yaml'],
    ['/mcpServer', mcpServerFacts(model), 'content/mcp-server.yaml and content/authentication.yaml'],
    ['/pricingCall', pricingCallFacts(model), 'content/pricing-call.yaml'],
  ];
  for (const [pointer, expected, source] of facts) {
    expectValue(document, context, {
      ruleId: 'agent-discovery-contract',
      pointer,
      expected,
      what: pointer.slice(1),
      fix: `State ${source} as it is; rebuild.`,
    });
  }
};
