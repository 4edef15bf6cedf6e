// `npm run check -- --base <folder or git ref>`: what a pull request runs; a Markdown and JSON report against the base.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BaseError } from '../report/base-build.js';
import { renderMarkdown } from '../report/markdown-report.js';
import { runCheck } from '../report/run-check.js';
import { terminal } from '../terminal/terminal.js';

const HELP = `Usage: npm run check -- --base <folder|git-ref> [--env production|preview] [--content DIR]
                        [--dist DIR] [--out-dir DIR] [--json] [--quiet]

Builds and validates the content (as npm run build does, writing DIST only when everything passed),
builds the base, and reports per artifact what was added, removed or changed (a structural diff for
JSON, a line diff for text), the size and estimated tokens of each llms file and of llms-full.txt
against the base, and every validation and boundary finding.

  --base      a built folder (its DIR-hosts/ beside it is read too), or a git ref such as origin/main:
              the ref's content/ and schemas/ are extracted with git archive and built by this generator
  --env       the environment to build (default production)
  --content   the content folder (default content/)
  --dist      where the head build is written (default dist, or dist-preview for --env preview)
  --out-dir   also write the report there as check-report.md and check-report.json
  --json      print the JSON report on stdout instead of the Markdown one
  --quiet     no progress lines on stderr

Exit codes: 0 passed, 1 the head has content or validation errors, 2 usage error or unusable base.`;

async function main(): Promise<number> {
  const term = terminal();
  let values;
  try {
    values = parseArgs({
      args: process.argv.slice(2),
      options: {
        base: { type: 'string' },
        env: { type: 'string', default: 'production' },
        content: { type: 'string' },
        dist: { type: 'string' },
        'out-dir': { type: 'string' },
        json: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const env = values.env;
  if (env !== 'production' && env !== 'preview') {
    process.stderr.write(`--env must be "production" or "preview", not "${env}".\n`);
    return 2;
  }
  if (!values.base) {
    process.stderr.write(`--base is required.\n\n${HELP}\n`);
    return 2;
  }
  const progress = terminal(process.stderr, values.quiet).progress;
  let report;
  try {
    report = await runCheck({
      env,
      base: values.base,
      repoDir: process.cwd(),
      contentDir: values.content ? resolve(values.content) : undefined,
      outDir: resolve(values.dist ?? (env === 'production' ? 'dist' : 'dist-preview')),
      progress,
    });
  } catch (error) {
    if (error instanceof BaseError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const markdown = renderMarkdown(report);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (values['out-dir']) {
    const dir = resolve(values['out-dir']);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'check-report.md'), markdown);
    await writeFile(join(dir, 'check-report.json'), json);
    progress(`Report written to ${join(values['out-dir'], 'check-report.md')} and check-report.json.`);
  }
  process.stdout.write(values.json ? json : markdown);
  const errors = report.findings.filter((f) => f.severity === 'error').length;
  process.stderr.write(
    report.ok ? `${term.green('Check passed.')}\n` : `${term.red(`Check failed: ${errors} errors.`)}\n`,
  );
  return report.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `Unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
