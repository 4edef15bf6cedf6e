// What the public-pages emitters build from the shipped content, read back through the runtime where it applies.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerPageContext,
  type AgentModeDocument,
  type PageContextData,
} from '../../../../generator/runtime/query-routes/index.js';
import { parseXml } from '../../../../generator/build/emit/public-pages/xml-tree.js';
import { buildShipped, contextReader, json, text, type GoodBuild } from './harness.js';

let prod: GoodBuild;
let preview: GoodBuild;
beforeAll(async () => {
  [prod, preview] = await Promise.all([buildShipped('production'), buildShipped('preview')]);
});

const htmlPaths = (b: GoodBuild) =>
  b.registry
    .served('site')
    .filter((e) => e.kind === 'html-page')
    .map((e) => e.path);

describe('registry entries of the query routes', () => {
  it('puts the data behind /?mode=agent and /api/agent/page-context under /_agent/, marked dataFor', () => {
    const agent = prod.registry.get('/?mode=agent')!;
    const context = prod.registry.get('/api/agent/page-context')!;
    expect([agent.file, agent.dataFor, agent.mediaType]).toEqual([
      '_agent/agent-mode.json',
      '/?mode=agent',
      'application/json',
    ]);
    expect([context.file, context.dataFor]).toEqual(['_agent/page-context.json', '/api/agent/page-context']);
    expect(prod.registry.served('site')).not.toContain(agent);
  });
});

describe('public-pages catalog', () => {
  it('lists only route families of pages the site publishes, each with published example paths', () => {
    const catalog = json(prod, '/.well-known/public-pages.json');
    const pages = new Set(htmlPaths(prod));
    expect(catalog.readOnly).toBe(true);
    expect(catalog.routeFamilies.map((f: any) => f.pattern)).toEqual(
      expect.arrayContaining(['/', '/pricing', '/help', '/help/{slug}']),
    );
    for (const family of catalog.routeFamilies) for (const p of family.examplePaths) expect(pages.has(p), p).toBe(true);
    expect(JSON.stringify(catalog.routeFamilies)).not.toMatch(/seller|creator|admin|checkout/i);
    expect(catalog.pageContext.url).toBe('https://www.example.com/api/agent/page-context');
  });
});

describe('page-context data, answered by the runtime', () => {
  const ask = (path: string) =>
    answerPageContext(json<PageContextData>(prod, '/api/agent/page-context'), path, contextReader(prod));
  it('keeps only the route families and where the shards are in the data file', () => {
    const data = json<PageContextData>(prod, '/api/agent/page-context');
    expect(Object.keys(data).sort()).toEqual(['baseUrl', 'contexts', 'route', 'routeFamilies']);
    // The shipped content's contexts are a few tens of KB: one shard holds them all.
    expect(data.contexts).toEqual({ file: '/_agent/page-context/{shard}.json', shards: 1, hash: 'fnv-1a-32' });
  });
  it('streams every HTML page and Markdown twin in its shard, the page before its twin', () => {
    const stream = prod.artifacts.streamOf(prod.registry.get('/api/agent/page-context')!)!;
    const files = [...stream.files()];
    expect(files.map((f) => f.file)).toEqual(['_agent/page-context/0.json']);
    const paths = Object.keys(JSON.parse(files[0]!.body));
    expect(paths.slice(0, 2)).toEqual(['/', '/index.md']);
    expect(paths).toContain('/help/reading-errors');
    expect(paths.length).toBe(htmlPaths(prod).length + prod.registry.ofKind('html-page').filter((e) => e.twin).length);
    // Each entry is the context of its own path.
    for (const [path, context] of Object.entries(JSON.parse(files[0]!.body))) expect((context as any).path).toBe(path);
  });
  it('answers 200 for every HTML page and its Markdown twin, with absolute canonical URLs', async () => {
    for (const path of htmlPaths(prod)) {
      const answer = await ask(path);
      expect(answer.status, path).toBe(200);
      expect((answer.body as any).canonicalUrl).toBe(`https://www.example.com${path}`);
    }
    const twin = await ask('/pricing.md');
    expect(twin).toMatchObject({
      status: 200,
      body: { path: '/pricing.md', canonicalUrl: 'https://www.example.com/pricing' },
    });
  });
  it('gives the pricing page the BASIC rule and the pricing call on the API host', async () => {
    const body = (await ask('/pricing')).body as any;
    expect(body.rules.join(' ')).toMatch(/BASIC/);
    expect(body.resources).toContainEqual(
      expect.objectContaining({ href: 'https://api.example.com/api/v1/communities/plans/prices', rel: 'service' }),
    );
    expect(body.resources).toContainEqual(
      expect.objectContaining({ href: 'https://www.example.com/pricing.md', rel: 'alternate' }),
    );
  });
  it('tells an agent that /mcp is a page and names the real MCP endpoint', async () => {
    const body = (await ask('/mcp')).body as any;
    expect(body.rules.join(' ')).toContain('The MCP endpoint is https://mcp.example.com/mcp');
  });
  it('answers 404 in the envelope for an unpublished path, 400 for a traversal', async () => {
    expect(await ask('/help/no-such-page')).toMatchObject({
      status: 404,
      body: { error: { code: 'page_not_found', status: 404 } },
    });
    expect(await ask('/../dist')).toMatchObject({ status: 400 });
  });
});

