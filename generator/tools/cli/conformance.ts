// `npm run conformance`: the official MCP conformance suite (server scenarios) against the preview MCP host,
// started in memory WITH AUTHENTICATION OFF (the suite sends no token); fails on any failure not in baseline.yml.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCommandLine, usageMistake } from './args.js';
import { PROJECT_ROOT } from '../../build/files/project-paths.js';
import { whenCompiled } from '../compile/freshness.js';

const TOOLS = join(PROJECT_ROOT, '.tools', 'node22');
const NODE22 = join(TOOLS, 'node_modules', 'node', 'bin', 'node');
const SUITE = join(TOOLS, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
// A source file read as it is (not compiled): the same path from sources and from compiled/.
const BASELINE = join(PROJECT_ROOT, 'generator', 'tools', 'preview', 'conformance-baseline.yml');

const HELP = `Usage: npm run conformance -- [--scenario NAME] [--baseline FILE]

Runs the official MCP conformance suite (its server scenarios) against the preview MCP host, started
in memory with authentication off (the suite sends no token). Fails on any failure not listed in the
baseline (default generator/tools/preview/conformance-baseline.yml). Needs Node 22 beside the project:
  npm install --prefix .tools/node22 --no-audit --no-fund node@22 @modelcontextprotocol/conformance@0.1.16

  --scenario  run one scenario only
  --baseline  the expected failures (YAML, as the suite reads it)

Exit codes: 0 no unexpected failure, 1 a scenario failed unexpectedly or the run could not start,
2 usage error or Node 22 missing.`;

/** Paths of the side-installed Node 22 and suite, for callers that check they are there. */
export const CONFORMANCE_TOOLS = { node: NODE22, suite: SUITE };

async function main(): Promise<number> {
  await whenCompiled();
  let values;
  try {
    // --scenario and --baseline exist so a test can prove an unexpected failure fails the run.
    values = parseCommandLine({
      options: {
        scenario: { type: 'string' },
        baseline: { type: 'string', default: BASELINE },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    return usageMistake(error, HELP);
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (!existsSync(NODE22) || !existsSync(SUITE)) {
    process.stderr.write(
      'The conformance suite needs Node 22, installed beside the project (the project’s Node is untouched):\n' +
        '  npm install --prefix .tools/node22 --no-audit --no-fund node@22 @modelcontextprotocol/conformance@0.1.16\n',
    );
    return 2;
  }
  const { startPreview } = await import('../preview/preview.js');
  const preview = await startPreview({
    ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 },
    authenticationOff: true,
  });
  const endpoint = `${preview.addresses.mcp_url}${preview.model.mcpServer.endpointPath}`;
  const output = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  try {
    process.stdout.write(`Conformance suite against ${endpoint} (authentication OFF), baseline ${values.baseline}\n`);
    const args = [SUITE, 'server', '--url', endpoint, '--expected-failures', values.baseline!, '-o', output];
    if (values.scenario) args.push('--scenario', values.scenario);
    return await new Promise<number>((resolve, reject) => {
      const child = spawn(NODE22, args, {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.once('error', reject);
      child.once('exit', (code) => resolve(code ?? 1));
    });
  } finally {
    await preview.close();
    rmSync(output, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `The conformance run could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
