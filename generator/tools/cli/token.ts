// `npm run token -- --user <id> --scopes a,b`: prints a preview access token for the MCP host (stdout: the token only).
import { whenCompiled } from '../compile/freshness.js';
import { originOption, parseCommandLine, usageMistake } from './args.js';

const HELP = `Usage: npm run -s token -- [--user ID] [--scopes a,b] [--mcp-url URL] [--auth-url URL] [--json]

Mints a preview access token for the preview MCP host, signed with the preview secret of
content/preview/server.yaml: valid for any preview server started from the same content, across restarts.
  --user      preview user id (content/preview/fixtures.yaml; default: the preview default user)
  --scopes    comma-separated scopes (default: every supported scope)
  --mcp-url   the MCP host's address when the preview runs on another port (the token is bound to <mcp-url>/mcp)
  --auth-url  the authorization server's address when it runs on another port (the token's issuer)
  --json      print {token, user, scopes, expires_in} instead of the bare token

Example:
  TOKEN=$(npm run -s token -- --user u-alice --scopes svc.members.read)
  curl -H "Authorization: Bearer $TOKEN" ...`;

async function main(): Promise<number> {
  await whenCompiled();
  const { values } = parseCommandLine({
    options: {
      user: { type: 'string' },
      scopes: { type: 'string' },
      'mcp-url': { type: 'string' },
      'auth-url': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const overrides = {
    ...(values['mcp-url'] ? { mcp_url: originOption('mcp-url', values['mcp-url']) } : {}),
    ...(values['auth-url'] ? { auth_url: originOption('auth-url', values['auth-url']) } : {}),
  };
  const { loadPreviewModel, mintPreviewToken } = await import('../preview/token.js');
  const model = await loadPreviewModel(overrides);
  const minted = await mintPreviewToken(model, {
    userId: values.user,
    scopes: values.scopes
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  });
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ token: minted.token, user: minted.userId, scopes: minted.scopes, expires_in: minted.expiresIn }, null, 2)}\n`,
    );
  } else {
    process.stdout.write(`${minted.token}\n`);
    process.stderr.write(
      `Preview token for ${minted.userId}, scopes ${minted.scopes.join(' ')}, valid ${minted.expiresIn} s, for ${model.addresses.mcp_url}${model.mcpServer.endpointPath}.\n`,
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A usage mistake, or a user or scope the preview does not have: both are the caller's to correct.
    process.exit(usageMistake(error, HELP));
  },
);
