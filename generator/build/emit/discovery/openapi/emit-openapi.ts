// Emits /openapi.json: OpenAPI 3.1 of the public discovery resources only, each a GET with its registry media type.
import type { Model } from '../../../../model/types.js';
import type { Emitter } from '../../../registry/types.js';
import { jsonBody } from '../../json/json-body.js';
import { discoveryRoutes, operationIdOf, type DiscoveryRoute } from '../discovery-routes.js';

export const OPENAPI_VERSION = '3.1.1';
export const API_ERROR_SCHEMA = 'ApiError';

export const emitOpenApi: Emitter = (_entry, { model, registry }) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of discoveryRoutes(registry)) {
    paths[route.pathname] = { get: operationOf(route) };
  }
  return jsonBody({
    openapi: OPENAPI_VERSION,
    info: {
      title: `${model.identity.name}: public discovery resources`,
      version: model.publication.version,
      description: describe(model),
    },
    servers: [{ url: model.addresses.base_url, description: 'The public site ({base_url}).' }],
    paths,
    components: { schemas: { [API_ERROR_SCHEMA]: apiErrorSchema(model) } },
  });
};

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
  const responses: Record<string, unknown> = {
    '200': { description: entry.title, content: { [entry.mediaType]: {} } },
  };
  // A lookup by query parameter answers an unknown value with the contract's API error envelope.
  if ((entry.query ?? []).length > 0) {
    responses['404'] = {
      description: `Nothing is published for the given ${entry.query!.map((q) => q.name).join(', ')}: the contract's API error object.`,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${API_ERROR_SCHEMA}` } } },
    };
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

/** The contract's API error object (section 7), from content/errors.yaml. */
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
        required: members.map((f) => f.name.slice(f.name.indexOf('.') + 1)),
        properties: Object.fromEntries(
          members.map((f) => [f.name.slice(f.name.indexOf('.') + 1), { type: f.type, description: f.meaning }]),
        ),
      },
    },
  };
}
