import { beforeAll, describe, expect, it } from 'vitest';
import { buildShipped, checkCorrupted, discoveryMessages, jsonOf, lineOfText, type Built } from './build.js';

let built: Built;
beforeAll(async () => {
  built = await buildShipped('production');
});

const PATH = '/.well-known/agent-card.json';
const FILE = 'dist/.well-known/agent-card.json';
const SCHEME = '/securitySchemes/mcpOAuth2/oauth2SecurityScheme';

describe('/.well-known/agent-card.json', () => {
  it('passes every check on the shipped content', () => {
    expect(discoveryMessages(built).filter((m) => m.file === FILE)).toEqual([]);
  });

  it('names a public document as its interface, one skill per control, and no OAuth endpoint of its own', () => {
    const card = jsonOf(built, PATH);
    expect(card.supportedInterfaces).toEqual([
      {
        url: 'https://www.example.com/ai.md',
        protocolBinding: 'https://www.rfc-editor.org/rfc/rfc9110#name-get',
        protocolVersion: '1.0',
      },
    ]);
    expect(card.description).toContain('https://mcp.example.com/mcp');
    expect(card).not.toHaveProperty('securityRequirements');
    expect(card.skills.map((s: { id: string; tags: string[] }) => [s.id, s.tags.includes('read-only')])).toEqual([
      ['list_members', true],
      ['list_physical_product_orders', true],
      ['get_physical_product_order', true],
    ]);
    expect(card.skills[0].securityRequirements).toEqual([{ schemes: { mcpOAuth2: { list: ['svc.members.read'] } } }]);
    expect(card.securitySchemes.mcpOAuth2.oauth2SecurityScheme.flows).toEqual({});
    expect(card.securitySchemes.mcpOAuth2.oauth2SecurityScheme.oauth2MetadataUrl).toBe(
      'https://auth.example.com/.well-known/oauth-authorization-server',
    );
    expect(card).not.toHaveProperty('url');
  });

  it('a2a-leads-to-mcp: the MCP endpoint as the interface, on its line', () => {
    const { messages, body } = checkCorrupted(
      built,
      PATH,
      (d) => (d.supportedInterfaces[0].url = 'https://mcp.example.com/mcp'),
    );
    const m = messages.find((x) => x.ruleId === 'a2a-leads-to-mcp')!;
    expect(m.file).toBe(FILE);
    expect(m.line).toBe(lineOfText(body, '"url": "https://mcp.example.com/mcp"'));
  });

  it('a2a-agent-card-schema: a v0.3 top-level url, on its line', () => {
    const { messages, body } = checkCorrupted(built, PATH, (d) => (d.url = 'https://mcp.example.com/mcp'));
    const m = messages.find((x) => x.ruleId === 'a2a-agent-card-schema')!;
    expect(m.file).toBe(FILE);
    expect(m.reason).toContain('at /url');
    expect(m.line).toBe(lineOfText(body, '\n  "url": "https://mcp.example.com/mcp"\n}') + 1);
  });

  it('a2a-agent-card-schema: a v0.3 security scheme without the v1 wrapper key', () => {
    const { messages } = checkCorrupted(
      built,
      PATH,
      (d) => (d.securitySchemes.mcpOAuth2 = { type: 'oauth2', flows: {} }),
    );
    expect(
      messages
        .filter((x) => x.ruleId === 'a2a-agent-card-schema')
        .map((m) => m.reason)
        .join('\n'),
    ).toContain('at /securitySchemes/mcpOAuth2/type');
  });

  it('a2a-agent-card-schema: a skill without tags', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => delete d.skills[2].tags);
    expect(messages.find((x) => x.ruleId === 'a2a-agent-card-schema')!.reason).toContain('at /skills/2/tags');
  });

  it('a2a-invented-endpoint: an interface that claims A2A JSON-RPC', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.supportedInterfaces[0].protocolBinding = 'JSONRPC'));
    expect(messages.find((x) => x.ruleId === 'a2a-invented-endpoint')!.reason).toContain(
      'at /supportedInterfaces/0/protocolBinding',
    );
  });

  it('mcp-endpoint: the interface at {base_url}/mcp', () => {
    const { messages } = checkCorrupted(
      built,
      PATH,
      (d) => (d.supportedInterfaces[0].url = 'https://www.example.com/mcp'),
    );
    expect(messages.find((x) => x.ruleId === 'mcp-endpoint')!.reason).toContain('at /supportedInterfaces/0/url');
  });

  it('a2a-invented-oauth-endpoint: an authorization-code flow with endpoints the contract does not show', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      d.securitySchemes.mcpOAuth2.oauth2SecurityScheme.flows = {
        authorizationCode: {
          authorizationUrl: 'https://auth.example.com/authorize',
          tokenUrl: 'https://auth.example.com/token',
          scopes: {},
        },
      };
    });
    expect(messages.find((x) => x.ruleId === 'a2a-invented-oauth-endpoint')!.reason).toContain(`at ${SCHEME}/flows`);
  });

  it('a2a-agent-card-contract: the metadata URL pointing elsewhere', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      d.securitySchemes.mcpOAuth2.oauth2SecurityScheme.oauth2MetadataUrl =
        'https://www.example.com/.well-known/oauth-authorization-server';
    });
    expect(messages.find((x) => x.ruleId === 'a2a-agent-card-contract')!.reason).toContain(
      `at ${SCHEME}/oauth2MetadataUrl`,
    );
  });

  it('a2a-agent-card-contract: a skill that is not a control', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.skills[0].id = 'create_member'));
    const m = messages.find((x) => x.ruleId === 'a2a-agent-card-contract')!;
    expect(m.reason).toContain('at /skills/0/id');
    expect(m.reason).toContain('"list_members"');
  });
});
