// The files the CDNs read (`_headers`, `_redirects`) parse as Netlify and Cloudflare Pages document them and give every
// path its headers; the limits check fails the build at the offending line; the deploy manifest describes every file.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CACHE_POLICIES, cachePolicyName } from '../../../../generator/runtime/headers.js';
import type { DeployManifest } from '../../../../generator/build/emit/cdn/deploy-manifest.js';
import { checkHeadersLimits } from '../../../../generator/build/emit/cdn/headers-file.js';
import { emitRoutesFile } from '../../../../generator/build/emit/cdn/routes-file.js';
import {
  CLOUDFLARE_HEADERS_MAX_LINE,
  CLOUDFLARE_HEADERS_MAX_RULES,
  CLOUDFLARE_ROUTES_MAX_RULE_LENGTH,
  CLOUDFLARE_ROUTES_MAX_RULES,
} from '../../../../generator/build/emit/cdn/limits.js';
import { Diagnostics } from '../../../../generator/build/messages/diagnostics.js';
import { runPipeline } from '../../../../generator/build/pipeline.js';
import {
  ArtifactSet,
  type Artifact,
  type EmitContext,
  type ValidateContext,
} from '../../../../generator/build/registry/types.js';
import { headersFor, parseHeadersFile, parseRedirectsFile } from '../../../runtime/serving/cdn-config-parsers.js';
import { buildInMemory, kindsWithPlaceholders, type TestBuild } from '../../../runtime/serving/fixture.js';

let build: TestBuild;
const text = (host: 'site' | 'deploy', file: string) => build.artifacts.text(build.artifacts.get(host, file)!);
const bytesOf = (a: Artifact) => (typeof a.body === 'string' ? Buffer.from(a.body, 'utf8') : Buffer.from(a.body));

beforeAll(async () => {
  build = await buildInMemory();
});

