// Emits /openapi.json: OpenAPI 3.1 of the public discovery resources only, each a GET with its registry media type and
// every answer the routes give (runtime/query-routes/answers.ts, the table the runtime and the preview answer from).
import type { Model } from '../../../../model/types.js';
import type { Emitter } from '../../../registry/types.js';
import type { Registry } from '../../../registry/registry.js';
import { answersByStatus, ROUTE_ANSWERS, type RouteAnswer } from '../../../../runtime/query-routes/answers.js';
import { jsonBody } from '../../json/json-body.js';
import { discoveryRoutes, operationIdOf, type DiscoveryRoute } from '../discovery-routes.js';

export const OPENAPI_VERSION = '3.1.1';
export const API_ERROR_SCHEMA = 'ApiError';

export const emitOpenApi: Emitter = (_entry, { model, registry }) => {
  const paths: Record<string, Record<string, unknown>> = {};
  const routes = discoveryRoutes(registry);
  for (const route of routes) {
    paths[route.pathname] = { get: operationOf(route) };
  }
  const used = new Set(routes.map((r) => r.entry.group));
  return jsonBody({
    openapi: OPENAPI_VERSION,
    info: {
      title: `${model.identity.name}: public discovery resources`,
      version: model.publication.version,
      description: describe(model),
      contact: contactOf(model, registry),
    },
    externalDocs: externalDocsOf(model, registry),
    servers: [{ url: model.addresses.base_url, description: 'The public site ({base_url}).' }],
    tags: model.groups.filter((g) => used.has(g.id)).map((g) => ({ name: g.id, description: g.description })),
    paths,
    components: { schemas: { [API_ERROR_SCHEMA]: apiErrorSchema(model) } },
  });
};

/** The identity's contact point (content/service.yaml). */
function contactOf(model: Model, registry: Registry) {
  const { contactPoint } = model.identity;
  const page = registry.get(contactPoint.url);
  return {
    name: `${model.identity.name} ${contactPoint.contactType}`,
    url: page ? registry.url(page) : model.addresses.base_url + contactPoint.url,
  };
}

/** The page content/publication.yaml names for more documentation. */
function externalDocsOf(model: Model, registry: Registry) {
  const page = registry.get(model.publication.openapiExternalDocs);
  return {
    url: page ? registry.url(page) : model.addresses.base_url + model.publication.openapiExternalDocs,
    ...(page ? { description: page.title } : {}),
  };
}

function describe(model: Model): string {
  return [
    model.boundaries.openapiScope,
    'Every operation is a read-only GET of a public document; no write operation exists.',
    'Response bodies are described by media type only: the contract does not show their shapes.',
    "OpenAPI paths cannot carry a query string, so the contract's `/?mode=agent` is the path `/` with the required " +
      'query parameter `mode` whose only value is `agent`; `/` without it (the human home page) is not described here.',
    `No contract is published for any of: ${model.boundaries.unpublishedInterfaces.map((i) => i.name).join(', ')}. ` +
      model.boundaries.unpublishedAnswer,
  ].join('\n\n');
}

function operationOf(route: DiscoveryRoute): Record<string, unknown> {
  const { entry } = route;
  const parameters = [
    ...route.fixedQuery.map(([name, value]) => ({
      name,
      in: 'query',
      required: true,
      description: `Part of the contract's path ${route.route}: only the value \`${value}\`.`,
      schema: { type: 'string', enum: [value] },
    })),
    ...(entry.query ?? []).map((q) => ({
      name: q.name,
      in: 'query',
      required: q.required,
      description: q.description,
      schema: { type: 'string' },
    })),
  ];
  // The query routes answer what the answers table says; every other document is there (200) or unchanged (304).
  const table: Record<string, RouteAnswer> =
    entry.kind === 'page-context'
      ? ROUTE_ANSWERS.pageContext
      : entry.kind === 'agent-mode'
        ? ROUTE_ANSWERS.agentMode
        : { document: { status: 200, mediaType: entry.mediaType, when: entry.title } };
  const responses: Record<string, unknown> = {};
  for (const [status, answers] of answersByStatus({ ...table, notModified: ROUTE_ANSWERS.site.notModified })) {
    responses[String(status)] = responseOf(answers, entry.mediaType);
  }
  return {
    operationId: operationIdOf(route.route),
    summary: entry.title,
    description: entry.purpose,
    tags: [entry.group],
    ...(parameters.length > 0 ? { parameters } : {}),
    responses,
  };
}

/** One documented response: a document of the route's media type, nothing (304), or the API error envelope. */
function responseOf(answers: RouteAnswer[], mediaType: string): Record<string, unknown> {
  const errors = answers.filter((a) => a.code);
  if (errors.length === 0) {
    const [answer] = answers;
    return answer!.mediaType
      ? { description: answer!.when, content: { [mediaType]: {} } }
      : { description: answer!.when };
  }
  return {
    description: `The API error object: ${errors.map((a) => `\`${a.code}\` when ${lowerFirst(a.when.replace(/\.$/, ''))}`).join('; ')}.`,
    content: { [errors[0]!.mediaType]: { schema: { $ref: `#/components/schemas/${API_ERROR_SCHEMA}` } } },
  };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The contract's API error object, from content/errors.yaml: JSON API errors have this shape "where possible". */
function apiErrorSchema(model: Model): Record<string, unknown> {
  const fields = model.errors.api.fields;
  const wrapper = fields.find((f) => !f.name.includes('.'));
  const members = fields.filter((f) => f.name.includes('.'));
  const name = wrapper?.name ?? 'error';
  return {
    description: model.errors.api.statement,
    type: 'object',
    required: [name],
    properties: {
      [name]: {
        description: wrapper?.meaning,
        type: 'object',
        // The contract gives the shape "where possible": no member is promised in every error.
        properties: Object.fromEntries(
          members.map((f) => [f.name.slice(f.name.indexOf('.') + 1), { type: f.type, description: f.meaning }]),
        ),
      },
    },
  };
}
