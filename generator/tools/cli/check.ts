// `npm run check -- --base <folder or git ref>`: what a pull request runs; a Markdown and JSON report against the base.
import { join, resolve } from 'node:path';
import { whenCompiled } from '../compile/freshness.js';
import { DEFAULT_CHROMIUM, DEFAULT_SCREENSHOT_LIMIT } from '../report/check-defaults.js';
import { parseCommandLine, usageMistake, runCommand } from './args.js';
import { terminal } from '../terminal/terminal.js';
import { plural } from '../terminal/plural.js';

const HELP = `Usage: npm run check -- --base <folder|git-ref> [--env production|preview] [--content DIR]
                        [--out DIR] [--report DIR] [--screenshots N] [--json] [--quiet]

Builds and validates the content (as npm run build does, writing --out only when everything passed),
builds the base, and reports per artifact what was added, removed or changed (edits several files
share shown once with their page count, a word-level diff for long lines, a structural diff for JSON),
the size and estimated tokens of the llms files against the base, and every validation and boundary
finding.

  --base         a built folder (its DIR-hosts/ beside it is read too), or a git ref such as origin/main:
                 the ref's content/ and schemas/ are extracted with git archive and built by this generator
  --env          the environment to build (default production)
  --content      the content folder (default content/)
  --out          where the head build is written, as for npm run build (default dist, or dist-preview for
                 --env preview)
  --report       write the report folder there: check-report.md and .json, check-annotations.txt (GitHub
                 workflow commands), llms-size.svg, screenshots/ (before/after pictures of changed pages,
                 Chromium at CHROMIUM_PATH, default ${DEFAULT_CHROMIUM}) and preview/ (the head's site,
                 its links working from the folder)
  --screenshots  pictures of at most N changed pages (default ${DEFAULT_SCREENSHOT_LIMIT}; 0 for none)
  --json         print the JSON report on stdout instead of the Markdown one
  --quiet        no progress lines on stderr

Exit codes: 0 passed, 1 the head has content or validation errors, 2 usage error or unusable base.`;

async function main(): Promise<number> {
  await whenCompiled();
  const term = terminal();
  let values;
  try {
    values = parseCommandLine({
      options: {
        base: { type: 'string' },
        env: { type: 'string', default: 'production' },
        content: { type: 'string' },
        out: { type: 'string' },
        report: { type: 'string' },
        screenshots: { type: 'string', default: String(DEFAULT_SCREENSHOT_LIMIT) },
        json: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
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
  const env = values.env;
  if (env !== 'production' && env !== 'preview') {
    return usageMistake(`--env must be "production" or "preview", not "${env}".`, HELP);
  }
  if (!values.base) {
    return usageMistake('--base is required.', HELP);
  }
  const screenshots = Number(values.screenshots);
  if (!Number.isInteger(screenshots) || screenshots < 0) {
    return usageMistake(
      `--screenshots must be a whole number of pages (0 for none), not "${values.screenshots}".`,
      HELP,
    );
  }
  const progress = terminal(process.stderr, values.quiet).progress;
  const [{ BaseError }, { renderMarkdown }, { writeReportFolder }, { compareWithBase }, { progressLine }] =
    await Promise.all([
      import('../report/base-build.js'),
      import('../report/markdown-report.js'),
      import('../report/report-folder.js'),
      import('../report/run-check.js'),
      import('../terminal/progress.js'),
    ]);
  const buildProgress = values.quiet ? undefined : progressLine(process.stderr, { label: 'check' });
  let run;
  try {
    run = await compareWithBase({
      env,
      base: values.base,
      repoDir: process.cwd(),
      contentDir: values.content ? resolve(values.content) : undefined,
      outDir: resolve(values.out ?? (env === 'production' ? 'dist' : 'dist-preview')),
      progress: (message) => {
        buildProgress?.end();
        progress(message);
      },
      buildProgress: buildProgress?.report,
    });
    buildProgress?.end();
  } catch (error) {
    if (error instanceof BaseError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const { report } = run;
  let markdown: string;
  if (values.report) {
    const dir = resolve(values.report);
    markdown = await writeReportFolder(run, dir, {
      screenshots,
      chromium: process.env.CHROMIUM_PATH || undefined,
      run: ciRun(),
      progress,
    });
    progress(`Report written to ${join(values.report, 'check-report.md')}, with its pictures and preview beside it.`);
  } else markdown = renderMarkdown(report);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  process.stdout.write(values.json ? json : markdown);
  const errors = report.findings.filter((f) => f.severity === 'error').length;
  const failed = report.head.built
    ? `Check failed: ${plural(errors, 'error')}.`
    : `Check failed: the head did not build (${plural(errors, 'error')}; first: ${report.head.failure?.[0] ?? 'see above'}).`;
  process.stderr.write(report.ok ? `${term.green('Check passed.')}\n` : `${term.red(failed)}\n`);
  return report.ok ? 0 : 1;
}

/** The GitHub Actions run this is, when it is one: the report names its artifacts. */
function ciRun(): { id: string; url: string } | undefined {
  const { GITHUB_RUN_ID: id, GITHUB_REPOSITORY: repository, GITHUB_SERVER_URL: server } = process.env;
  if (!id || !repository) return undefined;
  return { id, url: `${server ?? 'https://github.com'}/${repository}/actions/runs/${id}` };
}

runCommand(main);
