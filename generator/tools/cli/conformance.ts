// `npm run conformance`: the official MCP conformance suite (server scenarios) against the preview MCP host,
// started in memory WITH AUTHENTICATION OFF (the suite sends no token); fails on any failure not in baseline.yml.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../../build/files/project-paths.js';
import { startPreview } from '../preview/preview.js';

const TOOLS = join(PROJECT_ROOT, '.tools', 'node22');
const NODE22 = join(TOOLS, 'node_modules', 'node', 'bin', 'node');
const SUITE = join(TOOLS, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const BASELINE = fileURLToPath(new URL('../preview/conformance-baseline.yml', import.meta.url));

/** Paths of the side-installed Node 22 and suite, for callers that check they are there. */
export const CONFORMANCE_TOOLS = { node: NODE22, suite: SUITE };

async function main(): Promise<number> {
  // --scenario and --baseline exist so a test can prove an unexpected failure fails the run.
  const { values } = parseArgs({
    options: { scenario: { type: 'string' }, baseline: { type: 'string', default: BASELINE } },
  });
  if (!existsSync(NODE22) || !existsSync(SUITE)) {
    process.stderr.write(
      'The conformance suite needs Node 22, installed beside the project (the project’s Node is untouched):\n' +
        '  npm install --prefix .tools/node22 --no-audit --no-fund node@22 @modelcontextprotocol/conformance@0.1.16\n',
    );
    return 2;
  }
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
