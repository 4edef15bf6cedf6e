// Follows the contract's authentication discovery chain the way an agent does, checking `resource` and `issuer`.
import type { Model } from '../../model/types.js';
import { fillAddresses } from '../../build/registry/registry.js';
import type { Addresses } from '../../model/types.js';
import { essence } from './media-type.js';
import type { Scorecard } from './scorecard.js';

const TIMEOUT_MS = 15_000;

export interface AuthChainInput {
  model: Model;
  addresses: Addresses;
  card: Scorecard;
  fetch?: typeof fetch;
}

/** Step 1 must name step 2; step 2 must name the MCP endpoint and the authorization server; step 3 must be that server. */
export async function checkAuthChain(input: AuthChainInput): Promise<void> {
  const { card, addresses, model } = input;
  const doFetch = input.fetch ?? fetch;
  const steps = model.authentication.discoveryChain.map((s) => fillAddresses(s.url, addresses));
  const mcpEndpoint = `${addresses.mcp_url}${model.mcpServer.endpointPath}`;
  const get = async (url: string) => {
    try {
      const r = await doFetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
      return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
    } catch (error) {
      return { status: 0, type: null, text: '', error: error instanceof Error ? error.message : String(error) };
    }
  };

  const [first, second, third] = steps;
  if (!first || !second || !third) {
    card.fail(
      'auth-chain',
      'content/authentication.yaml',
      'chain',
      'the discovery chain of the content does not have its three steps',
    );
    return;
  }
  const guide = await get(first);
  if (
    card.expect(
      guide.status === 200,
      'auth-chain',
      first,
      'step-1',
      `answered ${guide.status || guide.error}, expected 200`,
    )
  ) {
    card.expect(
      guide.text.includes(second),
      'auth-chain',
      first,
      'names-step-2',
      `does not name the next step, ${second}`,
    );
  }

  for (const [url, label] of [
    [second, 'step-2'],
    [
      `${addresses.mcp_url}/.well-known/oauth-protected-resource${model.mcpServer.endpointPath}`,
      'step-2-path-inserted',
    ],
  ] as const) {
    const prm = await get(url);
    const json = parse(prm.text);
    if (
      !card.expect(
        prm.status === 200 && essence(prm.type) === 'application/json' && json !== undefined,
        'auth-chain',
        url,
        label,
        `answered ${prm.status || prm.error} ${prm.type ?? ''}, expected 200 application/json (RFC 9728)`,
      )
    )
      continue;
    card.expect(
      json!.resource === mcpEndpoint,
      'auth-chain',
      url,
      'resource',
      `resource is ${JSON.stringify(json!.resource)}, expected "${mcpEndpoint}"`,
    );
    const servers = Array.isArray(json!.authorization_servers) ? (json!.authorization_servers as unknown[]) : [];
    card.expect(
      servers.includes(addresses.auth_url),
      'auth-chain',
      url,
      'authorization-servers',
      `authorization_servers ${JSON.stringify(json!.authorization_servers)} does not list ${addresses.auth_url}`,
    );
  }

  const asm = await get(third);
  const json = parse(asm.text);
  if (
    !card.expect(
      asm.status === 200 && essence(asm.type) === 'application/json' && json !== undefined,
      'auth-chain',
      third,
      'step-3',
      `answered ${asm.status || asm.error} ${asm.type ?? ''}, expected 200 application/json (RFC 8414)`,
    )
  )
    return;
  card.expect(
    json!.issuer === addresses.auth_url,
    'auth-chain',
    third,
    'issuer',
    `issuer is ${JSON.stringify(json!.issuer)}, expected "${addresses.auth_url}" (clients reject a mismatch)`,
  );
  const methods = Array.isArray(json!.code_challenge_methods_supported)
    ? (json!.code_challenge_methods_supported as unknown[])
    : [];
  card.expect(
    methods.includes('S256'),
    'auth-chain',
    third,
    'pkce-s256',
    'code_challenge_methods_supported lacks "S256": MCP clients refuse such metadata',
  );
  card.expect(
    typeof json!.authorization_endpoint === 'string' && typeof json!.token_endpoint === 'string',
    'auth-chain',
    third,
    'endpoints',
    'authorization_endpoint or token_endpoint is missing',
  );
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
