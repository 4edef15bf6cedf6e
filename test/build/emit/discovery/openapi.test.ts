import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildShipped, checkCorrupted, discoveryMessages, jsonOf, lineOfText, type Built } from './build.js';

let built: Built;
beforeAll(async () => {
  built = await buildShipped('production');
});

const PATH = '/openapi.json';
const FILE = 'dist/openapi.json';
const rules = (messages: { ruleId: string }[]) => messages.map((m) => m.ruleId);

describe('/openapi.json', () => {
  it('passes every check on the shipped content', () => {
    expect(discoveryMessages(built).filter((m) => m.file === FILE)).toEqual([]);
  });

  it('describes exactly the contract resources, each a GET, with /?mode=agent as / plus a required mode=agent', () => {
    const doc = jsonOf(built, PATH);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://www.example.com' })]);
    expect(Object.keys(doc.paths)).toContain('/.well-known/api-catalog');
    expect(Object.keys(doc.paths)).not.toContain('/robots.txt');
    for (const item of Object.values<Record<string, unknown>>(doc.paths)) expect(Object.keys(item)).toEqual(['get']);
    const mode = doc.paths['/'].get.parameters;
    expect(mode).toEqual([
      expect.objectContaining({
        name: 'mode',
        in: 'query',
        required: true,
        schema: { type: 'string', enum: ['agent'] },
      }),
    ]);
    const context = doc.paths['/api/agent/page-context'].get;
    expect(context.parameters[0]).toMatchObject({ name: 'path', in: 'query', required: true });
    expect(context.responses['404'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
    // The contract gives the error object's shape "where possible": every member described, none required.
    expect(Object.keys(doc.components.schemas.ApiError.properties.error.properties)).toEqual([
      'code',
      'message',
      'resolution',
      'status',
    ]);
    expect(doc.components.schemas.ApiError.properties.error).not.toHaveProperty('required');
    expect(Object.keys(context.responses)).toEqual(['200', '304', '400', '404']);
    expect(context.responses['400'].description).toContain('`missing_path`');
    expect(context.responses['400'].description).toContain('`invalid_path`');
    const tags = new Set(doc.tags.map((t: { name: string }) => t.name));
    for (const item of Object.values(doc.paths) as { get: { tags: string[] } }[])
      for (const tag of item.get.tags) expect(tags.has(tag), tag).toBe(true);
    expect(doc.info.contact).toEqual({
      name: 'Example Platform developer support',
      url: 'https://www.example.com/help',
    });
    expect(doc.externalDocs).toEqual({ url: 'https://www.example.com/docs', description: 'Documentation' });
    expect(doc.paths['/.well-known/api-catalog'].get.responses['200'].content).toHaveProperty([
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    ]);
    expect(doc.info.description).toContain('It is not a contract for a seller, creator or admin API.');
  });

  it("is valid for the package's own asynchronous validate() too (schema and $refs), as OpenAPI 3.1", async () => {
    const validator = new Validator();
    expect(await validator.validate(jsonOf(built, PATH))).toEqual({ valid: true });
    expect(validator.version).toBe('3.1');
    const broken = jsonOf(built, PATH);
    delete broken.info.version;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('json-syntax: a file that is not JSON', () => {
    const { messages } = checkCorrupted(built, PATH, '{"openapi": ');
    expect(rules(messages)).toContain('json-syntax');
    expect(messages[0]!.file).toBe(FILE);
  });

  it('openapi-version: a 3.0 document', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.openapi = '3.0.3'));
    expect(rules(messages)).toContain('openapi-version');
    expect(messages.find((m) => m.ruleId === 'openapi-version')!.reason).toContain('at /openapi');
  });

  it('openapi-schema: info without version fails the OAS 3.1 schema at /info/version, on its line', () => {
    const { messages, body } = checkCorrupted(built, PATH, (d) => delete d.info.version);
    const m = messages.find((x) => x.ruleId === 'openapi-schema')!;
    expect(m.file).toBe(FILE);
    expect(m.reason).toContain('/info/version');
    expect(m.reason).toContain('`version` is missing');
    expect(m.line).toBe(lineOfText(body, '"info"'));
  });

  it('openapi-unknown-path: a path that is not a discovery resource (a seller API)', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      d.paths['/api/v1/sellers'] = { get: { responses: { '200': { description: 'x' } } } };
    });
    const m = messages.find((x) => x.ruleId === 'openapi-unknown-path')!;
    expect(m.reason).toContain('/paths/~1api~1v1~1sellers');
  });

  it('openapi-method: a POST on a discovery resource', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      d.paths['/openapi.json'].post = { responses: { '200': { description: 'x' } } };
    });
    expect(messages.find((x) => x.ruleId === 'openapi-method')!.reason).toContain('/paths/~1openapi.json/post');
  });

  it('openapi-missing-resource: a discovery resource left out', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => delete d.paths['/llms-full.txt']);
    expect(messages.find((x) => x.ruleId === 'openapi-missing-resource')!.reason).toContain('/llms-full.txt');
  });

  it('openapi-servers: a server other than {base_url}', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.servers = [{ url: 'https://api.example.com' }]));
    expect(messages.find((x) => x.ruleId === 'openapi-servers')!.reason).toContain('https://www.example.com');
  });

  it('openapi-scope-statement: the scope statement removed', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.info.description = 'Our API.'));
    expect(rules(messages)).toContain('openapi-scope-statement');
  });

  it('openapi-ref: a $ref that resolves to nothing', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      d.paths['/api/agent/page-context'].get.responses['404'].content['application/json'].schema.$ref =
        '#/components/schemas/Nope';
    });
    expect(messages.find((x) => x.ruleId === 'openapi-ref')!.reason).toContain('#/components/schemas/Nope');
  });

  it('openapi-error-envelope: the 404 of page-context without the API error object', () => {
    const { messages } = checkCorrupted(
      built,
      PATH,
      (d) => delete d.paths['/api/agent/page-context'].get.responses['404'],
    );
    expect(messages.find((x) => x.ruleId === 'openapi-error-envelope')!.reason).toContain('/responses/404');
  });

  it('openapi-error-envelope: the API error object without `resolution`', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      const error = d.components.schemas.ApiError.properties.error;
      delete error.properties.resolution;
    });
    expect(messages.find((x) => x.ruleId === 'openapi-error-envelope')!.reason).toContain('`resolution`');
  });

  it('openapi-error-envelope: a member required, where the contract says "where possible"', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      d.components.schemas.ApiError.properties.error.required = ['code', 'message', 'resolution', 'status'];
    });
    expect(messages.filter((x) => x.ruleId === 'openapi-error-envelope')).toHaveLength(4);
  });

  it('openapi-route-answers: the page-context route without its 400 answer', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      delete d.paths['/api/agent/page-context'].get.responses['400'];
    });
    const found = messages.filter((x) => x.ruleId === 'openapi-route-answers');
    expect(found.map((m) => m.reason.match(/answers (\d+ \(\w+\))/)?.[1])).toEqual([
      '400 (missing_path)',
      '400 (invalid_path)',
    ]);
  });

  it('openapi-undeclared-tag: an operation tagged with a group the top level does not declare', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      d.tags = d.tags.filter((t: { name: string }) => t.name !== 'mcp');
    });
    expect(messages.filter((x) => x.ruleId === 'openapi-undeclared-tag').length).toBeGreaterThan(0);
  });

  it('openapi-media-type: a document described with another media type', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      d.paths['/.well-known/api-catalog'].get.responses['200'].content = { 'application/json': {} };
    });
    expect(messages.find((x) => x.ruleId === 'openapi-media-type')!.reason).toContain('application/linkset+json');
  });

  it('openapi-invented-shape: a response schema the contract does not show', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      d.paths['/.well-known/agent.json'].get.responses['200'].content['application/json'].schema = { type: 'object' };
    });
    const m = messages.find((x) => x.ruleId === 'openapi-invented-shape')!;
    expect(m.reason).toContain('/paths/~1.well-known~1agent.json/get/responses/200/content/application~1json/schema');
  });

  it('openapi-query-route: /?mode=agent without its one-value mode parameter', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => delete d.paths['/'].get.parameters[0].schema.enum);
    expect(messages.find((x) => x.ruleId === 'openapi-query-route')!.reason).toContain('`mode`');
  });

  it('openapi-webhooks: a webhook the contract does not publish', () => {
    const { messages } = checkCorrupted(
      built,
      PATH,
      (d) => (d.webhooks = { orderCreated: { post: { responses: { '200': { description: 'x' } } } } }),
    );
    expect(messages.find((x) => x.ruleId === 'openapi-webhooks')!.reason).toContain('at /webhooks');
  });

  it('openapi-security: an API key scheme on the public documents', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => {
      d.components.securitySchemes = { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } };
    });
    expect(messages.find((x) => x.ruleId === 'openapi-security')!.reason).toContain('at /components/securitySchemes');
  });

  it('openapi-query-parameter: page-context without its path parameter', () => {
    const { messages } = checkCorrupted(built, PATH, (d) => (d.paths['/api/agent/page-context'].get.parameters = []));
    expect(messages.find((x) => x.ruleId === 'openapi-query-parameter')!.reason).toContain('`path`');
  });
});
