// The contract's API error envelope as preview responses: one builder per condition every host answers the same way.
import { apiErrorResponse } from '../../../runtime/api-error.js';
import { CORS_ANY, NO_STORE } from './headers.js';
import { ROUTE_ANSWERS } from '../../../runtime/query-routes/answers.js';

const { notFound: NOT_FOUND, methodNotAllowed: METHOD_NOT_ALLOWED } = ROUTE_ANSWERS.site;

export function notFound(path: string, resolution: string): Response {
  return apiErrorResponse(NOT_FOUND.status, NOT_FOUND.code, `Nothing is published at ${path}.`, resolution, {
    'cache-control': NO_STORE,
    ...CORS_ANY,
  });
}

export function methodNotAllowed(method: string, path: string, allow: string[]): Response {
  return apiErrorResponse(
    METHOD_NOT_ALLOWED.status,
    METHOD_NOT_ALLOWED.code,
    `${method} is not allowed on ${path}.`,
    `Use ${allow.join(' or ')}.`,
    { allow: allow.join(', '), 'cache-control': NO_STORE, ...CORS_ANY },
  );
}
