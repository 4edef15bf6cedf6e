// `npm run build`: builds the content set into dist/ (and the other hosts' documents into dist-hosts/).
// Loads in steps: `--help` and usage errors load nothing else, a build with nothing changed loads only the build
// record's check, and only a build that runs loads the pipeline.
import { relative, resolve } from 'node:path';
import { DEFAULT_CACHE_DIR, DEFAULT_CONTENT_DIR, PROJECT_ROOT } from '../../build/files/project-paths.js';
import { whenCompiled } from '../compile/freshness.js';
import type { Diagnostics } from '../../build/messages/diagnostics.js';
import { parseCommonArgs, usageMistake, runCommand } from './args.js';

const HELP = `Usage: npm run build -- [--env production|preview] [--out DIR] [--content DIR] [--cache DIR] [--json]

Builds every discovery file of the contract from content/ and validates it. The site goes to DIR
(default: dist for production, dist-preview for preview); the documents of the other hosts (MCP host,
authorization server) go to DIR-hosts/. Nothing is written unless everything passed. Both folders
are replaced whole: one that holds the content, the project or mostly other files is refused. A
build that takes more than two seconds shows its stage on stderr.

  --cache  the build cache (default node_modules/.cache/discovery-site): a build whose inputs and
           output are unchanged since the last good one is skipped (what it warned of is said
           again), and unchanged pages are not rendered again; delete the folder to force a full
           build
  --json   print {ok, upToDate, messages, notices, files, ms} on stdout, files being every file
           written with its size in bytes, notices what the build says at its end (the example
           identity)

Exit codes: 0 built, 1 content or validation errors (output untouched), 2 usage error.`;

async function main(): Promise<number> {
  await whenCompiled();
  let options;
  try {
    options = parseCommonArgs(process.argv.slice(2), { cache: true });
  } catch (error) {
    return usageMistake(error, HELP);
  }
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const started = performance.now();
  const json = options.json;
  const target = {
    env: options.env,
    outDir: resolve(options.outDir),
    contentDir: options.contentDir ? resolve(options.contentDir) : undefined,
  };
  const cacheDir = options.cacheDir ? resolve(options.cacheDir) : DEFAULT_CACHE_DIR;
  // Before the record is checked: it reads the content folder and keeps file hashes in the cache.
  const { givenFolderProblems, reportFolderProblems } = await import('../../build/files/given-folders.js');
  const problems = givenFolderProblems({
    ...target,
    contentDir: target.contentDir ?? DEFAULT_CONTENT_DIR,
    cacheDir,
    projectRoot: PROJECT_ROOT,
  });
  if (problems.length > 0) {
    const { Diagnostics } = await import('../../build/messages/diagnostics.js');
    return failed(reportFolderProblems(problems, new Diagnostics()), options.outDir, json, started);
  }
  const { buildInputsOf, checkBuildRecord } = await import('../../build/cache/build-record.js');
  const recordCheck = await checkBuildRecord(cacheDir, buildInputsOf(target));
  if (recordCheck.upToDate) {
    const ms = Math.round(performance.now() - started);
    const notices = recordCheck.notices ?? [];
    // What the last build warned of, said again (the reporter is loaded only then).
    const warnings = recordCheck.warnings ?? [];
    if (json)
      process.stdout.write(
        `${JSON.stringify({ ok: true, upToDate: true, messages: warnings, notices, files: [], ms }, null, 2)}\n`,
      );
    else {
      if (warnings.length > 0) {
        const { Diagnostics } = await import('../../build/messages/diagnostics.js');
        const said = new Diagnostics();
        said.replay(warnings);
        process.stderr.write(`${said.report({ color: process.stderr.isTTY === true })}\n`);
      }
      process.stdout.write(`${options.outDir}/ is up to date: nothing changed since the last build (${ms} ms).\n`);
      sayNotices(notices);
    }
    return 0;
  }

  const [{ build }, { progressLine }] = await Promise.all([
    import('../compile/code-cache.js').then(({ loadPipeline }) => loadPipeline()),
    import('../terminal/progress.js'),
  ]);
  const progress = progressLine(process.stderr);
  const written: { path: string; bytes: number }[] = [];
  const result = await build({
    ...target,
    cacheDir,
    recordCheck,
    progress: progress.report,
    onWritten: json ? (path, bytes) => written.push({ path: relative(process.cwd(), path), bytes }) : undefined,
  });
  progress.end();
  const ms = performance.now() - started;
  const ok = !result.diagnostics.hasErrors;
  if (json) {
    const report = {
      ok,
      upToDate: false,
      messages: result.diagnostics.list(),
      notices: result.notices ?? [],
      files: written,
      ms: Math.round(ms),
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return ok ? 0 : 1;
  }
  const report = result.diagnostics.report({ color: process.stderr.isTTY === true });
  if (report) process.stderr.write(`${report}\n`);
  if (!ok) {
    process.stderr.write(`Build failed: ${options.outDir}/ was left as it was.\n`);
    return 1;
  }
  if (result.artifacts && result.registry) {
    const { summarize } = await import('../terminal/build-summary.js');
    process.stdout.write(summarize(result, options.outDir, options.env, ms));
  }
  sayNotices(result.notices ?? []);
  return 0;
}

/** A build refused before it ran, said as a failed build says it. */
function failed(diagnostics: Diagnostics, outDir: string, json: boolean, started: number): number {
  if (json) {
    const ms = Math.round(performance.now() - started);
    const report = { ok: false, upToDate: false, messages: diagnostics.list(), notices: [], files: [], ms };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    process.stderr.write(`${diagnostics.report({ color: process.stderr.isTTY === true })}\n`);
    process.stderr.write(`Build failed: ${outDir}/ was left as it was.\n`);
  }
  return 1;
}

/** Every build ends by saying so while the production identity is the example: it builds, it must not be deployed. */
function sayNotices(notices: string[]): void {
  for (const notice of notices) process.stderr.write(`\nwarning ${notice}\n`);
}

runCommand(main);
