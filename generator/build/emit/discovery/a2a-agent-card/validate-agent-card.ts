// Checks the A2A card against the contract: no invented A2A endpoint or OAuth endpoint, no A2A reader led to the MCP
// server, skills = the controls.
import type { Validator } from '../../../registry/types.js';
import { authorizationServerMetadataUrl, mcpEndpoint } from '../addresses.js';
import { schemaValidator } from '../../json/artifact-schemas.js';
import { expectValue, rejectFalseEndpoints } from '../../json/expect.js';
import { JsonDocument, pointerOf } from '../../json/json-document.js';
import { reportProblem } from '../../json/report.js';
import { cardInterface, OAUTH_SCHEME, skillsOf } from './emit-agent-card.js';

const EMITTER = 'generator/build/emit/discovery/a2a-agent-card/emit-agent-card.ts';
/** The bindings that mean "this URL speaks A2A". */
const A2A_CORE_BINDINGS = ['JSONRPC', 'GRPC', 'HTTP+JSON'];

export const validateAgentCardSchema = schemaValidator(
  'a2a-agent-card',
  `Make the card a valid A2A v1.0 AgentCard (camelCase, no v0.3 top-level url/protocolVersion) in ${EMITTER}.`,
);

export const validateAgentCardContract: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  if (!document) return;
  const { model } = context;
  const interfaces = document.get('/supportedInterfaces');
  const list = Array.isArray(interfaces) ? (interfaces as { protocolBinding?: unknown; url?: unknown }[]) : [];
  list.forEach((item, i) => {
    if (item?.url === mcpEndpoint(model)) {
      reportProblem(document, context, {
        ruleId: 'a2a-leads-to-mcp',
        pointer: `/supportedInterfaces/${i}/url`,
        reason: `the interface is the MCP endpoint: an A2A client sends A2A messages to the interface it selects, and the MCP server speaks MCP.`,
        fix: `Name the document of content/publication.yaml \`agentCardInterface\` (${cardInterface(model).url}); the MCP endpoint belongs in the description and skills.`,
      });
    }
    if (typeof item?.protocolBinding === 'string' && A2A_CORE_BINDINGS.includes(item.protocolBinding.toUpperCase())) {
      reportProblem(document, context, {
        ruleId: 'a2a-invented-endpoint',
        pointer: `/supportedInterfaces/${i}/protocolBinding`,
        reason: `the binding ${item.protocolBinding} claims an A2A endpoint, but the service has no A2A endpoint.`,
        fix: `Name the card's document interface (${JSON.stringify(cardInterface(model))}) instead.`,
      });
    }
  });
  if (
    rejectFalseEndpoints(
      document,
      context,
      list.map((_, i) => `/supportedInterfaces/${i}/url`),
      'mcp-endpoint',
    ) > 0
  )
    return;
  expectValue(document, context, {
    ruleId: 'a2a-agent-card-contract',
    pointer: '/supportedInterfaces',
    expected: [cardInterface(model)],
    what: 'supportedInterfaces (the document of content/publication.yaml `agentCardInterface`, read with HTTP GET)',
    fix: `State the one interface ${EMITTER} builds.`,
  });

  const scheme = pointerOf('securitySchemes', OAUTH_SCHEME, 'oauth2SecurityScheme');
  expectValue(document, context, {
    ruleId: 'a2a-agent-card-contract',
    pointer: `${scheme}/oauth2MetadataUrl`,
    expected: authorizationServerMetadataUrl(model),
    what: 'oauth2MetadataUrl (the authorization server metadata of the contract)',
    fix: 'Point it at {auth_url}/.well-known/oauth-authorization-server (content/authentication.yaml).',
  });
  const flows = document.get(`${scheme}/flows`);
  if (flows && typeof flows === 'object' && Object.keys(flows).length > 0) {
    reportProblem(document, context, {
      ruleId: 'a2a-invented-oauth-endpoint',
      pointer: `${scheme}/flows`,
      reason: `the card states an OAuth flow (${Object.keys(flows).join(', ')}), but grant types and token endpoint details are not shown by the contract.`,
      fix: 'Leave `flows` empty; readers find the endpoints in the metadata at oauth2MetadataUrl.',
    });
  }
  expectValue(document, context, {
    ruleId: 'a2a-agent-card-contract',
    pointer: '/skills',
    expected: skillsOf(model),
    what: 'skills (one per read-only MCP control, with its required scope)',
    fix: 'Rebuild from content/mcp-server.yaml: one skill per control, nothing else.',
  });
};
