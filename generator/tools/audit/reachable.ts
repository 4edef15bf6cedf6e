// Whether anything answers at an address, and in plain words why not: Node's fetch says only "fetch failed".
const PROBE_TIMEOUT_MS = 10_000;

/** Why a request got no answer at all, from the error fetch threw (its cause carries the system's code). */
export function whyNoAnswer(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the server running, on this port?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'no such host (the name does not resolve)';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host cannot be reached';
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'the connection timed out';
  }
  if ((error as { name?: string } | undefined)?.name === 'TimeoutError') return 'no answer in time';
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return cause?.code ? `${message} (${cause.code})` : message;
}

/** undefined when the address answers with any status; otherwise why nothing answered. */
export async function noAnswerAt(url: string, doFetch: typeof fetch = fetch): Promise<string | undefined> {
  try {
    const response = await doFetch(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return undefined;
  } catch (error) {
    return whyNoAnswer(error);
  }
}
