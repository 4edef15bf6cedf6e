// The boundaries guard on the built artifacts: claims, invented endpoints and published shapes are reported in the
// built tree; what says "not provided" passes.
import { describe, expect, it } from 'vitest';
import { boundaryWording } from '../../../generator/build/validate/boundaries/boundary-wording.js';
import { onlyContractEndpoints } from '../../../generator/build/validate/boundaries/unknown-endpoints.js';
import { noUnpublishedShapes } from '../../../generator/build/validate/boundaries/unpublished-shapes.js';
import { noInventedCalls } from '../../../generator/build/validate/boundaries/method-paths.js';
import { appendParagraph, checkWith, editJson, goodBuild, positionOf, replace } from '../../helpers/validate.js';

describe('the shipped build', () => {
  it('passes the guard', async () => {
    expect(checkWith(await goodBuild(), [boundaryWording, onlyContractEndpoints, noUnpublishedShapes])).toEqual([]);
  });
});

describe('unpublished-interface in artifacts', () => {
  it('reports a claim in llms-full.txt at its line and column', async () => {
    let changed = '';
    const messages = checkWith(await goodBuild(), [boundaryWording], {
      '/llms-full.txt': (t) => (changed = appendParagraph('Sellers manage payouts through the payment API.')(t)),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'unpublished-interface',
      file: 'dist/llms-full.txt',
      ...positionOf(changed, 'payment API.'),
    });
  });

  it('reports a claim in a JSON string value', async () => {
    let changed = '';
    const messages = checkWith(await goodBuild(), [boundaryWording], {
      '/.well-known/agent-card.json': (t) =>
        (changed = editJson((doc) => (doc.description += ' Webhook subscriptions are available for order events.'))(t)),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'unpublished-interface',
      file: 'dist/.well-known/agent-card.json',
      ...positionOf(changed, 'Webhook subscriptions'),
    });
  });

  it('reads a JSON object like a table row: a sibling value that says "not provided" covers the name', async () => {
    const messages = checkWith(await goodBuild(), [boundaryWording], {
      '/.well-known/agent-card.json': editJson((doc) => (doc.notes = [{ name: 'Admin API', status: 'not provided' }])),
    });
    expect(messages).toEqual([]);
  });

  it('does not let a long sentence elsewhere in a big object excuse a claim', async () => {
    const build = await goodBuild();
    const card = JSON.parse(build.artifacts!.text(build.artifacts!.byPath('/.well-known/agent-card.json')!));
    // The fixture's premise: the card's description is a long sentence that carries a negation marker.
    expect(card.description.length).toBeGreaterThan(80);
    expect(card.description).toMatch(/\bno\b/);
    const messages = checkWith(build, [boundaryWording], {
      '/.well-known/agent-card.json': editJson((doc) => (doc.name = 'Example Platform seller API')),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['unpublished-interface']);
  });

  it('reports a claim in HTML, and accepts a table row or list under a negated header or lead-in', async () => {
    const messages = checkWith(await goodBuild(), [boundaryWording], {
      '/developers': replace(
        '</main>',
        '<p>Create an API key in your dashboard.</p>' +
          '<table><thead><tr><th>Interface</th><th>Status</th></tr></thead><tbody><tr><td>Seller API</td><td>not provided</td></tr></tbody></table>' +
          '<p>Not published:</p><ul><li>Checkout API</li></ul></main>',
      ),
    });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual([['unpublished-interface', 'dist/developers.html']]);
    expect(messages[0]!.reason).toContain('Self-serve API key flow');
  });

  it('reports an invented write tool in an llms index', async () => {
    const messages = checkWith(await goodBuild(), [boundaryWording], {
      '/mcp/llms.txt': appendParagraph('Use `update_physical_product_order` to change an order.'),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['unpublished-control']);
  });
});

describe('unknown-endpoint in a method and a path', () => {
  it("passes the site's own paths, and reports another at its place", async () => {
    let changed = '';
    const messages = checkWith(await goodBuild(), [noInventedCalls], {
      '/llms.txt': (t) =>
        (changed = appendParagraph(
          'An agent can call GET /llms-full.txt and GET /pricing.md for more. Then call POST /api/v1/refunds to refund.',
        )(t)),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['unknown-endpoint']);
    expect(messages[0]).toMatchObject({ file: 'dist/llms.txt', ...positionOf(changed, 'POST /api/v1/refunds') });
  });
});

describe('unknown-endpoint', () => {
  it('reports an API path other than the pricing call, and an MCP host path other than /mcp', async () => {
    let changed = '';
    const messages = checkWith(await goodBuild(), [onlyContractEndpoints], {
      '/api/llms.txt': (t) =>
        (changed = appendParagraph(
          '- [Orders](https://api.example.com/api/v1/orders): list orders\n- [Tools](https://mcp.example.com/tools): tools',
        )(t)),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['unknown-endpoint', 'unknown-endpoint']);
    expect(messages[0]).toMatchObject({
      file: 'dist/api/llms.txt',
      ...positionOf(changed, 'https://api.example.com/api/v1/orders'),
    });
    expect(messages[0]!.reason).toContain('/api/v1/communities/plans/prices');
  });

  it("accepts the contract's endpoints and a sentence that says an endpoint does not exist", async () => {
    const messages = checkWith(await goodBuild(), [onlyContractEndpoints], {
      '/api/llms.txt': appendParagraph(
        'POST https://api.example.com/api/v1/communities/plans/prices. MCP: https://mcp.example.com/mcp. There is no https://api.example.com/api/v1/orders endpoint.',
      ),
    });
    expect(messages).toEqual([]);
  });
});

describe('unpublished-shape', () => {
  it('reports an inputSchema on a control in the server card', async () => {
    const messages = checkWith(await goodBuild(), [noUnpublishedShapes], {
      '/.well-known/mcp.json': editJson(
        (doc) => (doc._meta['com.example/contract'].controls[0].inputSchema = { type: 'object' }),
      ),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: 'unpublished-shape', file: 'dist/.well-known/mcp.json' });
    expect(messages[0]!.reason).toContain('/controls/0/inputSchema');
  });

  it("reports a JSON Schema with fields in a Markdown artifact's code block, and accepts the error envelope", async () => {
    let changed = '';
    const messages = checkWith(await goodBuild(), [noUnpublishedShapes], {
      '/pricing.md': (t) =>
        (changed = appendParagraph(
          '```json\n{ "type": "object", "properties": { "price": { "type": "number" } } }\n```',
        )(t)),
      '/docs.md': appendParagraph(
        '```json\n{ "type": "object", "properties": { "error": { "type": "object" } } }\n```',
      ),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'unpublished-shape',
      file: 'dist/pricing.md',
      ...positionOf(changed, '```json'),
    });
  });

  it('reports a response schema with fields for a discovery resource in the OpenAPI description', async () => {
    const messages = checkWith(await goodBuild(), [noUnpublishedShapes], {
      '/openapi.json': editJson((doc) => {
        doc.paths['/openapi.json'].get.responses['200'].content['application/json'] = {
          schema: { type: 'object', properties: { openapi: { type: 'string' } } },
        };
      }),
    });
    expect(messages.map((m) => m.ruleId)).toEqual(['unpublished-shape']);
    expect(messages[0]!.reason).toContain('(openapi)');
  });
});
