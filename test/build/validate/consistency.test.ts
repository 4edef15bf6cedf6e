// Cross-artifact consistency: each tree check passes on the shipped build and fails on a build broken in one way.
import { describe, expect, it } from 'vitest';
import { aliasesIdentical } from '../../../generator/build/validate/tree/aliases.js';
import { ownEnvironmentAddresses } from '../../../generator/build/validate/tree/environment-addresses.js';
import { onlyMcpEndpoint } from '../../../generator/build/validate/tree/mcp-endpoint.js';
import { oauthMetadataAgrees } from '../../../generator/build/validate/tree/oauth-metadata.js';
import { controlsAndScopesAgree } from '../../../generator/build/validate/tree/controls-and-scopes.js';
import { discoveryChainInOrder } from '../../../generator/build/validate/tree/discovery-chain.js';
import { siteUrlsResolve } from '../../../generator/build/validate/tree/site-urls.js';
import {
  appendParagraph,
  checkWith,
  editJson,
  goodBuild,
  positionAfter,
  positionOf,
  replace,
} from '../../helpers/validate.js';

const CARD = '/.well-known/mcp.json';
const meta = (doc: any) => doc._meta['com.example/contract'];

describe('the shipped build', () => {
  it('passes every consistency check', async () => {
    const all = [
      siteUrlsResolve,
      aliasesIdentical,
      ownEnvironmentAddresses,
      onlyMcpEndpoint,
      oauthMetadataAgrees,
      controlsAndScopesAgree,
      discoveryChainInOrder,
    ];
    expect(checkWith(await goodBuild(), all)).toEqual([]);
  });
});

describe('alias-differs', () => {
  it('reports an alias whose bytes differ from its target, at the first difference', async () => {
    const messages = checkWith(await goodBuild(), [aliasesIdentical], {
      '/.well-known/mcp/manifest.json': replace('"version": "1.0.0"', '"version": "1.0.1"'),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: 'alias-differs', file: 'dist/.well-known/mcp/manifest.json' });
    expect(messages[0]!.reason).toContain('dist/.well-known/mcp.json');
  });
});

