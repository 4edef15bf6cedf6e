// Works around an SDK leak: a session transport in JSON-response mode keeps one stream entry per answered POST forever.
// modelcontextprotocol/typescript-sdk#2559 (open for 1.x; seen in 1.32.2): send() resolves the JSON answer but never
// runs the entry's cleanup, so a long session grows by a few kilobytes per call and the collector's pauses grow with it.
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';

interface StreamEntry {
  resolveJson?: unknown;
  cleanup?: () => void;
}

/** The transport's private bookkeeping, read defensively: a version that renames it makes this a no-op. */
interface TransportInternals {
  _streamMapping?: unknown;
  _requestToStreamMapping?: unknown;
}

/**
 * Releases the JSON-mode stream entries whose requests have all been answered. An entry still named by a pending
 * request id is in flight and kept; event streams (no `resolveJson`) clean up after themselves and are never touched.
 */
export function releaseAnsweredStreams(transport: WebStandardStreamableHTTPServerTransport): void {
  const internals = transport as unknown as TransportInternals;
  const streams = internals._streamMapping;
  const pending = internals._requestToStreamMapping;
  if (!(streams instanceof Map) || !(pending instanceof Map) || streams.size === 0) return;
  const waiting = new Set<unknown>(pending.values());
  for (const [streamId, entry] of streams as Map<string, StreamEntry>) {
    if (!entry.resolveJson || waiting.has(streamId)) continue;
    if (entry.cleanup) entry.cleanup();
    else streams.delete(streamId);
  }
}

/** How many stream entries a transport holds (tests: proves the leak is gone). */
export function heldStreams(transport: WebStandardStreamableHTTPServerTransport): number {
  const streams = (transport as unknown as TransportInternals)._streamMapping;
  return streams instanceof Map ? streams.size : 0;
}
