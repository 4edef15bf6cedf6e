// `npm run build`: builds the content set into dist/ (and the other hosts' documents into dist-hosts/).
import { DEFAULT_CACHE_DIR } from '../../build/files/project-paths.js';
import { resolve } from 'node:path';
import { build } from '../../build/pipeline.js';
import { parseCommonArgs, UsageError } from './args.js';
import { summarize } from '../terminal/build-summary.js';

const HELP = `Usage: npm run build -- [--env production|preview] [--out DIR] [--content DIR] [--json]

Builds every discovery file of the contract from content/ and validates it. The site goes to DIR
(default: dist for production, dist-preview for preview); the documents of the other hosts (MCP host,
authorization server) go to DIR-hosts/. Nothing is written unless everything passed.

Exit codes: 0 built, 1 content or validation errors (output untouched), 2 usage error.`;

async function main(): Promise<number> {
  let options;
  try {
    options = parseCommonArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const started = performance.now();
  const result = await build({
    env: options.env,
    outDir: resolve(options.outDir),
    contentDir: options.contentDir ? resolve(options.contentDir) : undefined,
    // Skips the build when nothing changed since the last good one; delete this folder to force a full build.
    cacheDir: DEFAULT_CACHE_DIR,
  });
  const ms = performance.now() - started;
  const color = process.stderr.isTTY === true;
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ ok: !result.diagnostics.hasErrors, messages: result.diagnostics.list(), ms: Math.round(ms) }, null, 2)}\n`,
    );
  } else {
    const report = result.diagnostics.report({ color });
    if (report) process.stderr.write(`${report}\n`);
  }
  if (result.diagnostics.hasErrors) {
    if (!options.json) process.stderr.write(`Build failed: ${options.outDir}/ was left as it was.\n`);
    return 1;
  }
  if (!options.json && result.upToDate) {
    process.stdout.write(
      `${options.outDir}/ is up to date: nothing changed since the last build (${Math.round(ms)} ms).\n`,
    );
  }
  if (!options.json && result.artifacts && result.registry) {
    process.stdout.write(summarize(result, options.outDir, options.env, ms));
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) process.stderr.write(`${error.message}\n`);
    else
      process.stderr.write(
        `Unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    process.exit(1);
  },
);
