// How clients of each card standard read a card, written from each standard's own text: where a client goes, what it
// asks the user for, what it believes about protocol revisions and tools. The audit's journey and the tests use them.

/** The A2A bindings every A2A client implements; custom bindings are URIs that only their own clients know (A2A §5.8). */
export const A2A_CORE_BINDINGS = ['JSONRPC', 'GRPC', 'HTTP+JSON'];

export interface McpCardReading {
  /** Where the client connects; undefined when the card names no usable remote. */
  connect?: { url: string; transport: string };
  /** Header inputs the client asks the user to type before connecting (SEP-2127 `remotes[].headers` without `value`). */
  prompts: string[];
  /** Protocol revisions the client believes the server supports, if the card claims any. */
  protocolVersions?: string[];
  /** Whether the client runs OAuth discovery for the token (an `oauth2` scheme), rather than asking for one. */
  oauth: boolean;
  /** The static tools the card lists (SEP-1649 / SEP-2127 draft `tools`). */
  tools: { name: string; readOnly: boolean; scope?: string }[];
}

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const listOf = (value: unknown): Json[] => (Array.isArray(value) ? value.map(objectOr) : []);

/**
 * SEP-2127 (registry `server.json` style): the first remote a client supports is where it connects; each header
 * without a fixed `value` becomes an input "so that clients can prompt users for required values"; the remote's
 * `supportedProtocolVersions` let it "select a compatible protocol version before connecting".
 */
export function readSep2127(card: unknown): McpCardReading {
  const remote = listOf(objectOr(card).remotes).find((r) => r.type === 'streamable-http' || r.type === 'sse');
  const auth = objectOr(remote?.authentication);
  return {
    connect: typeof remote?.url === 'string' ? { url: remote.url, transport: String(remote.type) } : undefined,
    prompts: listOf(remote?.headers)
      .filter((h) => typeof h.value !== 'string')
      .map((h) => String(h.name)),
    protocolVersions: Array.isArray(remote?.supportedProtocolVersions)
      ? remote.supportedProtocolVersions.map(String)
      : undefined,
    oauth: Array.isArray(auth.schemes) && auth.schemes.includes('oauth2'),
    tools: toolsOf(card),
  };
}

/** SEP-1649: `transport.endpoint`, `protocolVersion`, `authentication.schemes`, and the static `tools`. */
export function readSep1649(card: unknown): McpCardReading {
  const doc = objectOr(card);
  const transport = objectOr(doc.transport);
  const auth = objectOr(doc.authentication);
  return {
    connect:
      typeof transport.endpoint === 'string'
        ? { url: transport.endpoint, transport: String(transport.type) }
        : undefined,
    prompts: [],
    protocolVersions: typeof doc.protocolVersion === 'string' ? [doc.protocolVersion] : undefined,
    oauth: Array.isArray(auth.schemes) && auth.schemes.includes('oauth2'),
    tools: toolsOf(card),
  };
}

function toolsOf(card: unknown) {
  return listOf(objectOr(card).tools).map((tool) => {
    const meta = Object.values(objectOr(tool._meta)).map(objectOr);
    const scope = meta.find((m) => typeof m.requiredScope === 'string')?.requiredScope as string | undefined;
    return { name: String(tool.name), readOnly: objectOr(tool.annotations).readOnlyHint === true, scope };
  });
}

export interface A2aReading {
  /** Whether a reader of this version accepts the document as a card at all. */
  accepted: boolean;
  /** Where the reader would send A2A messages, and with which binding; undefined when it finds none it implements. */
  sendsA2a?: { url: string; binding: string };
  /** Why, in the standard's words. */
  because: string;
}

/** A2A v1.0 §8.3.2: "Parse `supportedInterfaces` if present, and select the first supported transport". */
export function readA2aV1(card: unknown): A2aReading {
  const interfaces = listOf(objectOr(card).supportedInterfaces);
  if (interfaces.length === 0) return { accepted: false, because: 'no supportedInterfaces (required in v1.0)' };
  const chosen = interfaces.find((i) => A2A_CORE_BINDINGS.includes(String(i.protocolBinding).toUpperCase()));
  return chosen
    ? {
        accepted: true,
        sendsA2a: { url: String(chosen.url), binding: String(chosen.protocolBinding) },
        because: 'the first interface with a binding it implements',
      }
    : { accepted: true, because: 'no interface has a binding an A2A client implements' };
}

/**
 * A2A v0.3: `url` and `protocolVersion` are required; `preferredTransport` "defaults to 'JSONRPC'" and "MUST be
 * available at the main 'url'"; a client that does not support it "MAY select any supported transport from
 * additionalInterfaces".
 */
export function readA2aV03(card: unknown): A2aReading {
  const doc = objectOr(card);
  if (typeof doc.url !== 'string' || typeof doc.protocolVersion !== 'string') {
    return { accepted: false, because: 'no url or protocolVersion (both required in v0.3)' };
  }
  const candidates = [
    { url: doc.url, binding: typeof doc.preferredTransport === 'string' ? doc.preferredTransport : 'JSONRPC' },
    ...listOf(doc.additionalInterfaces).map((i) => ({ url: String(i.url), binding: String(i.transport) })),
  ];
  const chosen = candidates.find((c) => A2A_CORE_BINDINGS.includes(c.binding.toUpperCase()));
  return chosen
    ? { accepted: true, sendsA2a: chosen, because: 'the preferred or an additional transport it implements' }
    : {
        accepted: true,
        because: 'neither preferredTransport nor an additional interface is a transport it implements',
      };
}

/** A2A v0.2: `url` is "the base URL endpoint for the agent's A2A service", always spoken to with JSON-RPC. */
export function readA2aV02(card: unknown): A2aReading {
  const doc = objectOr(card);
  if (typeof doc.url !== 'string') return { accepted: false, because: 'no url (required in v0.2)' };
  return {
    accepted: true,
    sendsA2a: { url: doc.url, binding: 'JSONRPC' },
    because: 'v0.2 knows no other transport than JSON-RPC at url',
  };
}
