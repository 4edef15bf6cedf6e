// The boundaries guard on the content set: an editor's claim is reported at content file:line:column; the pages
// that say an interface is not provided pass.
import { DEFAULT_CONTENT_DIR } from '../../../generator/build/files/project-paths.js';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { positionOf } from '../../helpers/validate.js';
import { loadModel } from '../../../generator/build/project.js';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'guard-content-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let copies = 0;
/** A fresh copy of the shipped content with one file edited; returns the load messages and the edited text. */
async function loadEdited(file: string, edit: (text: string) => string) {
  const dir = join(root, `c${copies++}`, 'content');
  await cp(DEFAULT_CONTENT_DIR, dir, { recursive: true });
  const before = await readFile(join(dir, file), 'utf8');
  const after = edit(before);
  if (after === before) throw new Error('the edit changed nothing');
  await writeFile(join(dir, file), after);
  const diagnostics = new Diagnostics();
  await loadModel({ contentDir: dir, env: 'production' }, diagnostics);
  return { messages: diagnostics.list(), text: after };
}

const append = (paragraph: string) => (text: string) => `${text.trimEnd()}\n\n${paragraph}\n`;

describe('guard on content/pages', () => {
  it('reports a page that offers webhook registration, at the words in the page source', async () => {
    const { messages, text } = await loadEdited(
      'pages/developers.md',
      append('You can register a webhook to receive order events.'),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'unpublished-interface',
      file: 'content/pages/developers.md',
      stage: 'load',
      ...positionOf(text, 'register a webhook'),
    });
    expect(messages[0]!.reason).toContain('Webhook registration');
    expect(messages[0]!.reason).toContain('Fix:');
  });

  it('reports webhooks presented as coming or available in any words, not only as registration', async () => {
    for (const claim of ['Our webhook API is coming.', 'Webhooks notify your server of each new listing.']) {
      const { messages, text } = await loadEdited('pages/docs.md', append(claim));
      expect(messages, claim).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        ruleId: 'unpublished-interface',
        file: 'content/pages/docs.md',
        line: positionOf(text, claim).line,
        column: positionOf(text, claim).column + claim.toLowerCase().indexOf('webhook'),
      });
    }
  });

  it('reads coordinated mentions: "seller, creator and admin APIs"', async () => {
    const { messages } = await loadEdited(
      'pages/docs.md',
      append('Use our seller, creator and admin APIs to manage your store.'),
    );
    expect(messages.map((m) => m.ruleId)).toEqual([
      'unpublished-interface',
      'unpublished-interface',
      'unpublished-interface',
    ]);
    expect(messages.map((m) => m.reason.match(/\((\w+ API)\)/)?.[1]).sort()).toEqual([
      'Admin API',
      'Creator API',
      'Seller API',
    ]);
  });

  it('does not fire on mentions that say the interface is not provided', async () => {
    const { messages } = await loadEdited(
      'pages/docs.md',
      append(
        [
          'The public contract does not provide a seller API.',
          '',
          '## API keys',
          '',
          'No self-serve API key flow is documented.',
          '',
          'These are not published:',
          '',
          '- Payment API',
          '- Checkout API',
          '',
          '| Interface | Status |',
          '| --- | --- |',
          '| Private integration API | not published |',
          '| Webhook registration | unavailable |',
        ].join('\n'),
      ),
    );
    expect(messages).toEqual([]);
  });

  it('reports an invented MCP control and a published input schema', async () => {
    const { messages, text } = await loadEdited(
      'pages/mcp.md',
      append('Call `create_member` to add a member.\n\n```json\n{ "inputSchema": { "type": "object" } }\n```'),
    );
    expect(messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([
      ['unpublished-control', positionOf(text, 'create_member').line, positionOf(text, 'create_member').column],
      ['unpublished-shape', positionOf(text, 'inputSchema').line, positionOf(text, 'inputSchema').column],
    ]);
  });
});

describe('unknown-endpoint in content', () => {
  it('reports a placeholder URL on the API host other than the pricing call, at its place in the page', async () => {
    const { messages, text } = await loadEdited(
      'pages/developers.md',
      append('Orders are at `{api_url}/api/v1/orders`.'),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'unknown-endpoint',
      file: 'content/pages/developers.md',
      ...positionOf(text, '{api_url}/api/v1/orders'),
    });
    expect(messages[0]!.reason).toContain('/api/v1/communities/plans/prices');
  });

  it("accepts the contract's endpoints written with placeholders", async () => {
    const { messages } = await loadEdited(
      'pages/developers.md',
      append(
        'POST {api_url}/api/v1/communities/plans/prices; MCP at {mcp_url}/mcp; metadata at {mcp_url}/.well-known/oauth-protected-resource and {auth_url}/.well-known/oauth-authorization-server.',
      ),
    );
    expect(messages).toEqual([]);
  });

  it("accepts a method with the site's own paths (a page, its twin, a discovery file), not another path", async () => {
    const { messages, text } = await loadEdited(
      'pages/developers.md',
      append(
        'Fetch with GET /developers/ or GET /developers.md, and GET /llms.txt.\n\nOrders are listed with GET /v1/orders.',
      ),
    );
    expect(messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([
      ['unknown-endpoint', positionOf(text, 'GET /v1/orders').line, positionOf(text, 'GET /v1/orders').column],
    ]);
  });
});

describe('unpublished-shape in content', () => {
  it("reports a JSON Schema of the pricing response in a page's code block, at the block", async () => {
    const block = '```json\n{ "type": "object", "properties": { "plans": { "type": "array" } } }\n```';
    const { messages, text } = await loadEdited(
      'pages/pricing.md',
      append(`The response looks like this:\n\n${block}`),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'unpublished-shape',
      file: 'content/pages/pricing.md',
      ...positionOf(text, '```json'),
    });
    expect(messages[0]!.reason).toContain('(plans)');
  });
});

describe('literal-address in content', () => {
  it('reports an address written out in a page instead of its placeholder', async () => {
    const { messages, text } = await loadEdited(
      'pages/help.md',
      append('The MCP server is at https://mcp.example.com/mcp.'),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'literal-address',
      file: 'content/pages/help.md',
      ...positionOf(text, 'https://mcp.example.com'),
    });
    expect(messages[0]!.reason).toContain('production mcp_url');
  });
});

describe('guard on content/*.yaml', () => {
  it('reports a claim in a YAML fact at its line and column', async () => {
    const { messages, text } = await loadEdited('service.yaml', (t) =>
      t.replace(
        'summary: One public call that returns live platform subscription prices.',
        'summary: One public call that returns live platform subscription prices, and a checkout API.',
      ),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'unpublished-interface',
      file: 'content/service.yaml',
      ...positionOf(text, 'checkout API'),
    });
  });

  it('accepts the boundaries file itself, whose interface names sit under `unpublishedInterfaces`', async () => {
    const { messages } = await loadEdited('boundaries.yaml', (t) =>
      t.replace('name: Seller API', 'name: Seller API (marketplace)'),
    );
    expect(messages).toEqual([]);
  });
});
