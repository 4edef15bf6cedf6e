// The contract's JSON API error object (section 7), built in one place for every host and handler that answers one.

export interface ApiErrorBody {
  error: {
    /** Machine-readable code. */
    code: string;
    /** Human-readable message. */
    message: string;
    /** Advice for fixing the condition. */
    resolution: string;
    /** HTTP status code. */
    status: number;
  };
}

export function apiError(status: number, code: string, message: string, resolution: string): ApiErrorBody {
  return { error: { code, message, resolution, status } };
}

/** A Web-standard Response carrying an API error, for handlers written against Fetch Request/Response. */
export function apiErrorResponse(
  status: number,
  code: string,
  message: string,
  resolution: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(apiError(status, code, message, resolution)), {
    status,
    headers: { 'content-type': 'application/json', 'x-content-type-options': 'nosniff', ...headers },
  });
}