describe('agent mode', () => {
  it('gives identity, the three parts, every discovery resource, boundaries and first steps, with absolute URLs', () => {
    const doc = json<AgentModeDocument>(prod, '/?mode=agent');
    expect(doc.mode).toBe('agent');
    expect(doc.interface.map((p) => p.id)).toEqual(['discovery-resources', 'pricing-call', 'mcp-server']);
    const inContract = prod.registry
      .of('site')
      .filter((e) => e.inContract)
      .map((e) => prod.registry.url(e));
    expect(doc.discoveryResources.map((r) => r.url)).toEqual(inContract);
    expect(doc.mcpServer.endpoint).toBe('https://mcp.example.com/mcp');
    expect(doc.mcpServer.controls.map((c) => c.name)).toEqual([
      'list_members',
      'list_physical_product_orders',
      'get_physical_product_order',
    ]);
    expect(doc.authentication.discoveryChain.map((s) => s.url)).toEqual([
      'https://www.example.com/auth.md',
      'https://mcp.example.com/.well-known/oauth-protected-resource',
      'https://auth.example.com/.well-known/oauth-authorization-server',
    ]);
    expect(doc.firstSteps[0]!.url).toBe('https://www.example.com/.well-known/api-catalog');
    expect(doc.firstSteps.map((s) => s.action).join(' ')).toMatch(/discovery methods before invoking/);
    expect(doc.boundaries.notPublished).toContain('Webhook registration');
  });
  it('uses the preview addresses in a preview build', () => {
    const doc = json<AgentModeDocument>(preview, '/?mode=agent');
    expect(doc.mcpServer.endpoint).toBe('http://localhost:4102/mcp');
    expect(JSON.stringify(doc)).not.toContain('example.com/');
  });
});

describe('schema feed, entity, schemamap, robots, sitemap', () => {
  it('writes the feed on one line, and the entity as its Organization node', () => {
    const feedText = text(prod, '/schema-feeds.json');
    expect(feedText.trimEnd().split('\n')).toHaveLength(1);
    const feed = JSON.parse(feedText);
    const entity = json(prod, '/.well-known/entity.json');
    expect(entity['@id']).toBe('https://www.example.com/#organization');
    const { '@context': _, ...node } = entity;
    expect(feed['@graph'].find((n: any) => n['@id'] === entity['@id'])).toEqual(node);
    expect(entity.logo).toBe('https://www.example.com/brand/logo.svg');
    expect(feed['@graph'].map((n: any) => n['@type'])).toEqual([
      'Organization',
      'WebSite',
      'WebAPI',
      'WebAPI',
      'WebAPI',
    ]);
  });
  it('lists the feed in schemamap.xml with the contentType attribute and element', () => {
    const parsed = parseXml(text(prod, '/schemamap.xml'));
    if (!parsed.ok) throw new Error(parsed.reason);
    const [url] = parsed.root.children;
    expect(parsed.root.attributes['xmlns:sf']!.value).toBe('http://schema.org/schemas/schemafeed/0.1');
    expect(url!.attributes.contentType!.value).toBe('structuredData/schema.org');
    expect(url!.children.map((c) => [c.name, c.text])).toEqual([
      ['loc', 'https://www.example.com/schema-feeds.json'],
      ['sf:contentType', 'structuredData/schema.org'],
    ]);
  });
  it('advertises the sitemap and the schema map with absolute URLs in robots.txt', () => {
    const robots = text(prod, '/robots.txt');
    expect(robots).toMatch(/^Sitemap: https:\/\/www\.example\.com\/sitemap\.xml$/m);
    expect(robots).toMatch(/^Schemamap: https:\/\/www\.example\.com\/schemamap\.xml$/m);
    expect(robots).toMatch(/^User-agent: \*$/m);
  });
  it('lists every HTML page once in sitemap.xml, and nothing else', () => {
    const parsed = parseXml(text(prod, '/sitemap.xml'));
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.root.local).toBe('urlset');
    const locs = parsed.root.children.map((u) => u.children[0]!.text);
    expect([...locs].sort()).toEqual(
      htmlPaths(prod)
        .map((p) => `https://www.example.com${p}`)
        .sort(),
    );
  });
});
