// Checks /openapi.json: the OpenAPI 3.1 JSON Schema (@seriousme/openapi-schema-validator), then the contract's rules.
import { readFileSync } from 'node:fs';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { OPENAPI_SET } from '../../../schemas/validator-sets.js';
import { validatorFor } from '../../../schemas/validators.js';
import type { Validator, ValidateContext } from '../../../registry/types.js';
import { describeSchemaError, pointerOfError } from '../../json/artifact-schemas.js';
import { JsonDocument, pointerOf } from '../../json/json-document.js';
import { reportProblem } from '../../json/report.js';
import { discoveryRoutes } from '../discovery-routes.js';
import type { RuleId } from '../../../messages/rules.js';
import { ROUTE_ANSWERS, type RouteAnswer } from '../../../../runtime/query-routes/answers.js';

const EMITTER = 'generator/build/emit/discovery/openapi/emit-openapi.ts';

let oas31: ValidateFunction | undefined;

/**
 * The package's OAS 3.1 schema, compiled as the package compiles it (see OPENAPI_SET), ahead of time by the compile
 * step. The package's own `validate()` is async only because it may read a file; the schema check is synchronous.
 */
function oas31Schema(): ValidateFunction {
  if (!oas31) {
    const [source] = OPENAPI_SET.sources();
    oas31 = validatorFor(OPENAPI_SET, source!.name, readFileSync(source!.file, 'utf8'));
  }
  return oas31;
}

/** OpenAPI 3.1 structure (rule `openapi-schema`). */
export const validateOpenApiSchema: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  if (!document) return;
  const version = (document.value as { openapi?: unknown })?.openapi;
  if (typeof version !== 'string' || !version.startsWith('3.1.')) {
    reportProblem(document, context, {
      ruleId: 'openapi-version',
      pointer: '/openapi',
      reason: `\`openapi\` is ${JSON.stringify(version)}; this site publishes OpenAPI 3.1.x.`,
      fix: `Emit "openapi": "3.1.x" (${EMITTER}).`,
    });
    return;
  }
  const validate = oas31Schema();
  if (validate(document.value)) return;
  for (const error of narrowest(validate.errors ?? [])) {
    reportProblem(document, context, {
      ruleId: 'openapi-schema',
      pointer: pointerOfError(error),
      reason: `${describeSchemaError(error)} (OpenAPI 3.1 schema, ${error.schemaPath}).`,
      fix: `Make the document valid OpenAPI 3.1 (${EMITTER}).`,
    });
  }
};

/** The OAS schema's branching reports the same fault under every branch; the deepest pointers say the most. */
function narrowest(errors: ErrorObject[]): ErrorObject[] {
  const plain = errors.filter((e) => !['anyOf', 'oneOf', 'if', '$dynamicRef', 'then'].includes(e.keyword));
  const list = plain.length > 0 ? plain : errors;
  const seen = new Set<string>();
  return list.filter((e) => {
    const key = `${pointerOfError(e)} ${e.keyword} ${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The contract's rules for the OpenAPI description (rules `openapi-*`). */
export const validateOpenApiContract: Validator = (artifact, context) => {
  const document = JsonDocument.read(artifact, context);
  if (!document) return;
  const problem = (ruleId: RuleId, pointer: string, reason: string, fix: string) =>
    reportProblem(document, context, { ruleId, pointer, reason, fix });

  checkScopeStatement(document, context, problem);
  checkServers(document, context, problem);
  checkRefs(document, problem);
  checkErrorSchema(document, context, problem);
  checkTags(document, problem);
  checkNothingElse(document, context, problem);

  const routes = discoveryRoutes(context.registry);
  const byPathname = new Map(routes.map((r) => [r.pathname, r]));
  const found = document.get('/paths');
  const paths = (found !== null && typeof found === 'object' ? found : {}) as Record<string, Record<string, unknown>>;
  for (const [pathname, item] of Object.entries(paths)) {
    if (item === null || typeof item !== 'object') continue; // the OpenAPI schema check reports it
    const at = pointerOf('paths', pathname);
    const route = byPathname.get(pathname);
    if (!route) {
      problem(
        'openapi-unknown-path',
        at,
        `the path ${pathname} is not a public discovery resource of the registry; the OpenAPI description covers those only.`,
        `Remove it, or add the resource to content/discovery-resources.yaml if the contract lists it.`,
      );
      continue;
    }
    for (const method of Object.keys(item)) {
      if (['parameters', 'summary', 'description', 'servers', '$ref'].includes(method)) continue;
      if (method !== 'get') {
        problem(
          'openapi-method',
          `${at}/${method}`,
          `${method.toUpperCase()} ${pathname} is described, but the discovery resources are read-only documents: only GET exists.`,
          'Describe only GET operations; the contract publishes no write operation.',
        );
      }
    }
    const get = item.get as Record<string, unknown> | undefined;
    if (get) checkOperation(route, get, `${at}/get`, problem);
  }
  for (const route of routes) {
    if (!(route.pathname in paths)) {
      problem(
        'openapi-missing-resource',
        '/paths',
        `the discovery resource ${route.route} (${route.entry.title}) is missing from the paths.`,
        `Every public discovery resource of the registry is described; rebuild so that ${EMITTER} includes it.`,
      );
    }
  }
};

type Problem = (ruleId: RuleId, pointer: string, reason: string, fix: string) => void;

/** Members that would describe what the contract does not publish: webhooks, and authentication of public documents. */
function checkNothingElse(document: JsonDocument, context: ValidateContext, problem: Problem): void {
  const webhooks = document.get('/webhooks');
  if (webhooks !== undefined) {
    problem(
      'openapi-webhooks',
      '/webhooks',
      `the description states webhooks, but ${context.model.boundaries.webhooks.statement.toLowerCase()}`,
      'Remove `webhooks`.',
    );
  }
  for (const pointer of ['/security', '/components/securitySchemes']) {
    if (document.get(pointer) === undefined) continue;
    problem(
      'openapi-security',
      pointer,
      `the description states authentication, but the public discovery resources carry no stated authentication requirement (${context.model.authentication.publicDiscoveryResources.replace(/\.$/, '')}).`,
      'Remove it: the OpenAPI description covers the public discovery resources only; OAuth protects the MCP server.',
    );
  }
}

function checkScopeStatement(document: JsonDocument, context: ValidateContext, problem: Problem): void {
  const description = document.get('/info/description');
  const statement = context.model.boundaries.openapiScope;
  if (typeof description !== 'string' || !description.includes(statement)) {
    problem(
      'openapi-scope-statement',
      '/info/description',
      'info.description does not state that the description covers only the public discovery resources and is not a seller, creator or admin API contract.',
      `Include content/boundaries.yaml \`openapiScope\` verbatim: "${statement}"`,
    );
  }
}

