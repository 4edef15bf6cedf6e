// `npm run verify -- <base_url>`: audits a live deployment (preview server, staging, production) and prints a scorecard.
import { resolve } from 'node:path';
import { whenCompiled } from '../compile/freshness.js';
import { parseCommandLine, usageMistake, runCommand } from './args.js';
import { terminal } from '../terminal/terminal.js';
import type { McpCredentials } from '../audit/mcp-check.js';

const HELP = `Usage: npm run verify -- <base_url> [--mcp-url URL] [--auth-url URL] [--api-url URL]
                         [--token TOKEN | --preview-auth] [--env production|preview]
                         [--content DIR] [--json] [--quiet]
       npm run verify -- --journey <base_url> [--json] [--quiet]

Audits a deployment the way an agent meets it: fetches every registry path and checks status, media
type (with charset), headers (CORS, nosniff, Link on HTML pages), validity (the build's own validators
on the fetched bytes) and that the bytes equal a local build of the content with the same addresses;
follows the authentication discovery chain (/auth.md, then protected resource metadata, then
authorization server metadata, checking resource and issuer); checks that the MCP endpoint demands a
token, and with one, that tools/list offers exactly the declared controls, annotated read-only.

A base_url equal to an environment's in content/service.yaml (e.g. http://localhost:4100, the
preview) selects that environment and its other addresses. Any other base_url is compared with the
preview content when it is on localhost and with production content elsewhere (or --env); the hosts
not given keep that environment's addresses.

  --journey        instead, the agent journey: knowing only base_url, read /llms.txt (then, a second time,
                   /.well-known/api-catalog), take the MCP URL and each control's scope from them, read
                   every card they link as each card standard's clients do, run the official SDK client's
                   OAuth flow asking exactly each control's stated scope (auto-approval: the preview's
                   authorization server only), call each control, and check the server refuses it
                   without that scope. Nothing is read from the content.
  --token          a bearer token for the MCP endpoint (e.g. from npm run token)
  --preview-auth   obtain a token from the authorization server with a headless OAuth client
                   (registration, PKCE, auto-approval): works only with the preview's server
  --json           print the scorecard as JSON on stdout
  --quiet          no progress lines on stderr

Exit codes: 0 every check passed (warnings allowed), 1 a check failed, 2 usage error.`;

async function main(): Promise<number> {
  await whenCompiled();
  let parsed;
  try {
    parsed = parseCommandLine({
      allowPositionals: true,
      options: {
        'mcp-url': { type: 'string' },
        'auth-url': { type: 'string' },
        'api-url': { type: 'string' },
        token: { type: 'string' },
        'preview-auth': { type: 'boolean', default: false },
        journey: { type: 'boolean', default: false },
        content: { type: 'string' },
        env: { type: 'string' },
        json: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return usageMistake(error, HELP);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (positionals.length !== 1) {
    return usageMistake('Give exactly one base_url.', HELP);
  }
  if (values.token && values['preview-auth']) {
    return usageMistake('Give --token or --preview-auth, not both.', HELP);
  }
  if (values.env !== undefined && values.env !== 'production' && values.env !== 'preview') {
    return usageMistake(`--env must be "production" or "preview", not "${values.env}".`, HELP);
  }
  if (values.journey) return journey(positionals[0]!, values.json, values.quiet);
  const credentials: McpCredentials = values.token
    ? { token: values.token }
    : values['preview-auth']
      ? { previewAuth: true }
      : undefined;
  const term = terminal(process.stdout);
  const progress = terminal(process.stderr, values.quiet).progress;
  const [{ runVerify, TargetError }, { renderScorecard }] = await Promise.all([
    import('../audit/run-verify.js'),
    import('../audit/scorecard.js'),
  ]);
  let result;
  try {
    result = await runVerify({
      addresses: {
        base_url: positionals[0]!,
        mcp_url: values['mcp-url'],
        auth_url: values['auth-url'],
        api_url: values['api-url'],
      },
      env: values.env as 'production' | 'preview' | undefined,
      credentials,
      contentDir: values.content ? resolve(values.content) : undefined,
      progress,
    });
  } catch (error) {
    if (error instanceof TargetError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ ok: result.ok, target: result.target, counts: result.card.counts(), checks: result.card.checks }, null, 2)}\n`,
    );
  } else {
    const a = result.target?.addresses;
    const title = a
      ? `Verify ${a.base_url} (content: ${result.target!.env}; MCP ${a.mcp_url}, auth ${a.auth_url})`
      : 'Verify';
    process.stdout.write(renderScorecard(result.card, term, title));
  }
  return result.ok ? 0 : 1;
}

/** The agent journey from each start, on one scorecard. */
async function journey(baseUrl: string, json: boolean, quiet: boolean): Promise<number> {
  let origin: string;
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    origin = url.href;
  } catch {
    process.stderr.write(
      `The base_url "${baseUrl}" must be an absolute http or https URL (e.g. http://localhost:4100).\n`,
    );
    return 2;
  }
  const [{ JOURNEY_STARTS, runJourney }, { renderScorecard, Scorecard }] = await Promise.all([
    import('../audit/journey.js'),
    import('../audit/scorecard.js'),
  ]);
  const card = new Scorecard();
  const progress = terminal(process.stderr, quiet).progress;
  for (const start of Object.keys(JOURNEY_STARTS) as (keyof typeof JOURNEY_STARTS)[]) {
    await runJourney({ baseUrl: origin, start, card, progress });
  }
  if (json) {
    process.stdout.write(`${JSON.stringify({ ok: card.ok, counts: card.counts(), checks: card.checks }, null, 2)}\n`);
  } else {
    process.stdout.write(renderScorecard(card, terminal(process.stdout), `Agent journey from ${origin}`, true));
  }
  return card.ok ? 0 : 1;
}

runCommand(main);
