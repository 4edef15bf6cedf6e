// Child process for the load suite: serves the preview hosts and the fresh-server-per-request baseline on ports
// chosen by the system, prints what the load generator needs, and runs until its stdin closes.
import { startPreview } from '../../generator/tools/preview/preview.js';
import { mintPreviewToken } from '../../generator/tools/preview/token.js';
import { bindHost } from '../../generator/tools/preview/http/listen.js';
import { toNodeListener } from '../../generator/tools/preview/http/fetch-handler.js';
import { freshServerPerRequest } from '../baseline/fresh-server-per-request.js';

const preview = await startPreview({ ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 } });
const baseline = await bindHost(0);
const baselineOrigin = `http://127.0.0.1:${baseline.port}`;
baseline.setListener(toNodeListener(freshServerPerRequest(preview.model), () => baselineOrigin));

const { token } = await mintPreviewToken(preview.model);
const mcpUrl = `${preview.addresses.mcp_url}${preview.model.mcpServer.endpointPath}`;
const rpcHeaders = {
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};
const post = (url: string, body: unknown, headers: Record<string, string>) =>
  fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });

// One session, as a client would hold it: initialize, then the initialized notification.
const init = await post(
  mcpUrl,
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  },
  rpcHeaders,
);
const sessionId = init.headers.get('mcp-session-id');
const negotiated =
  ((await init.json()) as { result?: { protocolVersion?: string } }).result?.protocolVersion ?? '2025-06-18';
if (!sessionId) throw new Error(`initialize answered ${init.status} without a session`);
const sessionHeaders = { ...rpcHeaders, 'mcp-session-id': sessionId, 'mcp-protocol-version': negotiated };
await post(mcpUrl, { jsonrpc: '2.0', method: 'notifications/initialized' }, sessionHeaders);

// A call that succeeds: the first control, on the first community the preview user manages.
const control =
  preview.model.mcpServer.controls.find((c) => c.name === 'list_members') ?? preview.model.mcpServer.controls[0]!;
const fixtures = preview.model.preview!.fixtures as unknown as { communities: { id: string; managedBy: string[] }[] };
const user = preview.model.preview!.server.defaultUser;
const community = fixtures.communities.find((c) => c.managedBy.includes(user))!.id;
const call = {
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: control.name, arguments: { communityId: community } },
};
const checkCall = async (url: string, headers: Record<string, string>) => {
  const response = await post(url, call, headers);
  const text = await response.text();
  if (response.status !== 200 || !text.includes('"result"') || text.includes('"isError":true')) {
    throw new Error(`tools/call on ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  }
};
await checkCall(mcpUrl, sessionHeaders);
await checkCall(`${baselineOrigin}/mcp`, { ...rpcHeaders, 'mcp-protocol-version': negotiated });

const pricingUrl = `${preview.addresses.api_url}${preview.model.pricingCall.path}`;
const pricing = await post(pricingUrl, {}, { 'content-type': 'application/json' });
if (pricing.status !== 200) throw new Error(`the pricing call answered ${pricing.status}`);

const targets = {
  pricing: { url: pricingUrl, headers: { 'content-type': 'application/json' }, body: '{}' },
  mcpToolsCall: { url: mcpUrl, headers: sessionHeaders, body: JSON.stringify(call) },
  freshServerPerRequest: {
    url: `${baselineOrigin}/mcp`,
    headers: { ...rpcHeaders, 'mcp-protocol-version': negotiated },
    body: JSON.stringify(call),
  },
};
process.stdout.write(`LOAD-READY ${JSON.stringify(targets)}\n`);

process.stdin.resume();
process.stdin.on('end', () => {
  const peak = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`LOAD-DONE ${JSON.stringify({ peakRssMb: peak })}\n`);
  void Promise.all([preview.close(), baseline.close()]).then(() => process.exit(0));
});