function checkServers(document: JsonDocument, context: ValidateContext, problem: Problem): void {
  const servers = document.get('/servers');
  const base = context.model.addresses.base_url;
  const urls = Array.isArray(servers) ? servers.map((s) => (s as { url?: unknown })?.url) : [];
  if (urls.length !== 1 || urls[0] !== base) {
    problem(
      'openapi-servers',
      '/servers',
      `servers must be exactly [{ url: "${base}" }] ({base_url}); found ${JSON.stringify(urls)}.`,
      'The discovery resources are served by {base_url} only: state that one server.',
    );
  }
}

function checkRefs(document: JsonDocument, problem: Problem): void {
  const visit = (value: unknown, segments: (string | number)[]) => {
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        visit(v, [...segments, i]);
      });
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key !== '$ref' || typeof child !== 'string') {
        visit(child, [...segments, key]);
      } else if (!child.startsWith('#') || document.get(decodeURIComponent(child.slice(1))) === undefined) {
        problem(
          'openapi-ref',
          pointerOf(...segments, key),
          `$ref ${child} does not resolve inside the document.`,
          'Point $ref at a definition under #/components of this document.',
        );
      }
    }
  };
  visit(document.value, []);
}

/** components.schemas.ApiError carries every member of the contract's API error object (content/errors.yaml). */
function checkErrorSchema(document: JsonDocument, context: ValidateContext, problem: Problem): void {
  const error = document.get('/components/schemas/ApiError/properties/error') as
    | { required?: unknown; properties?: Record<string, { type?: unknown }> }
    | undefined;
  for (const field of context.model.errors.api.fields.filter((f) => f.name.startsWith('error.'))) {
    const name = field.name.slice('error.'.length);
    const described = error?.properties?.[name]?.type === field.type;
    // The contract gives the shape "where possible": a member described, none promised in every error.
    const required = Array.isArray(error?.required) && error.required.includes(name);
    if (!described || required) {
      problem(
        'openapi-error-envelope',
        '/components/schemas/ApiError/properties/error',
        described
          ? `the API error schema requires \`${name}\`, but the contract gives the error object's shape only "where possible".`
          : `the API error schema does not describe the ${field.type} member \`${name}\` of the contract's error object.`,
        'Build components.schemas.ApiError from content/errors.yaml (api.fields), requiring none of its members.',
      );
    }
  }
}

