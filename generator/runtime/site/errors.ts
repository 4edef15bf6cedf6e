// The site's error answers in the contract's API error envelope: the same bytes from every way of serving the site, so
// none of them names anything from the request (nginx could not put an untrusted path into JSON safely).
import { apiError, type ApiErrorBody } from '../api-error.js';
import { READ_METHODS } from '../headers.js';
import { ROUTE_ANSWERS } from '../query-routes/answers.js';

const { notFound, methodNotAllowed, notAnMcpEndpoint } = ROUTE_ANSWERS.site;

/** Nothing is served at the path. */
export function notFoundError(catalogs: string[], origin: string): ApiErrorBody {
  return apiError(
    notFound.status,
    notFound.code,
    'Nothing is published at this path.',
    `The published resources are listed in ${catalogs.length > 0 ? catalogs.join(' and ') : origin}.`,
  );
}

/** A method other than GET, HEAD and OPTIONS. */
export const METHOD_NOT_ALLOWED: ApiErrorBody = apiError(
  methodNotAllowed.status,
  methodNotAllowed.code,
  `This address answers only ${READ_METHODS.slice(0, -1).join(', ')} and ${READ_METHODS.at(-1)}.`,
  'Read it with GET (or HEAD).',
);

/** An MCP client at an address of the site that is not the MCP endpoint (the guide at /mcp, a legacy path). */
export function notAnMcpEndpointError(
  where: string,
  reason: string,
  mcp: { endpoint: string; authStart: string },
): ApiErrorBody {
  return apiError(
    notAnMcpEndpoint.status,
    notAnMcpEndpoint.code,
    `${where} is not an MCP endpoint. ${reason} The hosted MCP endpoint is ${mcp.endpoint}.`,
    `Configure your MCP client with ${mcp.endpoint} (Streamable HTTP, bearer token required; the authentication chain starts at ${mcp.authStart}).`,
  );
}
