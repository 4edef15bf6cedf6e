// The one table of what the site's query routes, its other addresses and the pricing call answer: status, error code
// and media type of each condition. The runtime answers from it, the preview's hosts answer from it, and /openapi.json
// documents it, so the description and the running routes cannot disagree.

/** Media type of every JSON answer here, the API error envelope included. */
export const JSON_MEDIA_TYPE = 'application/json';

export interface RouteAnswer {
  status: number;
  /** `error.code` of the API error envelope; absent for an answer that is not an error. */
  code?: string;
  mediaType: string;
  /** When the answer is given, in the words /openapi.json documents it with. */
  when: string;
}

const error = <C extends string>(status: number, code: C, when: string): RouteAnswer & { code: C } => ({
  status,
  code,
  mediaType: JSON_MEDIA_TYPE,
  when,
});

export const ROUTE_ANSWERS = {
  /** `GET /api/agent/page-context?path=<site path>`. */
  pageContext: {
    found: { status: 200, mediaType: JSON_MEDIA_TYPE, when: 'The agent context of the public page at `path`.' },
    missingPath: error(400, 'missing_path', 'The `path` query parameter is missing or empty.'),
    invalidPath: error(
      400,
      'invalid_path',
      'The `path` query parameter is not a plain site path: an absolute URL, no leading "/", a backslash, "//", a "." or ".." segment, control characters, or longer than 1024 characters.',
    ),
    unknownPage: error(404, 'page_not_found', 'No public page is published at `path`.'),
  },
  /** `GET /?mode=agent`. */
  agentMode: {
    view: { status: 200, mediaType: JSON_MEDIA_TYPE, when: 'The agent-mode view of the site.' },
  },
  /** Any address of the site. */
  site: {
    notModified: { status: 304, mediaType: '', when: 'If-None-Match names the current ETag of the document.' },
    notFound: error(404, 'not_found', 'Nothing is published at the path.'),
    methodNotAllowed: error(405, 'method_not_allowed', 'A method other than GET, HEAD and OPTIONS.'),
    notAnMcpEndpoint: error(
      404,
      'not_an_mcp_endpoint',
      'An MCP client at an address of the site that is not the MCP endpoint (the installation guide, a legacy path).',
    ),
  },
  /** The pricing call, `POST {api_url}/api/v1/communities/plans/prices`, as the preview's pricing API answers it. */
  pricingCall: {
    prices: { status: 200, mediaType: JSON_MEDIA_TYPE, when: 'Platform subscription prices per plan.' },
    notFound: error(404, 'not_found', 'A path of the pricing API other than the pricing call’s.'),
    methodNotAllowed: error(405, 'method_not_allowed', 'A method other than the pricing call’s.'),
    invalidJson: error(400, 'invalid_json', 'The request body is not JSON.'),
    invalidPayload: error(400, 'invalid_payload', 'The request payload is not a JSON object.'),
    tooLarge: error(413, 'payload_too_large', 'The request body is larger than the API accepts.'),
  },
} as const satisfies Record<string, Record<string, RouteAnswer>>;

/** Every answer of one route, error answers grouped by status (OpenAPI documents one response per status). */
export function answersByStatus(answers: Record<string, RouteAnswer>): Map<number, RouteAnswer[]> {
  const byStatus = new Map<number, RouteAnswer[]>();
  for (const answer of Object.values(answers)) {
    const list = byStatus.get(answer.status);
    if (list) list.push(answer);
    else byStatus.set(answer.status, [answer]);
  }
  return byStatus;
}
