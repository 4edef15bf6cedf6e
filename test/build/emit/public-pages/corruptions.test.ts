// Every public-pages validator fails, with its own rule id, when a good build is corrupted in that one way.
import { beforeAll, describe, expect, it } from 'vitest';
import { makePublicPagesKinds } from '../../../../generator/build/emit/public-pages/kinds.js';
import { kinds as defaultKinds } from '../../../../generator/build/kinds.js';
import {
  buildShipped,
  editContext,
  editJson,
  ruleIds,
  shardTreeFile,
  validateCorrupted,
  type GoodBuild,
} from './harness.js';

let build: GoodBuild;
let base: string;
beforeAll(async () => {
  build = await buildShipped();
  base = build.model.addresses.base_url;
});

const CATALOG = '/.well-known/public-pages.json';
const CONTEXT = '/api/agent/page-context';
const AGENT = '/?mode=agent';
const FEED = '/schema-feeds.json';
const ENTITY = '/.well-known/entity.json';
const SCHEMAMAP = '/schemamap.xml';
const SITEMAP = '/sitemap.xml';
const ROBOTS = '/robots.txt';

const PUBLIC_PAGE_ARTIFACTS = [CATALOG, CONTEXT, AGENT, FEED, ENTITY, SCHEMAMAP, SITEMAP, ROBOTS];

describe('the shipped content', () => {
  it('passes every public-pages validator', () => {
    for (const path of PUBLIC_PAGE_ARTIFACTS) {
      expect(
        validateCorrupted(build, path, (t) => t),
        path,
      ).toEqual([]);
    }
  });
  it('builds without any message about the public-pages artifacts', () => {
    const mine = new Set(PUBLIC_PAGE_ARTIFACTS.map((p) => `dist/${build.registry.get(p)!.file}`));
    expect(build.diagnostics.list().filter((m) => mine.has(m.file))).toEqual([]);
  });
});