describe('_headers', () => {
  it.each(['netlify', 'cloudflare'] as const)(
    'parses as %s documents it and gives every served path its headers',
    (dialect) => {
      const rules = parseHeadersFile(text('site', '_headers'), dialect);
      for (const entry of build.registry.of('site')) {
        if (entry.kind.startsWith('cdn-')) continue;
        const at = entry.dataFor ? `/${entry.file}` : entry.path;
        const headers = headersFor(rules, at);
        const html = entry.mediaType.startsWith('text/html');
        expect.soft(headers.get('content-type'), at).toBe(entry.mediaType);
        expect.soft(headers.get('x-content-type-options'), at).toBe('nosniff');
        expect.soft(headers.get('cache-control'), at).toBe(CACHE_POLICIES[cachePolicyName(entry)]);
        expect.soft(headers.get('access-control-allow-origin'), at).toBe(html ? undefined : '*');
        if (html) expect.soft(headers.get('link'), at).toContain('rel="api-catalog"');
        if (html && entry.twin)
          expect.soft(headers.get('link'), at).toContain(`<${entry.twin}>; rel="alternate"; type="text/markdown"`);
      }
    },
  );

  it('gives the API catalog its linkset media type with the RFC 9727 profile, and its Link', () => {
    const headers = headersFor(parseHeadersFile(text('site', '_headers'), 'cloudflare'), '/.well-known/api-catalog');
    expect(headers.get('content-type')).toBe(
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
    expect(headers.get('link')).toBe('</.well-known/api-catalog>; rel="api-catalog"');
  });

  it("stays within Cloudflare's limits", () => {
    const lines = text('site', '_headers').split('\n');
    expect(parseHeadersFile(text('site', '_headers'), 'cloudflare').length).toBeLessThanOrEqual(
      CLOUDFLARE_HEADERS_MAX_RULES,
    );
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(CLOUDFLARE_HEADERS_MAX_LINE);
    expect(build.cdnMessages).toEqual([]);
  });
});

describe('the limits check', () => {
  function run(body: string, limits: { maxRules: number; maxLine: number }) {
    const diagnostics = new Diagnostics();
    const entry = build.registry.get('/_headers')!;
    const artifacts = new ArtifactSet();
    const artifact = { entry, body };
    artifacts.set(artifact);
    const context: ValidateContext = {
      model: undefined as never,
      registry: build.registry,
      diagnostics,
      artifacts,
      displayPath: () => 'dist/_headers',
    };
    checkHeadersLimits(limits)(artifact, context);
    return diagnostics.list();
  }

  it('fails at the first rule over the limit, with its line', () => {
    const messages = run(text('site', '_headers'), { maxRules: 3, maxLine: CLOUDFLARE_HEADERS_MAX_LINE });
    expect(messages).toHaveLength(1);
    const fourthRule = text('site', '_headers')
      .split('\n')
      .filter((l, i, all) => l.startsWith('/') && all.slice(0, i).filter((x) => x.startsWith('/')).length === 3)[0];
    expect(messages[0]).toMatchObject({ ruleId: 'cdn-headers-too-many-rules', file: 'dist/_headers', fatal: true });
    expect(text('site', '_headers').split('\n')[messages[0]!.line! - 1]).toBe(fourthRule);
  });

  it('fails on a line longer than the limit, at that line', () => {
    const messages = run(`/*\n  X-Content-Type-Options: nosniff\n/a\n  Link: ${'x'.repeat(60)}\n`, {
      maxRules: 100,
      maxLine: 40,
    });
    expect(messages).toMatchObject([{ ruleId: 'cdn-headers-line-too-long', line: 4, column: 41, fatal: true }]);
  });
});

describe('a build over the limits', () => {
  it('fails, with the positioned message of the limits check', async () => {
    const kinds = kindsWithPlaceholders({ placeholdersOnly: true });
    kinds['cdn-headers'] = {
      ...kinds['cdn-headers']!,
      validate: [checkHeadersLimits({ maxRules: 2, maxLine: CLOUDFLARE_HEADERS_MAX_LINE })],
    };
    const result = await runPipeline({ env: 'production', kinds });
    expect(result.diagnostics.hasErrors).toBe(true);
    const [message] = result.diagnostics.list().filter((m) => m.ruleId === 'cdn-headers-too-many-rules');
    expect(message).toMatchObject({ file: 'dist/_headers', stage: 'validate', fatal: true });
    expect(message!.line).toBeGreaterThan(1);
  });
});

describe('_redirects', () => {
  it('gives Netlify the query rewrite of /?mode=agent, to a file the build emits', () => {
    const { rules, invalid } = parseRedirectsFile(text('site', '_redirects'), 'netlify');
    expect(invalid).toEqual([]);
    const route = build.registry.of('site').find((e) => e.dataFor === '/?mode=agent')!;
    expect(rules).toEqual([
      { from: '/', query: { mode: 'agent' }, to: `/${route.file}`, status: 200, line: expect.any(Number) },
    ]);
    expect(build.artifacts.get('site', rules[0]!.to.slice(1))).toBeDefined();
  });

  it('has no rule Cloudflare Pages would follow: it skips the Netlify-only lines', () => {
    const { rules, invalid } = parseRedirectsFile(text('site', '_redirects'), 'cloudflare');
    expect(rules).toEqual([]);
    expect(invalid.length).toBeGreaterThan(0);
  });
});

describe('_routes.json', () => {
  it("lists the paths the Pages Function must see, within Cloudflare's limits", () => {
    const routes = JSON.parse(text('site', '_routes.json')) as {
      version: number;
      include: string[];
      exclude: string[];
    };
    expect(routes.version).toBe(1);
    expect(routes.include.length).toBeGreaterThan(0);
    expect(routes.include.length + routes.exclude.length).toBeLessThanOrEqual(CLOUDFLARE_ROUTES_MAX_RULES);
    for (const rule of [...routes.include, ...routes.exclude])
      expect(rule.length).toBeLessThanOrEqual(CLOUDFLARE_ROUTES_MAX_RULE_LENGTH);
    const site = build.registry.of('site');
    const needed = [
      ...site.filter((e) => e.dataFor).map((e) => new URL(e.dataFor!, 'http://x.invalid').pathname),
      ...site.filter((e) => e.mediaType.startsWith('text/html') && e.twin).map((e) => e.path),
      // The addresses an MCP client may be sent to that are not the endpoint.
      ...build.model.mcpServer.legacyPaths.examples,
      '/mcp.md',
      '/mcp/llms.txt',
    ];
    expect(routes.include).toEqual(expect.arrayContaining(needed));
    expect(routes.include).not.toContain('/openapi.json');
  });
});

describe('_routes.json over the limits', () => {
  it('falls back to every path, with a warning, when the function needs more paths than Cloudflare takes', () => {
    const diagnostics = new Diagnostics();
    const pages = Array.from({ length: CLOUDFLARE_ROUTES_MAX_RULES + 1 }, (_, i) => ({ path: `/page-${i}` }));
    const table = { negotiation: { pages }, mcp: { notEndpoints: [] } };
    const context = { registry: build.registry, diagnostics, memo: () => table } as unknown as EmitContext;
    const routes = JSON.parse(emitRoutesFile(build.registry.get('/_routes.json')!, context) as string) as {
      include: string[];
    };
    expect(routes.include).toEqual(['/*']);
    expect(diagnostics.list()).toMatchObject([{ ruleId: 'cdn-routes-every-path', fatal: false }]);
  });
});

describe('the deploy manifest', () => {
  it('lists every uploaded file once, with its size, sha256, media type and cache policy, and not itself', () => {
    const manifest = JSON.parse(text('deploy', 'deploy-manifest.json')) as DeployManifest;
    const uploaded = build.artifacts
      .values()
      .filter((a) => a.entry.host === 'site' && !a.entry.kind.startsWith('cdn-'));
    // Streamed files (a context per page) are uploaded too, with their data file's media type and cache policy.
    const streamed = build.artifacts
      .streams()
      .flatMap((s) => [...s.files()].map((f) => ({ entry: { ...s.entry, file: f.file }, body: f.body })));
    expect(streamed.length).toBeGreaterThan(0);
    uploaded.push(...streamed);
    expect(manifest.files.map((f) => f.source).sort()).toEqual(uploaded.map((a) => a.entry.file).sort());
    for (const artifact of uploaded) {
      const listed = manifest.files.find((f) => f.source === artifact.entry.file)!;
      const bytes = bytesOf(artifact);
      expect.soft(listed.size, listed.source).toBe(bytes.byteLength);
      expect.soft(listed.sha256, listed.source).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect.soft(listed.contentType, listed.source).toBe(artifact.entry.mediaType);
      expect.soft(listed.cacheControl, listed.source).toBe(CACHE_POLICIES[cachePolicyName(artifact.entry)]);
    }
    expect(manifest.files.some((f) => f.source.endsWith('deploy-manifest.json'))).toBe(false);
  });

  it('keys extensionless pages by their path, so an object store serves /mcp as it is', () => {
    const manifest = JSON.parse(text('deploy', 'deploy-manifest.json')) as DeployManifest;
    const keys = new Set(manifest.files.map((f) => f.key));
    expect(new Set(manifest.files.map((f) => f.key)).size).toBe(manifest.files.length);
    for (const page of build.registry.ofKind('html-page'))
      expect.soft(keys.has(page.path === '/' ? page.file : page.path.slice(1)), page.path).toBe(true);
    expect(manifest.needsEdge).toEqual(expect.arrayContaining(['/?mode=agent', '/api/agent/page-context']));
  });
});

describe('the deploy files are never uploaded', () => {
  it('writes the nginx configuration, the manifest and the edge table outside dist/', () => {
    const deploy = build.artifacts
      .values()
      .filter((a) => ['nginx-config', 'deploy-manifest', 'edge-table'].includes(a.entry.kind));
    expect(deploy.map((a) => a.entry.host)).toEqual(['deploy', 'deploy', 'deploy']);
  });
});
