// Child process of the load test: the preview hosts on ports the system chooses, with what a load needs (a token, a
// session, registered clients), and its own memory on demand, so that only the hosts' memory is measured.
// Protocol: prints `READY <json>`; each stdin line `memory` answers `MEMORY <json>` (after collecting garbage); the end
// of stdin stops the hosts and the process.
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import { startPreview } from '../../../generator/tools/preview/preview.js';
import { mintPreviewToken } from '../../../generator/tools/preview/token.js';

/** How many clients the authorization load is spread over: each stays within its own rate limit. */
const CLIENTS = Number(process.argv[2] ?? 200);
const REDIRECT = 'http://127.0.0.1:9/callback';

// Stores small enough that the warm-up fills them: the heap is then compared between two full states, and what grows
// is a leak, not a bounded store still filling (at its default size it fills for minutes, faster on a faster machine).
const AUTH_LIMITS = { pendingCodes: 50, refreshFamilies: 100 };
const preview = await startPreview({
  ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 },
  authLimits: AUTH_LIMITS,
});
const { model } = preview;
const mcpUrl = `${preview.addresses.mcp_url}${model.mcpServer.endpointPath}`;
const version = model.preview!.server.mcpProtocolVersions.at(-1)!;
const { token } = await mintPreviewToken(model);
const rpcHeaders = {
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};
const init = await fetch(mcpUrl, {
  method: 'POST',
  headers: rpcHeaders,
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'load', version: '1' } },
  }),
});
const sessionId = init.headers.get('mcp-session-id');
if (!sessionId) throw new Error(`initialize answered ${init.status}`);
const session = { ...rpcHeaders, 'mcp-session-id': sessionId, 'mcp-protocol-version': version };
await fetch(mcpUrl, {
  method: 'POST',
  headers: session,
  body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
});

const user = model.preview!.server.defaultUser;
const community = model.preview!.fixtures.communities.find((c) => c.managedBy.includes(user))!.id;
// Registration is stateless (the id is signed): clients made here are the ones /register would answer.
const clients = Array.from(
  { length: CLIENTS },
  (_, i) =>
    preview.auth.provider.clientsStore.registerClient({
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      client_name: `load ${i}`,
    }).client_id,
);
const verifier = 'load-test-verifier-load-test-verifier-load-test';

process.stdout.write(
  `READY ${JSON.stringify({
    authLimits: AUTH_LIMITS,
    mcp: {
      url: mcpUrl,
      headers: session,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'list_members', arguments: { communityId: community } },
      }),
    },
    pricing: { url: `${preview.addresses.api_url}${model.pricingCall.path}`, body: '{}' },
    auth: {
      origin: preview.addresses.auth_url,
      metadataPath: model.authentication.authorizationServerMetadataPath,
      resource: mcpUrl,
      clients,
      redirect: REDIRECT,
      verifier,
      challenge: createHash('sha256').update(verifier).digest('base64url'),
    },
  })}\n`,
);

const collect = (globalThis as { gc?: () => void }).gc;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() !== 'memory') return;
  // Several passes: a pass can free what the next one collects (weak references, finalizers).
  for (let i = 0; i < 4; i++) collect?.();
  const usage = process.memoryUsage();
  process.stdout.write(
    `MEMORY ${JSON.stringify({ heapUsed: usage.heapUsed, rss: usage.rss, held: preview.auth.provider.heldState(), sessions: preview.mcp.sessionCount() })}\n`,
  );
});
lines.on('close', () => {
  void preview.close().then(() => process.exit(0));
});
