import { beforeAll, describe, expect, it } from 'vitest';
import {
  readA2aV02,
  readA2aV03,
  readA2aV1,
  readSep1649,
  readSep2127,
} from '../../../../generator/tools/audit/card-readers.js';
import { artifactSchema } from '../../../../generator/build/emit/json/artifact-schemas.js';
import { buildShipped, checkCorrupted, jsonOf, lineOfText, type Built } from './build.js';

// Each card read with the reading rules of every version it claims: where would a client of that version go?
let built: Built;
beforeAll(async () => {
  built = await buildShipped('production');
});

const MCP = 'https://mcp.example.com/mcp';
const CONTROLS = [
  { name: 'list_members', readOnly: true, scope: 'svc.members.read' },
  { name: 'list_physical_product_orders', readOnly: true, scope: 'svc.orders.read' },
  { name: 'get_physical_product_order', readOnly: true, scope: 'svc.orders.read' },
];

describe('the MCP server card, read as SEP-2127 and SEP-1649 clients read it', () => {
  it('a SEP-2127 client connects to the MCP endpoint with OAuth, asks the user for nothing, and is told no revision', () => {
    const reading = readSep2127(jsonOf(built, '/.well-known/mcp.json'));
    expect(reading).toEqual({
      connect: { url: MCP, transport: 'streamable-http' },
      prompts: [],
      protocolVersions: undefined,
      oauth: true,
      tools: CONTROLS,
    });
  });

  it('a SEP-1649 scanner finds the endpoint, every control as a read-only tool with its scope, and no revision', () => {
    const reading = readSep1649(jsonOf(built, '/.well-known/mcp/server-card.json'));
    expect(reading.connect).toEqual({ url: MCP, transport: 'streamable-http' });
    expect(reading.protocolVersions).toBeUndefined();
    expect(reading.oauth).toBe(true);
    expect(reading.tools).toEqual(CONTROLS);
  });

  it('states no input schema for a control: the contract does not show the input parameters', () => {
    for (const tool of jsonOf(built, '/.well-known/mcp.json').tools) expect(tool).not.toHaveProperty('inputSchema');
  });

  it('card-header-input: an Authorization header input on the OAuth remote, on its line', () => {
    const header = { name: 'Authorization', isRequired: true, isSecret: true };
    const { messages, body } = checkCorrupted(built, '/.well-known/mcp.json', (d) => (d.remotes[0].headers = [header]));
    const m = messages.find((x) => x.ruleId === 'card-header-input')!;
    expect(m.file).toBe('dist/.well-known/mcp.json');
    expect(m.line).toBe(lineOfText(body, '"headers"') + 1);
    // The schema refuses it too: an OAuth remote's headers carry a fixed value or none.
    expect(messages.map((x) => x.ruleId)).toContain('mcp-server-card-schema');
    expect(artifactSchema('mcp-server-card')({ ...JSON.parse(body) })).toBe(false);
  });

  it('card-unstated-protocol: supportedProtocolVersions and protocolVersion the content does not state', () => {
    const { messages, body } = checkCorrupted(built, '/.well-known/mcp.json', (d) => {
      d.remotes[0].supportedProtocolVersions = ['2025-06-18', '2025-11-25'];
      d.protocolVersion = '2025-11-25';
    });
    const found = messages.filter((x) => x.ruleId === 'card-unstated-protocol');
    expect(found.map((m) => m.line).sort()).toEqual(
      [lineOfText(body, '"supportedProtocolVersions"'), lineOfText(body, '"protocolVersion"')].sort(),
    );
  });

  it('states the revisions when the content states them as production facts', async () => {
    const model = { ...built.model, mcpServer: { ...built.model.mcpServer, protocolRevisions: ['2025-11-25'] } };
    const { messages } = checkCorrupted(
      built,
      '/.well-known/mcp.json',
      (d) => {
        d.remotes[0].supportedProtocolVersions = ['2025-11-25'];
        d.protocolVersion = '2025-11-25';
      },
      'site',
      { model },
    );
    expect(messages.filter((x) => x.ruleId === 'card-unstated-protocol')).toEqual([]);
  });
});

describe('the A2A cards, read by A2A clients of every version they claim', () => {
  it('agent-card.json: a v1.0 client finds no A2A interface it implements, and no interface is the MCP server', () => {
    const card = jsonOf(built, '/.well-known/agent-card.json');
    const v1 = readA2aV1(card);
    expect(v1.accepted).toBe(true);
    expect(v1.sendsA2a).toBeUndefined();
    expect(card.supportedInterfaces.map((i: { url: string }) => i.url)).not.toContain(MCP);
  });

  it('agent-card.json: v0.3 and v0.2 readers do not take it for a card of theirs', () => {
    const card = jsonOf(built, '/.well-known/agent-card.json');
    expect(readA2aV03(card).accepted).toBe(false);
    expect(readA2aV02(card).accepted).toBe(false);
  });

  it('agent.json: a v0.3 client finds no transport it implements; a v0.2 client reaches a site document, not the MCP server', () => {
    const card = jsonOf(built, '/.well-known/agent.json');
    expect(readA2aV03(card).accepted).toBe(true);
    expect(readA2aV03(card).sendsA2a).toBeUndefined();
    const v02 = readA2aV02(card);
    expect(v02.sendsA2a?.url).not.toBe(MCP);
    // A public document of the site: the site answers a POST there with 405, never an MCP or A2A answer.
    const path = v02.sendsA2a!.url.slice('https://www.example.com'.length);
    expect(built.registry.get(path)?.kind).toBe('markdown');
  });

  it('the cards of the old output sent v0.2 readers to the MCP server and registry clients to a token prompt', () => {
    // The shapes the previous emitters wrote (kept here as data): the readings show the two defects.
    const oldAgentJson = {
      url: MCP,
      protocolVersion: '0.3.0',
      preferredTransport: 'https://modelcontextprotocol.io/x',
    };
    expect(readA2aV02(oldAgentJson).sendsA2a).toEqual({ url: MCP, binding: 'JSONRPC' });
    const oldCard = {
      remotes: [{ type: 'streamable-http', url: MCP, headers: [{ name: 'Authorization', isSecret: true }] }],
    };
    expect(readSep2127(oldCard).prompts).toEqual(['Authorization']);
  });
});
