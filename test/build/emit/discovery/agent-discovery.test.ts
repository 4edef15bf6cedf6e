import { beforeAll, describe, expect, it } from 'vitest';
import { buildShipped, checkCorrupted, discoveryMessages, jsonOf, type Built } from './build.js';

let built: Built;
beforeAll(async () => {
  built = await buildShipped('production');
});

const PATH = '/.well-known/agent.json';
const FILE = 'dist/.well-known/agent.json';

describe('/.well-known/agent.json', () => {
  it('passes every check on the shipped content', () => {
    expect(discoveryMessages(built).filter((m) => m.file === FILE)).toEqual([]);
  });

  it('has the v0.2/v0.3 reader fields, links every contract resource and states the boundaries', () => {
    const doc = jsonOf(built, PATH);
    for (const field of [
      'name',
      'description',
      'url',
      'version',
      'capabilities',
      'skills',
      'defaultInputModes',
      'defaultOutputModes',
    ]) {
      expect(doc).toHaveProperty(field);
    }
    expect(doc.url).toBe('https://www.example.com/ai.md');
    expect(doc.mcpServer.endpoint).toBe('https://mcp.example.com/mcp');
    const urls = doc.discoveryResources.map((l: { url: string }) => l.url);
    expect(urls).toContain('https://www.example.com/?mode=agent');
    expect(urls).toContain('https://www.example.com/api/agent/page-context');
    expect(urls).toContain('https://www.example.com/.well-known/mcp/server-card.json');
    expect(urls).toHaveLength(new Set(urls).size);
    expect(doc.boundaries.notProvided).toContain('Seller API');
    expect(doc.notShown.length).toBeGreaterThanOrEqual(12);
  });

  it('a2a-leads-to-mcp: url at the MCP endpoint, where a v0.2 reader sends JSON-RPC', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.url = 'https://mcp.example.com/mcp'));
    expect(messages.map((m) => m.ruleId)).toContain('a2a-leads-to-mcp');
  });

  it('agent-discovery-schema: the skills removed', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => delete d.skills);
    const m = messages.find((x) => x.ruleId === 'agent-discovery-schema')!;
    expect(m.file).toBe(FILE);
    expect(m.reason).toContain('at /skills');
    expect(m.line).toBe(1);
  });

  it('agent-discovery-links: a discovery resource left out', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      d.discoveryResources = d.discoveryResources.filter((l: { url: string }) => !l.url.endsWith('/llms-full.txt'));
    });
    expect(messages.find((x) => x.ruleId === 'agent-discovery-links')!.reason).toContain('/llms-full.txt');
  });

  it('agent-discovery-links: a link to a path the site does not serve', () => {
    const { messages } = checkCorrupted(
      built,
      PATH,
      (d) => (d.discoveryResources[0].url = 'https://www.example.com/api/v1/sellers'),
    );
    expect(messages.find((x) => x.ruleId === 'agent-discovery-links')!.reason).toContain(
      'at /discoveryResources/0/url',
    );
  });

  it('agent-discovery-contract: a boundary dropped', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => d.boundaries.notProvided.pop());
    expect(messages.find((x) => x.ruleId === 'agent-discovery-contract')!.reason).toContain(
      'at /boundaries/notProvided',
    );
  });

  it('mcp-endpoint: url at {base_url}/mcp', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.url = 'https://www.example.com/mcp'));
    expect(messages.find((x) => x.ruleId === 'mcp-endpoint')!.reason).toContain('at /url');
  });
});
