// Checks the MCP server card against the contract: endpoint {mcp_url}/mcp everywhere, and the facts in `_meta`.
import type { Validator } from '../../../registry/types.js';
import { latestMcpProtocolVersion, mcpEndpoint } from '../addresses.js';
import { expectValue, rejectFalseEndpoints } from '../../json/expect.js';
import { JsonDocument, pointerOf } from '../../json/json-document.js';
import { schemaValidator } from '../../json/artifact-schemas.js';
import { cardFacts, metaKey } from './card-facts.js';

const EMITTER = 'generator/build/emit/discovery/mcp-server-card/emit-server-card.ts';

export const validateServerCardSchema = schemaValidator(
  'mcp-server-card',
  `Make the card match the SEP-2127 card with SEP-1649 fields; its name and description come from content/publication.yaml, the rest from ${EMITTER}.`,
);

export const validateServerCardContract: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  if (!document) return;
  const { model } = context;
  const endpoint = mcpEndpoint(model);
  const key = metaKey(model);
  const remotes = document.get('/remotes');
  const endpointPointers = [
    '/transport/endpoint',
    pointerOf('_meta', key, 'endpoint'),
    ...(Array.isArray(remotes) ? remotes.map((_, i) => `/remotes/${i}/url`) : []),
  ];
  if (rejectFalseEndpoints(document, context, endpointPointers, 'mcp-endpoint') > 0) return;

  const rule = 'mcp-server-card-contract';
  const fromContent =
    'Rebuild from the content; the card states content/mcp-server.yaml and content/authentication.yaml as they are.';
  expectValue(document, context, {
    ruleId: 'mcp-endpoint',
    pointer: '/remotes',
    expected: [{ ...(Array.isArray(remotes) ? (remotes[0] as object) : {}), type: 'streamable-http', url: endpoint }],
    what: "The card's remotes (one Streamable HTTP remote at {mcp_url}/mcp)",
    fix: `State exactly one remote: { "type": "streamable-http", "url": "${endpoint}" }.`,
  });
  expectValue(document, context, {
    ruleId: 'mcp-endpoint',
    pointer: '/transport',
    expected: { type: 'streamable-http', endpoint },
    what: 'The SEP-1649 transport',
    fix: `State { "type": "streamable-http", "endpoint": "${endpoint}" }.`,
  });
  expectValue(document, context, {
    ruleId: rule,
    pointer: '/protocolVersion',
    expected: latestMcpProtocolVersion(model),
    what: 'protocolVersion',
    fix: 'Use the last revision of `mcpProtocolVersions` in content/publication.yaml.',
  });
  expectValue(document, context, {
    ruleId: rule,
    pointer: '/authentication/required',
    expected: true,
    what: 'authentication.required (the contract: a bearer token is required)',
    fix: 'State that authentication is required.',
  });
  const facts = cardFacts(model) as Record<string, unknown>;
  if (document.get(pointerOf('_meta', key)) === undefined) {
    expectValue(document, context, {
      ruleId: rule,
      pointer: pointerOf('_meta', key),
      expected: facts,
      what: `The contract's facts under _meta["${key}"]`,
      fix: fromContent,
    });
    return;
  }
  for (const [name, value] of Object.entries(facts)) {
    expectValue(document, context, {
      ruleId: rule,
      pointer: pointerOf('_meta', key, name),
      expected: value,
      what: `_meta["${key}"].${name}`,
      fix: fromContent,
    });
  }
};
