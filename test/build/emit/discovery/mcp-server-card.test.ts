import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  artifactSchema,
  compileSchema,
  pointerOfError,
} from '../../../../generator/build/emit/json/artifact-schemas.js';
import { buildShipped, checkCorrupted, discoveryMessages, jsonOf, lineOfText, type Built } from './build.js';

// The draft SEP-2127 schema and its example cards (modelcontextprotocol/experimental-ext-server-card: schema.json and
// examples/{valid,invalid}/), read from a checkout named by SERVER_CARD_REFERENCE and never copied into the
// repository; without it these comparisons are skipped and the card is held to the project's own schema below.
const REFERENCE = process.env.SERVER_CARD_REFERENCE ?? '';
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const examples = (kind: 'valid' | 'invalid') =>
  readdirSync(join(REFERENCE, 'examples', kind))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ name: f, card: readJson(join(REFERENCE, 'examples', kind, f)) }));

/** The reference schema's ServerCard definition, compiled with our ajv settings. */
function referenceValidator() {
  const schema = readJson(join(REFERENCE, 'schema.json'));
  return compileSchema({ ...schema, $ref: '#/$defs/ServerCard' });
}

/** Where a schema says a card is wrong: the pointers of its errors (the missing or offending member). */
function failingPointers(validate: ReturnType<typeof compileSchema>, card: unknown): string[] {
  validate(card);
  return [...new Set((validate.errors ?? []).map(pointerOfError))].sort();
}

let built: Built;
beforeAll(async () => {
  built = await buildShipped('production');
});

const PATH = '/.well-known/mcp.json';
const FILE = 'dist/.well-known/mcp.json';
const META = '/_meta/com.example~1contract';

describe.skipIf(!REFERENCE)('the server card schema against the SEP-2127 reference', () => {
  it('accepts every valid reference example', () => {
    const ours = artifactSchema('mcp-server-card');
    for (const { name, card } of examples('valid')) {
      expect(ours(card), `${name}: ${JSON.stringify(ours.errors)}`).toBe(true);
    }
    expect(examples('valid').length).toBeGreaterThan(0);
  });

  it('rejects every invalid reference example at the same member as the reference schema does', () => {
    const ours = artifactSchema('mcp-server-card');
    const reference = referenceValidator();
    const invalid = examples('invalid');
    expect(invalid.length).toBeGreaterThan(0);
    for (const { name, card } of invalid) {
      const expected = failingPointers(reference, card);
      expect(expected.length, `${name} should fail the reference schema`).toBeGreaterThan(0);
      expect(failingPointers(ours, card), name).toEqual(expected);
    }
  });

  it('the shipped card is valid against the reference schema too', () => {
    const reference = referenceValidator();
    expect(reference(jsonOf(built, PATH)), JSON.stringify(reference.errors)).toBe(true);
  });
});

describe('/.well-known/mcp.json', () => {
  it('passes every check on the shipped content, at all three paths', () => {
    const files = [FILE, 'dist/.well-known/mcp/manifest.json', 'dist/.well-known/mcp/server-card.json'];
    expect(discoveryMessages(built).filter((m) => files.includes(m.file))).toEqual([]);
  });

  it('points to {mcp_url}/mcp and states the controls with their scopes, read-only', () => {
    const card = jsonOf(built, PATH);
    expect(card.remotes).toEqual([
      expect.objectContaining({ type: 'streamable-http', url: 'https://mcp.example.com/mcp' }),
    ]);
    expect(card.transport).toEqual({ type: 'streamable-http', endpoint: 'https://mcp.example.com/mcp' });
    const facts = card._meta['com.example/contract'];
    expect(
      facts.controls.map((c: { name: string; requiredScope: string; readOnly: boolean }) => [
        c.name,
        c.requiredScope,
        c.readOnly,
      ]),
    ).toEqual([
      ['list_members', 'svc.members.read', true],
      ['list_physical_product_orders', 'svc.orders.read', true],
      ['get_physical_product_order', 'svc.orders.read', true],
    ]);
    expect(facts.discoveryMethods).toEqual(['initialize', 'tools/list', 'resources/list', 'resources/templates/list']);
    expect(facts.authentication.discoveryChain.map((s: { url: string }) => s.url)).toEqual([
      'https://www.example.com/auth.md',
      'https://mcp.example.com/.well-known/oauth-protected-resource',
      'https://auth.example.com/.well-known/oauth-authorization-server',
    ]);
    expect(facts.rules[0].id).toBe('confirm-controls-first');
  });

  it('mcp-server-card-schema: a description over 100 characters, reported on its line', () => {
    const { messages, body } = checkCorrupted(built, PATH, (d) => (d.description = 'x'.repeat(101)));
    const m = messages.find((x) => x.ruleId === 'mcp-server-card-schema')!;
    expect(m.file).toBe(FILE);
    expect(m.reason).toContain('at /description');
    expect(m.line).toBe(lineOfText(body, '"description"'));
  });

  it('mcp-server-card-schema: a name without a namespace', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.name = 'platform'));
    expect(messages.find((x) => x.ruleId === 'mcp-server-card-schema')!.reason).toContain('at /name');
  });

  it('mcp-endpoint: {base_url}/mcp presented as the remote', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.remotes[0].url = 'https://www.example.com/mcp'));
    const m = messages.find((x) => x.ruleId === 'mcp-endpoint')!;
    expect(m.reason).toContain('at /remotes/0/url');
    expect(m.reason).toContain('human installation guide');
  });

  it('mcp-endpoint: a legacy path presented as the transport endpoint', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.transport.endpoint = 'https://mcp.example.com/sse'));
    const m = messages.find((x) => x.ruleId === 'mcp-endpoint')!;
    expect(m.reason).toContain('at /transport/endpoint');
    expect(m.reason).toContain('legacy MCP path');
  });

  it('mcp-endpoint: a second remote', () => {
    const { messages } = checkCorrupted(built, PATH, (d) =>
      d.remotes.push({ type: 'sse', url: 'https://mcp.example.com/events' }),
    );
    expect(messages.find((x) => x.ruleId === 'mcp-endpoint')!.reason).toContain('at /remotes');
  });

  it('mcp-server-card-contract: a control with another scope', () => {
    const { messages } = checkCorrupted(
      built,
      PATH,
      (d) => (d._meta['com.example/contract'].controls[0].requiredScope = 'svc.orders.read'),
    );
    const m = messages.find((x) => x.ruleId === 'mcp-server-card-contract')!;
    expect(m.reason).toContain(`at ${META}/controls/0/requiredScope`);
    expect(m.reason).toContain('"svc.members.read"');
  });

  it('mcp-server-card-contract: a control that is not read-only, and a write tool added', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      const facts = d._meta['com.example/contract'];
      facts.controls[1].readOnly = false;
      facts.controls.push({ name: 'create_order', requiredScope: 'svc.orders.write', readOnly: false });
    });
    expect(messages.find((x) => x.ruleId === 'mcp-server-card-contract')!.reason).toContain(`at ${META}/controls`);
  });

  it('mcp-server-card-contract: the facts block removed', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => delete d._meta);
    expect(messages.find((x) => x.ruleId === 'mcp-server-card-contract')!.reason).toContain(`at ${META}`);
  });
});
