// The contract's API error envelope as preview responses: one builder per condition every host answers the same way.
import { apiErrorResponse } from '../../../runtime/api-error.js';
import { CORS_ANY, NO_STORE } from './headers.js';

export function notFound(path: string, resolution: string): Response {
  return apiErrorResponse(404, 'not_found', `Nothing is published at ${path}.`, resolution, {
    'cache-control': NO_STORE,
    ...CORS_ANY,
  });
}

export function methodNotAllowed(method: string, path: string, allow: string[]): Response {
  return apiErrorResponse(
    405,
    'method_not_allowed',
    `${method} is not allowed on ${path}.`,
    `Use ${allow.join(' or ')}.`,
    { allow: allow.join(', '), 'cache-control': NO_STORE, ...CORS_ANY },
  );
}
