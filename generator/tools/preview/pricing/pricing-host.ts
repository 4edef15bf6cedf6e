// The preview pricing API: POST {api_url}/api/v1/communities/plans/prices answers plan prices from the preview fixtures.
// The contract does not show the response shape: the one here is preview-only and says so in `_preview`.
import { apiErrorResponse } from '../../../runtime/api-error.js';
import type { Model } from '../../../model/types.js';
import { requirePreview } from '../preview-model.js';
import type { FetchHandler } from '../http/fetch-handler.js';
import { methodNotAllowed, notFound } from '../http/errors.js';
import { CORS_ANY, NO_STORE } from '../http/headers.js';
import { readLimitedBody } from '../http/read-body.js';
import { ROUTE_ANSWERS, type RouteAnswer } from '../../../runtime/query-routes/answers.js';

const ANSWERS = ROUTE_ANSWERS.pricingCall;

export const PRICING_PREVIEW_NOTE =
  'Preview-only response shape: the contract does not show the pricing call’s response. Consumers ignore plans of type BASIC.';

export function createPricingHost({ model }: { model: Model }): FetchHandler {
  const preview = requirePreview(model);
  const { path, method } = model.pricingCall;
  const resolution = `Send ${method} ${model.addresses.api_url}${path} with the JSON body {}.`;
  const error = (answer: RouteAnswer, message: string) =>
    apiErrorResponse(answer.status, answer.code!, message, resolution, { 'cache-control': NO_STORE, ...CORS_ANY });
  const answer = JSON.stringify({
    _preview: PRICING_PREVIEW_NOTE,
    plans: preview.fixtures.plans.map((plan) => ({
      id: plan.id,
      type: plan.type,
      name: plan.name,
      prices: plan.prices,
    })),
  });

  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== path) {
      return notFound(url.pathname, `The pricing API publishes one call: ${method} ${model.addresses.api_url}${path}.`);
    }
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...CORS_ANY,
          'access-control-allow-methods': method,
          'access-control-allow-headers': 'content-type',
          allow: `${method}, OPTIONS`,
          'x-content-type-options': 'nosniff',
        },
      });
    }
    if (request.method !== method) return methodNotAllowed(request.method, path, [method]);
    const body = await readLimitedBody(request, preview.server.maxRequestBytes);
    if (!body.ok)
      return error(ANSWERS.tooLarge, `The request body is larger than ${preview.server.maxRequestBytes} bytes.`);
    let payload: unknown;
    try {
      payload = JSON.parse(body.text);
    } catch {
      return error(ANSWERS.invalidJson, 'The request body is not JSON.');
    }
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      return error(ANSWERS.invalidPayload, 'The request payload is not a JSON object.');
    }
    return new Response(answer, {
      status: ANSWERS.prices.status,
      headers: {
        'content-type': ANSWERS.prices.mediaType,
        'cache-control': NO_STORE,
        ...CORS_ANY,
        'x-content-type-options': 'nosniff',
      },
    });
  };
}