/** Every tag an operation uses is declared at the top level, with its description (rule `openapi-undeclared-tag`). */
function checkTags(document: JsonDocument, problem: Problem): void {
  const doc = (document.value ?? {}) as {
    tags?: { name?: unknown }[];
    paths?: Record<string, Record<string, { tags?: unknown }>>;
  };
  if (typeof doc !== 'object') return;
  const declared = new Set((Array.isArray(doc.tags) ? doc.tags : []).map((t) => t?.name));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const tags = Array.isArray(operation?.tags) ? operation.tags : [];
      tags.forEach((tag, i) => {
        if (declared.has(tag)) return;
        problem(
          'openapi-undeclared-tag',
          pointerOf('paths', path, method, 'tags', String(i)),
          `the operation's tag ${JSON.stringify(tag)} is not declared in the top-level \`tags\`, so readers get no description of it.`,
          'Declare every group of content/discovery-resources.yaml `groups` as a tag with its description.',
        );
      });
    }
  }
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function checkOperation(
  route: ReturnType<typeof discoveryRoutes>[number],
  get: Record<string, unknown>,
  at: string,
  problem: Problem,
): void {
  const responses = (get.responses !== null && typeof get.responses === 'object' ? get.responses : {}) as Record<
    string,
    { content?: Record<string, { schema?: unknown }> }
  >;
  const ok = responses['200'] ?? undefined;
  const types = Object.keys(ok?.content ?? {});
  if (types.length !== 1 || types[0] !== route.entry.mediaType) {
    problem(
      'openapi-media-type',
      `${at}/responses/200/content`,
      `GET ${route.route} must answer 200 with exactly its registry media type "${route.entry.mediaType}"; found ${JSON.stringify(types)}.`,
      'Describe each document with the media type it is served with (generator/build/registry/media-types.ts).',
    );
  }
  for (const [status, response] of Object.entries(responses)) {
    if (!status.startsWith('2') || response === null || typeof response !== 'object') continue;
    for (const [type, media] of Object.entries(response.content ?? {})) {
      if (media && media.schema !== undefined) {
        problem(
          'openapi-invented-shape',
          pointerOf(...at.split('/').slice(1).map(unescapePointer), 'responses', status, 'content', type, 'schema'),
          `GET ${route.route} states a response schema, but the contract does not show the shapes of the discovery documents.`,
          'Describe the response by its media type only (content/not-shown.yaml: discovery-document-shapes).',
        );
      }
    }
  }
  const parameters = (Array.isArray(get.parameters) ? get.parameters : []) as {
    name?: string;
    in?: string;
    required?: boolean;
    schema?: { enum?: unknown[] };
  }[];
  for (const [name, value] of route.fixedQuery) {
    const p = parameters.find((x) => x?.name === name && x.in === 'query');
    if (p?.required !== true || JSON.stringify(p.schema?.enum) !== JSON.stringify([value])) {
      problem(
        'openapi-query-route',
        `${at}/parameters`,
        `${route.route} needs a required query parameter \`${name}\` whose only value is "${value}", since the OpenAPI path ${route.pathname} cannot carry the query.`,
        `Declare { name: "${name}", in: "query", required: true, schema: { enum: ["${value}"] } }.`,
      );
    }
  }
  for (const q of route.entry.query ?? []) {
    const p = parameters.find((x) => x?.name === q.name && x.in === 'query');
    if (!p || (p.required ?? false) !== q.required) {
      problem(
        'openapi-query-parameter',
        `${at}/parameters`,
        `${route.route} must declare its query parameter \`${q.name}\` (required: ${q.required}) as content/discovery-resources.yaml states.`,
        `Declare { name: "${q.name}", in: "query", required: ${q.required} }.`,
      );
    }
  }
  // A query route documents every answer of the answers table the runtime and the preview answer from.
  const table =
    route.entry.kind === 'page-context'
      ? ROUTE_ANSWERS.pageContext
      : route.entry.kind === 'agent-mode'
        ? ROUTE_ANSWERS.agentMode
        : undefined;
  for (const answer of Object.values(table ?? {}) as RouteAnswer[]) {
    const documented = responses[String(answer.status)];
    const errorShape = documented?.content?.[answer.mediaType]?.schema as { $ref?: string } | undefined;
    if (!documented || (answer.code && errorShape?.$ref !== '#/components/schemas/ApiError')) {
      problem(
        'openapi-route-answers',
        `${at}/responses`,
        `GET ${route.route} answers ${answer.status}${answer.code ? ` (${answer.code})` : ''} when ${answer.when.charAt(0).toLowerCase()}${answer.when.slice(1)} The description does not document it${answer.code ? ' with the API error object' : ''}.`,
        'Document every answer of generator/runtime/query-routes/answers.ts (the emitter reads it).',
      );
    }
  }
  if ((route.entry.query ?? []).length > 0) {
    const notFound = responses['404']?.content?.['application/json']?.schema as { $ref?: string } | undefined;
    if (notFound?.$ref !== '#/components/schemas/ApiError') {
      problem(
        'openapi-error-envelope',
        `${at}/responses/404`,
        `GET ${route.route} must describe its 404 answer with the contract's API error object (#/components/schemas/ApiError).`,
        'Add a 404 response whose application/json schema is $ref #/components/schemas/ApiError.',
      );
    }
  }
}
