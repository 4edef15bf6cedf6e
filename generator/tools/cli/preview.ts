// `npm run preview`: builds the content for the preview addresses, then serves the four hosts on 127.0.0.1 until stopped.
import { resolve } from 'node:path';
import { whenCompiled } from '../compile/freshness.js';
import { parseCommandLine, portOption, UsageError, usageMistake } from './args.js';
import type { RunningPreview } from '../preview/preview.js';
import type { AddressName } from '../../model/types.js';

const HELP = `Usage: npm run preview -- [--site-port N] [--api-port N] [--mcp-port N] [--auth-port N]
                           [--user ID] [--out DIR] [--dangerously-disable-mcp-auth]

Builds the content with the preview addresses into DIR (default dist-preview) and DIR-hosts/, then serves
on 127.0.0.1: the site, the pricing API, the hosted MCP server (/mcp) and the authorization server.
Default ports come from the preview environment of content/service.yaml (4100, 4101, 4102, 4103).
Exit codes: 0 stopped with Ctrl-C, 1 could not start (a port in use, a content error), 2 usage error.
  --user ID                        preview user the authorization server signs in as (default from
                                   content/preview/server.yaml)
  --dangerously-disable-mcp-auth   MCP host WITHOUT bearer authentication (for the conformance suite only)`;

const PORT_FLAGS: Record<string, AddressName> = {
  'site-port': 'base_url',
  'api-port': 'api_url',
  'mcp-port': 'mcp_url',
  'auth-port': 'auth_url',
};

const LABELS: Record<AddressName, string> = {
  base_url: 'Site                 ',
  api_url: 'Pricing API          ',
  mcp_url: 'MCP host             ',
  auth_url: 'Authorization server ',
};

/** The preview server's module, loaded once the arguments are known to be good (not for `--help`). */
let previewModule: typeof import('../preview/preview.js') | undefined;

async function main(): Promise<void> {
  await whenCompiled();
  const { values } = parseCommandLine({
    options: {
      'site-port': { type: 'string' },
      'api-port': { type: 'string' },
      'mcp-port': { type: 'string' },
      'auth-port': { type: 'string' },
      user: { type: 'string' },
      out: { type: 'string', default: 'dist-preview' },
      'dangerously-disable-mcp-auth': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const ports: Partial<Record<AddressName, number>> = {};
  for (const [flag, name] of Object.entries(PORT_FLAGS)) {
    const raw = values[flag as keyof typeof values];
    if (typeof raw !== 'string') continue;
    ports[name] = portOption(flag, raw);
  }
  const authOff = values['dangerously-disable-mcp-auth'] === true;
  process.stdout.write(`Building the preview into ${values.out}/ …\n`);
  previewModule = await import('../preview/preview.js');
  const preview = await previewModule.startPreview({
    ports,
    outDir: resolve(values.out!),
    userId: values.user,
    authenticationOff: authOff,
  });
  process.stdout.write(describe(preview, authOff, values.user));
  const stop = async (signal: string) => {
    process.stdout.write(`\n${signal}: stopping the preview…\n`);
    await preview.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

function describe(preview: RunningPreview, authOff: boolean, user: string | undefined): string {
  const { addresses, model } = preview;
  const lines = ['', 'Preview running (127.0.0.1):'];
  for (const name of previewModule!.PREVIEW_HOSTS) lines.push(`  ${LABELS[name]} ${addresses[name]}`);
  const endpoint = `${addresses.mcp_url}${model.mcpServer.endpointPath}`;
  lines.push(
    `  MCP endpoint          ${endpoint}`,
    `  Pricing call          POST ${addresses.api_url}${model.pricingCall.path}`,
  );
  lines.push(
    `  Preview user          ${user ?? model.preview!.server.defaultUser} (authorizations are approved automatically)`,
  );
  const urlFlags = [
    addresses.mcp_url !== preview.configured.mcp_url ? ` --mcp-url ${addresses.mcp_url}` : '',
    addresses.auth_url !== preview.configured.auth_url ? ` --auth-url ${addresses.auth_url}` : '',
  ].join('');
  const scopes = model.authentication.scopes.map((s) => s.name).join(',');
  lines.push(
    '',
    'A token for curl:',
    `  TOKEN=$(npm run -s token -- --user ${user ?? model.preview!.server.defaultUser} --scopes ${scopes}${urlFlags})`,
    `  curl -s ${endpoint} -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\`,
    `    -H 'Accept: application/json, text/event-stream' \\`,
    `    -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"${model.preview!.server.mcpProtocolVersions.at(-1)}","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}'`,
    '',
    'Preview-only: fixtures, tool input and result shapes, the pricing response shape, and the token format.',
    'Stop with Ctrl-C.',
  );
  if (authOff) {
    const bar = '!'.repeat(78);
    lines.push(
      '',
      bar,
      '!! MCP AUTHENTICATION IS OFF (--dangerously-disable-mcp-auth).',
      `!! ${endpoint} answers WITHOUT a bearer token, as ${model.preview!.server.defaultUser} with every scope.`,
      '!! For the MCP conformance suite only. Every MCP answer carries "x-preview-auth: off".',
      bar,
    );
  }
  return `${lines.join('\n')}\n`;
}

main().catch((error: unknown) => {
  if (previewModule && error instanceof previewModule.PreviewBuildError) {
    process.stderr.write(`${error.diagnostics.report()}\nThe preview build failed; nothing is served.\n`);
  } else if (error instanceof UsageError) {
    process.exit(usageMistake(error, HELP));
  } else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    process.stderr.write(
      `A preview port is in use (${error.message}). Stop the other server or pass --site-port/--api-port/--mcp-port/--auth-port.\n`,
    );
  } else {
    process.stderr.write(
      `The preview could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
