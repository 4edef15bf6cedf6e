import { beforeAll, describe, expect, it } from 'vitest';
import { buildShipped, checkCorrupted, discoveryMessages, jsonOf, type Built } from './build.js';

let built: Built;
beforeAll(async () => {
  built = await buildShipped('production');
});

const PATH = '/.well-known/api-catalog';
const FILE = 'dist/.well-known/api-catalog';
type Context = { anchor: string } & Record<string, { href: string; type?: string }[]>;

describe('/.well-known/api-catalog', () => {
  it('passes every check on the shipped content, is extensionless and served as an RFC 9727 linkset', () => {
    expect(discoveryMessages(built).filter((m) => m.file === FILE)).toEqual([]);
    const entry = built.registry.get(PATH)!;
    expect(entry.file).toBe('.well-known/api-catalog');
    expect(entry.mediaType).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
  });

  it('links the OpenAPI description, the docs, the server card at the MCP endpoint, and the pricing call', () => {
    const doc = jsonOf(built, PATH);
    expect(Object.keys(doc)).toEqual(['linkset']);
    const at = (anchor: string) => (doc.linkset as Context[]).find((c) => c.anchor === anchor)!;
    expect(at('https://www.example.com')['service-desc']).toEqual([
      {
        href: 'https://www.example.com/openapi.json',
        type: 'application/json',
        title: 'OpenAPI discovery description',
      },
    ]);
    expect(at('https://www.example.com')['service-doc']!.map((t) => t.href)).toContain('https://www.example.com/docs');
    expect(at('https://mcp.example.com/mcp')['service-meta']!.map((t) => t.href)).toContain(
      'https://www.example.com/.well-known/mcp/server-card.json',
    );
    expect(at('https://api.example.com/api/v1/communities/plans/prices')['service-doc']!.map((t) => t.href)).toContain(
      'https://www.example.com/pricing.md',
    );
  });

  it('linkset-only-member: a second top-level member', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.apis = []));
    const m = messages.find((x) => x.ruleId === 'linkset-only-member')!;
    expect(m.file).toBe(FILE);
    expect(m.reason).toContain('at /apis');
    expect(m.line).toBeGreaterThan(1);
  });

  it('linkset-only-member: not an object at all', () => {
    const { messages } = checkCorrupted(built, PATH, '[]\n');
    expect(messages.map((m) => m.ruleId)).toContain('linkset-only-member');
  });

  it('linkset-schema: a relation whose value is an object, not an array of target objects', () => {
    const { messages } = checkCorrupted(
      built,
      PATH,
      (d) => (d.linkset[1]['service-desc'] = d.linkset[1]['service-desc'][0]),
    );
    expect(messages.find((x) => x.ruleId === 'linkset-schema')!.reason).toContain('at /linkset/1/service-desc');
  });

  it('linkset-schema: a target object without href', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => delete d.linkset[2]['service-meta'][0].href);
    expect(messages.find((x) => x.ruleId === 'linkset-schema')!.reason).toContain('at /linkset/2/service-meta/0/href');
  });

  it('api-catalog-links: a link to a path the site does not serve', () => {
    const { messages } = checkCorrupted(
      built,
      PATH,
      (d) => (d.linkset[1]['service-doc'][0].href = 'https://www.example.com/seller-api'),
    );
    expect(messages.find((x) => x.ruleId === 'api-catalog-links')!.reason).toContain(
      'at /linkset/1/service-doc/0/href',
    );
  });

  it('api-catalog-links: a media type other than the one the file is served with', () => {
    const { messages } = checkCorrupted(
      built,
      PATH,
      (d) => (d.linkset[1]['service-desc'][0].type = 'application/yaml'),
    );
    expect(messages.find((x) => x.ruleId === 'api-catalog-links')!.reason).toContain(
      'at /linkset/1/service-desc/0/type',
    );
  });

  it('api-catalog-contract: the server card link removed', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => delete d.linkset[2]['service-meta']);
    expect(messages.find((x) => x.ruleId === 'api-catalog-contract')!.reason).toContain('the MCP server card');
  });

  it('mcp-endpoint: the MCP anchor at {base_url}/mcp', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.linkset[2].anchor = 'https://www.example.com/mcp'));
    expect(messages.find((x) => x.ruleId === 'mcp-endpoint')!.reason).toContain('at /linkset/2/anchor');
  });
});
