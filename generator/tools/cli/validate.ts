// `npm run validate [dir]`: checks a built tree (default dist/, other hosts in dist-hosts/) against the content's
// registry, every artifact's standard and the contract's boundaries.
import { resolve } from 'node:path';
import { whenCompiled } from '../compile/freshness.js';
import { parseCommonArgs, UsageError, usageMistake, runCommand } from './args.js';
import { plural } from '../terminal/plural.js';

const HELP = `Usage: npm run validate -- [DIR] [--env production|preview] [--content DIR] [--json]

Checks a built tree without rebuilding it: DIR (default dist, or dist-preview for --env preview) and,
beside it, DIR-hosts/ (the MCP host's and authorization server's documents, the deployment files).
The registry is built from the content (--content, default content/), then:
  - every registry file must be there, and every file there must be claimed by the registry;
  - the tree must have been built for --env (its addresses tell);
  - every artifact passes its kind's validators (JSON Schema, OpenAPI, llms.txt grammar, XML);
  - the whole tree is consistent: site links resolve, aliases are byte-identical, hosts, scopes,
    controls and the discovery chain agree with the content, the only MCP endpoint is {mcp_url}/mcp;
  - the contract's boundaries hold: no unpublished interface, endpoint, control or shape.

  --json   print {ok, dir, env, files, messages} on stdout instead of the report

A check that runs longer than about two seconds shows its stage and a count on stderr.

Exit codes: 0 valid, 1 invalid (or no tree, or content errors), 2 usage error.`;

async function main(): Promise<number> {
  await whenCompiled();
  let options;
  try {
    options = parseCommonArgs(process.argv.slice(2));
    if (options.positionals.length > 1)
      throw new UsageError(`Give one folder to check, not ${options.positionals.length}.`);
  } catch (error) {
    return usageMistake(error, HELP);
  }
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const dir = options.positionals[0] ?? options.outDir;
  const [{ validateBuiltTree }, { progressLine }] = await Promise.all([
    import('../../build/validate-built.js'),
    import('../terminal/progress.js'),
  ]);
  const progress = progressLine(process.stderr, { label: 'validate' });
  const result = await validateBuiltTree({
    dir: resolve(dir),
    display: dir,
    env: options.env,
    contentDir: options.contentDir ? resolve(options.contentDir) : undefined,
    progress: progress.report,
  });
  progress.end();
  const ok = !result.diagnostics.hasErrors;
  if (options.json) {
    const report = { ok, dir, env: options.env, files: result.files, messages: result.diagnostics.list() };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return ok ? 0 : 1;
  }
  const report = result.diagnostics.report({ color: process.stderr.isTTY === true });
  if (report) process.stderr.write(`${report}\n`);
  if (ok) process.stdout.write(`${dir}: ${plural(result.files, 'file')} valid for ${options.env}.\n`);
  else process.stderr.write(`${dir} is not valid for ${options.env}.\n`);
  return ok ? 0 : 1;
}

runCommand(main);
