// Checks the MCP server card against the contract: endpoint {mcp_url}/mcp everywhere, no field the content does not
// state (protocol revisions), no field that misdirects a client (a header input on an OAuth remote), and the facts.
import type { Validator } from '../../../registry/types.js';
import { mcpEndpoint } from '../addresses.js';
import { expectValue, rejectFalseEndpoints } from '../../json/expect.js';
import { JsonDocument, pointerOf } from '../../json/json-document.js';
import { reportProblem } from '../../json/report.js';
import { schemaValidator } from '../../json/artifact-schemas.js';
import { cardFacts, metaKey } from './card-facts.js';
import { CARD_AUTHENTICATION, capabilitiesOf, cardTools } from './emit-server-card.js';

const EMITTER = 'generator/build/emit/discovery/mcp-server-card/emit-server-card.ts';

export const validateServerCardSchema = schemaValidator(
  'mcp-server-card',
  `Make the card match the SEP-2127 card with SEP-1649 fields; its name and description come from content/publication.yaml, the rest from ${EMITTER}.`,
);

const PROTOCOL_FIX =
  'State protocol revisions only as production facts: content/mcp-server.yaml `protocolRevisions` (absent while the contract names none). What the preview negotiates is content/preview/server.yaml, never published.';

export const validateServerCardContract: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  if (!document) return;
  const { model } = context;
  const endpoint = mcpEndpoint(model);
  const key = metaKey(model);
  const remotes = document.get('/remotes');
  const remoteList = Array.isArray(remotes) ? (remotes as Record<string, unknown>[]) : [];
  const endpointPointers = [
    '/transport/endpoint',
    pointerOf('_meta', key, 'endpoint'),
    ...remoteList.map((_, i) => `/remotes/${i}/url`),
  ];
  if (rejectFalseEndpoints(document, context, endpointPointers, 'mcp-endpoint') > 0) return;

  const revisions = model.mcpServer.protocolRevisions;
  remoteList.forEach((remote, i) => {
    const headers = Array.isArray(remote?.headers) ? (remote.headers as Record<string, unknown>[]) : [];
    headers.forEach((header, j) => {
      // A header with a fixed `value` asks the user nothing; any other is an input clients prompt for.
      if (typeof header?.value === 'string') return;
      reportProblem(document, context, {
        ruleId: 'card-header-input',
        pointer: `/remotes/${i}/headers/${j}`,
        reason: `the remote declares the header input ${JSON.stringify(header?.name)}: registry-style clients ask the user to type its value (a pasted token), while this server's token comes from the OAuth discovery chain (401 → protected-resource metadata → authorization server).`,
        fix: `Declare no header inputs on an OAuth remote; state its authentication as ${JSON.stringify(CARD_AUTHENTICATION)} (${EMITTER}).`,
      });
    });
    if (remote?.supportedProtocolVersions !== undefined) {
      expectProtocol(`/remotes/${i}/supportedProtocolVersions`, revisions, 'supportedProtocolVersions');
    }
  });
  if (document.get('/protocolVersion') !== undefined) {
    expectProtocol('/protocolVersion', revisions?.at(-1), 'protocolVersion');
  }

  function expectProtocol(pointer: string, expected: unknown, what: string): void {
    if (expected === undefined) {
      reportProblem(document!, context, {
        ruleId: 'card-unstated-protocol',
        pointer,
        reason: `${what} claims MCP protocol revisions of the production server (${JSON.stringify(document!.get(pointer))}), but the content states none as a production fact.`,
        fix: PROTOCOL_FIX,
      });
      return;
    }
    expectValue(document!, context, {
      ruleId: 'card-unstated-protocol',
      pointer,
      expected,
      what,
      fix: PROTOCOL_FIX,
    });
  }

  const rule = 'mcp-server-card-contract';
  const fromContent =
    'Rebuild from the content; the card states content/mcp-server.yaml and content/authentication.yaml as they are.';
  const first = remoteList[0] ?? {};
  expectValue(document, context, {
    ruleId: 'mcp-endpoint',
    pointer: '/remotes',
    expected: [{ ...first, type: 'streamable-http', url: endpoint, authentication: CARD_AUTHENTICATION }],
    what: "The card's remotes (one Streamable HTTP remote at {mcp_url}/mcp, authenticated with OAuth)",
    fix: `State exactly one remote: { "type": "streamable-http", "url": "${endpoint}", "authentication": ${JSON.stringify(CARD_AUTHENTICATION)} }.`,
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
    pointer: '/authentication',
    expected: CARD_AUTHENTICATION,
    what: 'authentication (the contract: a bearer token from OAuth 2.0 is required)',
    fix: `State ${JSON.stringify(CARD_AUTHENTICATION)}.`,
  });
  expectValue(document, context, {
    ruleId: rule,
    pointer: '/capabilities',
    expected: capabilitiesOf(model),
    what: 'capabilities (what the contract’s discovery methods imply)',
    fix: 'Derive the capabilities from content/mcp-server.yaml `discoveryMethods`; state nothing else.',
  });
  expectValue(document, context, {
    ruleId: 'controls-mismatch',
    pointer: '/tools',
    expected: cardTools(model),
    what: 'tools (one per control of content/mcp-server.yaml: name, title, description, read-only, required scope)',
    fix: 'Rebuild from content/mcp-server.yaml: one tool per control, without an input schema the contract does not show.',
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
