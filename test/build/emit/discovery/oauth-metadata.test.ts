import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../../generator/build/pipeline.js';
import { kinds } from '../../../../generator/build/kinds.js';
import { buildShipped, checkCorrupted, discoveryMessages, jsonOf, type Built } from './build.js';

let production: Built;
let preview: Built;
beforeAll(async () => {
  [production, preview] = await Promise.all([buildShipped('production'), buildShipped('preview')]);
});

const PRM = '/.well-known/oauth-protected-resource';
const AS = '/.well-known/oauth-authorization-server';

describe('where the OAuth metadata goes', () => {
  it('production: protected-resource metadata (both forms) on the MCP host, no authorization server metadata', () => {
    const oauth = production.registry.entries.filter((e) => e.kind.startsWith('oauth-'));
    expect(oauth.map((e) => [e.host, e.path, e.file])).toEqual([
      ['mcp', PRM, '.well-known/oauth-protected-resource.json'],
      ['mcp', `${PRM}/mcp`, '.well-known/oauth-protected-resource/mcp.json'],
    ]);
    expect(production.artifacts.byPath(`${PRM}/mcp`, 'mcp')!.body).toBe(production.artifacts.byPath(PRM, 'mcp')!.body);
  });

  it('preview: the authorization server metadata on the auth host, marked preview-only', () => {
    const entry = preview.registry.get(AS, 'auth')!;
    expect(entry.file).toBe('.well-known/oauth-authorization-server.json');
    const doc = jsonOf(preview, AS, 'auth');
    expect(doc.issuer).toBe('http://localhost:4103');
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect([doc.authorization_endpoint, doc.token_endpoint, doc.registration_endpoint]).toEqual([
      'http://localhost:4103/authorize',
      'http://localhost:4103/token',
      'http://localhost:4103/register',
    ]);
    expect(doc.preview_only).toBe(true);
  });

  it('passes every check on the shipped content in both environments', () => {
    expect(discoveryMessages(production)).toEqual([]);
    expect(discoveryMessages(preview)).toEqual([]);
  });
});

describe('build output', () => {
  let out: string;
  afterAll(async () => {
    if (out)
      await Promise.all([
        rm(out, { recursive: true, force: true }),
        rm(`${out}-hosts`, { recursive: true, force: true }),
      ]);
  });

  it('writes the OAuth metadata under <out>-hosts/, never into the site tree', async () => {
    out = join(await mkdtemp(join(tmpdir(), 'discovery-')), 'dist');
    // Every family's own kinds: a build whose llms files stand in would lack the facts agents need, and not write.
    const result = await build({ env: 'preview', outDir: out, kinds });
    expect(result.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
    const prm = JSON.parse(
      await readFile(join(`${out}-hosts`, 'mcp', '.well-known', 'oauth-protected-resource.json'), 'utf8'),
    );
    expect(prm.resource).toBe('http://localhost:4102/mcp');
    await readFile(join(`${out}-hosts`, 'auth', '.well-known', 'oauth-authorization-server.json'), 'utf8');
    const wellKnown = await readdir(join(out, '.well-known'));
    expect(wellKnown.filter((f) => f.startsWith('oauth'))).toEqual([]);
  });
});

describe('protected-resource metadata checks', () => {
  const FILE = 'dist-hosts/mcp/.well-known/oauth-protected-resource.json';
  const check = (corrupt: (d: any) => void) => checkCorrupted(production, PRM, corrupt, 'mcp').messages;

  it('states {mcp_url}/mcp, [{auth_url}], the four scopes and header bearer tokens', () => {
    expect(jsonOf(production, PRM, 'mcp')).toMatchObject({
      resource: 'https://mcp.example.com/mcp',
      authorization_servers: ['https://auth.example.com'],
      scopes_supported: ['svc.communities.read', 'svc.members.read', 'svc.products.read', 'svc.orders.read'],
      bearer_methods_supported: ['header'],
      resource_documentation: 'https://www.example.com/auth.md',
    });
  });

  it('oauth-protected-resource-schema: authorization_servers missing', () => {
    const m = check((d) => delete d.authorization_servers).find((x) => x.ruleId === 'oauth-protected-resource-schema')!;
    expect(m.file).toBe(FILE);
    expect(m.reason).toContain('at /authorization_servers');
  });

  it('oauth-resource: a trailing slash is not the same resource', () => {
    const m = check((d) => (d.resource = 'https://mcp.example.com/mcp/')).find((x) => x.ruleId === 'oauth-resource')!;
    expect(m.reason).toContain('at /resource');
    expect(m.line).toBe(2);
  });

  it('oauth-authorization-servers: another authorization server', () => {
    const m = check((d) => (d.authorization_servers = ['https://login.example.org'])).find(
      (x) => x.ruleId === 'oauth-authorization-servers',
    );
    expect(m!.reason).toContain('at /authorization_servers');
  });

  it('oauth-scopes: a scope dropped', () => {
    expect(check((d) => d.scopes_supported.pop()).map((m) => m.ruleId)).toContain('oauth-scopes');
  });

  it('oauth-bearer-methods: tokens in the query', () => {
    const m = check((d) => d.bearer_methods_supported.push('query')).find((x) => x.ruleId === 'oauth-bearer-methods')!;
    expect(m.reason).toContain('at /bearer_methods_supported');
  });

  it('oauth-documentation-link: documentation the site does not serve', () => {
    const m = check((d) => (d.resource_documentation = 'https://www.example.com/oauth')).find(
      (x) => x.ruleId === 'oauth-documentation-link',
    );
    expect(m!.reason).toContain('at /resource_documentation');
  });
});

describe('authorization server metadata checks (preview)', () => {
  const check = (corrupt: (d: any) => void) => checkCorrupted(preview, AS, corrupt, 'auth').messages;

  it('oauth-issuer: a trailing slash the metadata URL does not have', () => {
    const m = check((d) => (d.issuer = 'http://localhost:4103/')).find((x) => x.ruleId === 'oauth-issuer')!;
    expect(m.file).toBe('dist-hosts/auth/.well-known/oauth-authorization-server.json');
    expect(m.reason).toContain('at /issuer');
  });

  it('oauth-authorization-server-schema: no S256', () => {
    const m = check((d) => (d.code_challenge_methods_supported = ['plain'])).find(
      (x) => x.ruleId === 'oauth-authorization-server-schema',
    );
    expect(m!.reason).toContain('at /code_challenge_methods_supported');
  });

  it('oauth-authorization-server-schema: the preview marker removed', () => {
    const m = check((d) => delete d.preview_only).find((x) => x.ruleId === 'oauth-authorization-server-schema');
    expect(m!.reason).toContain('at /preview_only');
  });

  it('oauth-endpoint-host: a token endpoint on another host', () => {
    const m = check((d) => (d.token_endpoint = 'http://localhost:4100/token')).find(
      (x) => x.ruleId === 'oauth-endpoint-host',
    );
    expect(m!.reason).toContain('at /token_endpoint');
  });

  it('oauth-scopes: a scope the contract does not have', () => {
    expect(check((d) => d.scopes_supported.push('svc.orders.write')).map((m) => m.ruleId)).toContain('oauth-scopes');
  });

  it('oauth-invented-authorization-server: the same document in a production build', () => {
    const { messages } = checkCorrupted(preview, AS, () => {}, 'auth', {
      model: { ...preview.model, env: 'production' },
    });
    expect(messages.map((m) => m.ruleId)).toContain('oauth-invented-authorization-server');
  });
});