describe('foreign-address', () => {
  it('reports a preview (localhost) address in the production build', async () => {
    let changed = '';
    const messages = checkWith(await goodBuild(), [ownEnvironmentAddresses], {
      '/llms.txt': (t) =>
        (changed = appendParagraph('Try the pricing call at http://localhost:4101/api/v1/communities/plans/prices.')(
          t,
        )),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'foreign-address',
      file: 'dist/llms.txt',
      ...positionOf(changed, 'http://localhost:4101'),
    });
    expect(messages[0]!.reason).toContain('preview api_url');
  });

  it('reports any loopback address in production, even one no environment names', async () => {
    const messages = checkWith(await goodBuild(), [ownEnvironmentAddresses], {
      '/docs.md': appendParagraph('Local copy: http://127.0.0.1:9999/docs'),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['foreign-address']);
  });

  it('reports a production address in the preview build', async () => {
    const preview = await goodBuild('preview');
    expect(checkWith(preview, [ownEnvironmentAddresses])).toEqual([]);
    const messages = checkWith(preview, [ownEnvironmentAddresses], {
      '/llms.txt': appendParagraph('The MCP server is https://mcp.example.com/mcp.'),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]!.reason).toContain('production mcp_url');
  });
});

describe('not-an-mcp-endpoint and mcp-endpoint-mismatch', () => {
  it('reports a server card whose remote is the installation guide {base_url}/mcp', async () => {
    let changed = '';
    const messages = checkWith(await goodBuild(), [onlyMcpEndpoint], {
      [CARD]: (t) => (changed = editJson((doc) => (doc.remotes[0].url = 'https://www.example.com/mcp'))(t)),
    });
    expect(messages).toHaveLength(1);
    // The same URL is the card's websiteUrl (a link to the guide, which is fine): the message points at the remote.
    expect(messages[0]).toMatchObject({
      ruleId: 'not-an-mcp-endpoint',
      file: 'dist/.well-known/mcp.json',
      ...positionAfter(changed, '"remotes"', '"https://www.example.com/mcp"'),
    });
    expect(messages[0]!.reason).toContain('/remotes/0/url');
  });

  it('reports a legacy MCP path as a transport endpoint', async () => {
    const messages = checkWith(await goodBuild(), [onlyMcpEndpoint], {
      [CARD]: editJson((doc) => (doc.transport.endpoint = 'https://mcp.example.com/sse')),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['not-an-mcp-endpoint']);
    expect(messages[0]!.reason).toContain('legacy MCP path');
  });

  it('reports an A2A interface on another host than {mcp_url}/mcp', async () => {
    const messages = checkWith(await goodBuild(), [onlyMcpEndpoint], {
      '/.well-known/agent-card.json': editJson((doc) => {
        // An interface with a binding a client connects with (not the card's document read with HTTP GET).
        doc.supportedInterfaces[0].url = 'https://mcp.example.org/mcp';
        doc.supportedInterfaces[0].protocolBinding = 'https://modelcontextprotocol.io/specification/streamable-http';
      }),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['mcp-endpoint-mismatch']);
  });

  it('reports an agent.json service URL (v0.3 `url` with `preferredTransport`) that is not {mcp_url}/mcp', async () => {
    let changed = '';
    const messages = checkWith(await goodBuild(), [onlyMcpEndpoint], {
      '/.well-known/agent.json': (t) =>
        (changed = editJson((doc) => {
          doc.url = 'https://www.example.com';
          doc.preferredTransport = 'JSONRPC';
        })(t)),
    });
    const at = positionAfter(changed, '"url"', '"https://www.example.com"');
    expect(messages.map((m) => [m.ruleId, m.file, m.line, m.column])).toEqual([
      ['mcp-endpoint-mismatch', 'dist/.well-known/agent.json', at.line, at.column],
    ]);
  });

  it('reports an API catalog that links the installation guide as the MCP server', async () => {
    const messages = checkWith(await goodBuild(), [onlyMcpEndpoint], {
      '/.well-known/api-catalog': editJson((doc) => {
        const item = doc.linkset[0].item.find((i: any) => i.title === 'Hosted MCP server');
        item.href = 'https://www.example.com/mcp';
      }),
    });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([['not-an-mcp-endpoint', 'dist/.well-known/api-catalog']]);
  });

  it('reports a bare legacy path offered as an endpoint in prose, not one said to be no endpoint', async () => {
    let changed = '';
    const messages = checkWith(await goodBuild(), [onlyMcpEndpoint], {
      '/help.md': (t) => (changed = appendParagraph('Older clients can connect to the `/sse` endpoint.')(t)),
      '/docs.md': appendParagraph('Legacy paths such as `/sse` are not MCP endpoints.'),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'not-an-mcp-endpoint',
      file: 'dist/help.md',
      ...positionOf(changed, '/sse'),
    });
  });

  it('reports prose that tells a client to connect to {base_url}/mcp, but not prose that says it must not', async () => {
    let changed = '';
    const messages = checkWith(await goodBuild(), [onlyMcpEndpoint], {
      '/mcp.md': (t) =>
        (changed = appendParagraph('Connect your MCP client to https://www.example.com/mcp to get started.')(t)),
      '/docs.md': appendParagraph('A client must not be configured with https://www.example.com/mcp: it is a page.'),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'not-an-mcp-endpoint',
      file: 'dist/mcp.md',
      ...positionOf(changed, 'https://www.example.com/mcp to'),
    });
  });
});

describe('OAuth facts', () => {
  it('reports a protected-resource `resource` that is not {mcp_url}/mcp', async () => {
    const messages = checkWith(await goodBuild(), [oauthMetadataAgrees], {
      'mcp:/.well-known/oauth-protected-resource': editJson((doc) => (doc.resource = 'https://mcp.example.com')),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'resource-mismatch',
      file: 'dist-hosts/mcp/.well-known/oauth-protected-resource.json',
    });
  });

  it('reports scopes_supported and authorization_servers that differ from the content', async () => {
    const messages = checkWith(await goodBuild(), [oauthMetadataAgrees], {
      'mcp:/.well-known/oauth-protected-resource/mcp': editJson((doc) => {
        doc.scopes_supported.pop();
        doc.authorization_servers = ['https://login.example.com'];
      }),
    });
    expect(messages.map((m) => m.ruleId).sort()).toEqual(['authorization-servers-mismatch', 'scopes-mismatch']);
  });

  it('reports an authorization-server `issuer` that is not {auth_url} (preview build)', async () => {
    const preview = await goodBuild('preview');
    const messages = checkWith(preview, [oauthMetadataAgrees], {
      'auth:/.well-known/oauth-authorization-server': editJson((doc) => (doc.issuer = 'http://localhost:4103/')),
    });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([
      ['issuer-mismatch', 'dist-hosts/auth/.well-known/oauth-authorization-server.json'],
    ]);
  });
});

describe('controls, scopes and discovery methods', () => {
  it('reports a scope the contract does not have, wherever it is written', async () => {
    let changed = '';
    const messages = checkWith(await goodBuild(), [controlsAndScopesAgree], {
      '/docs.md': (t) => (changed = appendParagraph('Orders can be changed with svc.orders.write.')(t)),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'unknown-scope',
      file: 'dist/docs.md',
      ...positionOf(changed, 'svc.orders.write'),
    });
  });

  it('reports a control given the wrong scope in the server card and in prose', async () => {
    const messages = checkWith(await goodBuild(), [controlsAndScopesAgree], {
      [CARD]: editJson((doc) => (meta(doc).controls[0].requiredScope = 'svc.orders.read')),
      '/mcp.md': appendParagraph('`list_members` needs the scope svc.communities.read.'),
    });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([
      ['control-scope-mismatch', 'dist/.well-known/mcp.json'],
      ['control-scope-mismatch', 'dist/mcp.md'],
    ]);
    expect(messages[0]!.reason).toContain('list_members');
  });

  it("reports an A2A skill tagged with another control's scope", async () => {
    const messages = checkWith(await goodBuild(), [controlsAndScopesAgree], {
      '/.well-known/agent-card.json': editJson(
        (doc) => (doc.skills[0].tags = ['mcp-control', 'read-only', 'svc.orders.read']),
      ),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['control-scope-mismatch']);
  });

  it('reports a control list that leaves a control out, and a control that is not read-only', async () => {
    const messages = checkWith(await goodBuild(), [controlsAndScopesAgree], {
      [CARD]: editJson((doc) => {
        meta(doc).controls.pop();
        meta(doc).controls[0].readOnly = false;
      }),
    });
    expect(messages.map((m) => m.ruleId).sort()).toEqual(['control-not-read-only', 'controls-mismatch']);
    expect(messages.find((m) => m.ruleId === 'controls-mismatch')!.reason).toContain(
      'leaves out get_physical_product_order',
    );
  });

  it("reports discovery methods that differ from the contract's", async () => {
    const messages = checkWith(await goodBuild(), [controlsAndScopesAgree], {
      [CARD]: editJson((doc) => meta(doc).discoveryMethods.push('tools/call')),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['discovery-methods-mismatch']);
  });
});

describe('discovery-chain-mismatch', () => {
  it('reports the chain listed out of order in JSON', async () => {
    const messages = checkWith(await goodBuild(), [discoveryChainInOrder], {
      [CARD]: editJson((doc) => meta(doc).authentication.discoveryChain.reverse()),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: 'discovery-chain-mismatch', file: 'dist/.well-known/mcp.json' });
  });

  it('reports a Markdown list that puts the authorization server before the protected resource', async () => {
    const messages = checkWith(await goodBuild(), [discoveryChainInOrder], {
      '/docs.md': appendParagraph(
        '1. https://auth.example.com/.well-known/oauth-authorization-server\n2. https://mcp.example.com/.well-known/oauth-protected-resource',
      ),
    });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([['discovery-chain-mismatch', 'dist/docs.md']]);
  });
});

describe('unresolved-site-url', () => {
  it('passes on the shipped build', async () => {
    expect(checkWith(await goodBuild(), [siteUrlsResolve])).toEqual([]);
  });

  it('reports an llms link to a path the build does not emit, at its line and column', async () => {
    const build = await goodBuild();
    let changed = '';
    const messages = checkWith(build, [siteUrlsResolve], {
      '/llms.txt': (text) =>
        (changed = appendParagraph('- [Orders](https://www.example.com/orders.md): all orders')(text)),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'unresolved-site-url',
      file: 'dist/llms.txt',
      ...positionOf(changed, 'https://www.example.com/orders.md'),
    });
    expect(messages[0]!.reason).toContain('/orders.md');
  });

  it('reports a root-relative HTML link and a URL in a JSON string value', async () => {
    const messages = checkWith(await goodBuild(), [siteUrlsResolve], {
      '/mcp': replace('</main>', '<p><a href="/mcp/setup">Setup</a></p></main>'),
      '/.well-known/agent.json': replace(
        '"https://www.example.com/openapi.json"',
        '"https://www.example.com/openapi.yaml"',
      ),
    });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual(
      expect.arrayContaining([
        ['unresolved-site-url', 'dist/mcp.html'],
        ['unresolved-site-url', 'dist/.well-known/agent.json'],
      ]),
    );
  });

  it('accepts query routes, the agent-mode view and URL templates', async () => {
    const messages = checkWith(await goodBuild(), [siteUrlsResolve], {
      '/llms.txt': appendParagraph(
        'See https://www.example.com/api/agent/page-context?path=/pricing and https://www.example.com/?mode=agent and https://www.example.com/help/{slug}.',
      ),
    });
    expect(messages).toEqual([]);
  });
});