describe('one corruption, one rule', () => {
  const cases: [string, string, () => (text: string) => string, string[]?][] = [
    ['public-pages-schema', CATALOG, () => editJson((c) => delete c.readOnly)],
    ['public-pages-example-path', CATALOG, () => editJson((c) => (c.routeFamilies[0].examplePaths = ['/nowhere']))],
    [
      'public-pages-coverage',
      CATALOG,
      () => editJson((c) => (c.routeFamilies = c.routeFamilies.filter((f: any) => f.id !== 'pricing'))),
    ],
    ['public-pages-link', CATALOG, () => editJson((c) => (c.pageContext.url = `${base}/api/agent/other`))],
    ['page-context-schema', CONTEXT, () => editJson((d) => delete d.contexts)],
    ['agent-mode-schema', AGENT, () => editJson((d) => (d.mode = 'human'))],
    ['agent-mode-schema', AGENT, () => editJson((d) => (d.mcpServer.controls[0].readOnly = false))],
    [
      'agent-mode-link',
      AGENT,
      () => editJson((d) => d.discoveryResources.push({ ...d.discoveryResources[0], url: `${base}/nope.json` })),
    ],
    ['agent-mode-coverage', AGENT, () => editJson((d) => d.discoveryResources.shift())],
    ['agent-mode-mcp-endpoint', AGENT, () => editJson((d) => (d.mcpServer.endpoint = `${base}/mcp`))],
    ['json-syntax', AGENT, () => (t) => t.slice(0, 40)],
    ['schema-feed-schema', FEED, () => (t) => JSON.stringify(editNode(t, (g) => delete g[1]['@id']))],
    ['schema-feed-one-line', FEED, () => (t) => JSON.stringify(JSON.parse(t), null, 2)],
    ['schema-feed-id', FEED, () => (t) => JSON.stringify(editNode(t, (g) => (g[2]['@id'] = g[1]['@id'])))],
    ['entity-schema', ENTITY, () => editJson((e) => delete e.logo)],
    ['entity-feed-id', ENTITY, () => editJson((e) => (e['@id'] = `${base}/#company`)), [FEED]],
    ['entity-feed-mismatch', ENTITY, () => editJson((e) => (e.name = 'Another Name'))],
    ['entity-logo', ENTITY, () => editJson((e) => (e.logo = `${base}/brand/missing.svg`))],
    ['xml-syntax', SCHEMAMAP, () => (t) => t.replace('</urlset>', '')],
    [
      'schemamap-namespace',
      SCHEMAMAP,
      () => (t) => t.replace(/ xmlns:sf="[^"]*"/, '').replace(/sf:contentType/g, 'contentType'),
    ],
    ['schemamap-structure', SCHEMAMAP, () => (t) => t.replace(/\s*<sf:contentType>[^<]*<\/sf:contentType>/, '')],
    ['schemamap-loc', SCHEMAMAP, () => (t) => t.replace(`${base}/schema-feeds.json`, `${base}/feeds.json`)],
    ['schemamap-coverage', SCHEMAMAP, () => (t) => t.replace(/<url [\s\S]*<\/url>\n/, '')],
    ['xml-syntax', SITEMAP, () => (t) => t.replace('<loc>', '<loc><b>')],
    ['sitemap-namespace', SITEMAP, () => (t) => t.replace('sitemap/0.9', 'sitemap/0.8')],
    ['sitemap-structure', SITEMAP, () => (t) => t.replace(/<loc>([^<]*)<\/loc>/, '<location>$1</location>')],
    [
      'sitemap-loc',
      SITEMAP,
      () => (t) => t.replace(`<loc>${base}/pricing</loc>`, '<loc>ftp://elsewhere.example/pricing</loc>'),
    ],
    ['sitemap-coverage', SITEMAP, () => (t) => t.replace(/\s*<url>\s*<loc>[^<]*\/pricing<\/loc>\s*<\/url>/, '')],
    ['robots-sitemap', ROBOTS, () => (t) => t.replace(/^Sitemap:.*$/m, '')],
    ['robots-schemamap', ROBOTS, () => (t) => t.replace(/^Schemamap: .*$/m, 'Schemamap: /schemamap.xml')],
    ['robots-syntax', ROBOTS, () => (t) => `${t}this is not a robots line\n`],
  ];
  it.each(cases)('%s ← %s', (ruleId, path, corrupt, also) => {
    const messages = validateCorrupted(build, path, corrupt(), { also });
    expect(ruleIds(messages)).toContain(ruleId);
    const message = messages.find((m) => m.ruleId === ruleId)!;
    expect(message.file).toBe(`dist/${build.registry.get(path)!.file}`);
    expect(message.reason).toMatch(/Fix: /);
  });

  // The contexts are streamed in shards: each corruption is of one path's entry, and the message names its shard.
  const PRICING = '/pricing';
  const shardOf = (path: string) => () => shardTreeFile(build, path);
  const DATA = () => 'dist/_agent/page-context.json';
  const contextCases: [string, () => string, (files: any[]) => any[]][] = [
    ['page-context-schema', shardOf('/'), editContext('/', (c) => delete c.title)],
    ['page-context-family', shardOf(PRICING), editContext(PRICING, (c) => (c.routeFamily = 'help'))],
    ['page-context-link', shardOf(PRICING), editContext(PRICING, (c) => (c.resources[0].href = `${base}/missing.md`))],
    ['page-context-file', shardOf(PRICING), editContext(PRICING, (c) => (c.path = '/help'))],
    [
      'page-context-shard-size',
      shardOf(PRICING),
      editContext(PRICING, (c) => (c.description = 'A long description. '.repeat(3300))),
    ],
    [
      'json-syntax',
      shardOf(PRICING),
      (files) => files.map((f) => (f.file === shardTreeFile(build, PRICING) ? { ...f, body: f.body.slice(0, 20) } : f)),
    ],
    ['page-context-coverage', DATA, editContext(PRICING, () => null)],
    [
      'page-context-shard',
      () => '_agent/page-context/7.json',
      (files) => [...files, { file: '_agent/page-context/7.json', body: '{}' }],
    ],
    ['page-context-shard', DATA, (files) => files.filter((f) => f.file !== shardTreeFile(build, PRICING))],
  ];
  it.each(contextCases)('%s ← a shard of the contexts (%#)', (ruleId, fileOf, corruptStream) => {
    const messages = validateCorrupted(build, CONTEXT, (t) => t, { corruptStream });
    expect(ruleIds(messages)).toContain(ruleId);
    const file = fileOf();
    const message = messages.find((m) => m.ruleId === ruleId)!;
    expect(message.file).toBe(file.startsWith('dist/') ? file : `dist/${file}`);
    expect(message.reason).toMatch(/Fix: /);
  });

  it('page-context-shard: an entry in a shard its path does not hash to fails, at that entry', () => {
    // The index says two shards, where the build made one: every entry whose path hashes to shard 1 is misplaced.
    const messages = validateCorrupted(
      build,
      CONTEXT,
      editJson((data) => (data.contexts.shards = 2)),
      { corruptStream: (files) => files },
    );
    const misplaced = messages.filter((m) => m.ruleId === 'page-context-shard' && /hashes to shard 1/.test(m.reason));
    expect(misplaced.length).toBeGreaterThan(0);
    expect(misplaced.every((m) => m.file === 'dist/_agent/page-context/0.json')).toBe(true);
    // And the second shard it counts is missing.
    expect(messages.some((m) => m.ruleId === 'page-context-shard' && /shard 1 of 2/.test(m.reason))).toBe(true);
  });

  it('page-context-coverage: data without its context files fails', () => {
    const messages = validateCorrupted(build, CONTEXT, (t) => t, { corruptStream: () => [] });
    expect(messages.filter((m) => m.ruleId === 'page-context-coverage').length).toBe(
      build.registry.ofKind('html-page').length,
    );
  });

  it('sitemap-limit: a sitemap over the limits fails', () => {
    const small = { ...defaultKinds, ...makePublicPagesKinds({ sitemapLimits: { maxUrls: 2, maxBytes: 50_000_000 } }) };
    expect(ruleIds(validateCorrupted(build, SITEMAP, (t) => t, { kinds: small }))).toContain('sitemap-limit');
  });
});

function editNode(text: string, edit: (graph: any[]) => void) {
  const value = JSON.parse(text);
  edit(value['@graph']);
  return value;
}
