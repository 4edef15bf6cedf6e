// DNS rebinding protection of the MCP host: the Host header must name this host, an Origin header one of the service's.

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Host header values that reach this host legitimately: its own address, and its loopback aliases when local. */
export function allowedHosts(mcpUrl: string): Set<string> {
  const url = new URL(mcpUrl);
  const hosts = new Set([url.host]);
  if (LOOPBACK_NAMES.includes(url.hostname)) for (const name of LOOPBACK_NAMES) hosts.add(`${name}:${portOf(url)}`);
  return hosts;
}

/** Origins whose pages may call the MCP host from a browser: the service's own addresses (and their loopback aliases). */
export function allowedOrigins(addresses: string[]): Set<string> {
  const origins = new Set<string>();
  for (const address of addresses) {
    const url = new URL(address);
    origins.add(url.origin);
    if (LOOPBACK_NAMES.includes(url.hostname)) {
      for (const name of LOOPBACK_NAMES) origins.add(`${url.protocol}//${name}:${portOf(url)}`);
    }
  }
  return origins;
}

/** The reason a request is refused, or undefined when Host and Origin are acceptable. */
export function rebindingProblem(request: Request, hosts: Set<string>, origins: Set<string>): string | undefined {
  // In-process requests carry no Host header; over a socket the adapter always passes the client's.
  const host = (request.headers.get('host') ?? new URL(request.url).host).toLowerCase();
  if (!hosts.has(host)) return `The Host header "${host}" does not name this MCP server.`;
  const origin = request.headers.get('origin');
  if (origin !== null && !origins.has(origin.toLowerCase()))
    return `Requests from the origin "${origin}" are not accepted.`;
  return undefined;
}
