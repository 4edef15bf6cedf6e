// Writes a check's report folder: the Markdown and JSON reports, the annotations, the llms chart, the pictures of the
// changed pages and the browsable copy of the head's site, each linked from the Markdown.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { workflowCommands } from './annotations.js';
import { writeBrowsableCopy } from './browsable-copy.js';
import { llmsChart } from './llms-chart.js';
import { renderMarkdown, type ReportExtras } from './markdown-report.js';
import { DEFAULT_CHROMIUM } from './chromium.js';
import { pagesToShoot, takeScreenshots } from './page-screenshots.js';
import type { CheckRun } from './run-check.js';

/** The files of the report folder, by role (the workflow names them too; a test holds the two together). */
export const REPORT_FILES = {
  markdown: 'check-report.md',
  json: 'check-report.json',
  annotations: 'check-annotations.txt',
  chart: 'llms-size.svg',
  screenshots: 'screenshots',
  preview: 'preview',
} as const;

/** The name of the CI artifact holding the browsable copy. */
export const PREVIEW_ARTIFACT = 'preview';

export interface ReportFolderOptions {
  /** Pictures of at most this many pages; 0 for none. */
  screenshots: number;
  chromium?: string;
  /** Set in CI: the run whose artifacts hold the folder. */
  run?: { id: string; url: string };
  progress?: (message: string) => void;
}

/** Writes the folder and returns the Markdown report (as written to `check-report.md`). */
export async function writeReportFolder(run: CheckRun, dir: string, options: ReportFolderOptions): Promise<string> {
  const progress = options.progress ?? (() => {});
  const { report } = run;
  await mkdir(dir, { recursive: true });
  // Pictures and pages of an earlier run must not pass for this one's.
  for (const folder of [REPORT_FILES.screenshots, REPORT_FILES.preview]) {
    await rm(join(dir, folder), { recursive: true, force: true });
  }
  const extras: ReportExtras = {};
  if (options.run) extras.artifactsUrl = options.run.url;
  if (report.llms.length > 0) {
    await writeFile(join(dir, REPORT_FILES.chart), llmsChart(report.llms));
    extras.chart = REPORT_FILES.chart;
  }
  if (run.site && report.head.built) {
    progress('Writing the browsable copy of the head…');
    await writeBrowsableCopy(run.head, run.site, join(dir, REPORT_FILES.preview));
    extras.preview = { folder: REPORT_FILES.preview, artifact: PREVIEW_ARTIFACT, runId: options.run?.id };
  }
  const { pages, omitted } = pagesToShoot(report, options.screenshots);
  if (pages.length > 0 && run.site) {
    progress(`Taking before/after pictures of ${pages.length} pages…`);
    try {
      const shots = await takeScreenshots(pages, {
        base: run.base,
        head: run.head,
        site: run.site,
        dir,
        chromium: options.chromium,
      });
      extras.screenshots = { shots, omitted, limit: options.screenshots };
    } catch (error) {
      extras.screenshots = { shots: [], omitted, limit: options.screenshots, skipped: whyNoPictures(error, options) };
    }
  } else if (options.screenshots === 0 && omitted > 0) {
    extras.screenshots = { shots: [], omitted, limit: 0, skipped: 'turned off (--screenshots 0)' };
  }
  const markdown = renderMarkdown(report, extras);
  await writeFile(join(dir, REPORT_FILES.markdown), markdown);
  await writeFile(join(dir, REPORT_FILES.json), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(dir, REPORT_FILES.annotations), workflowCommands(report.findings));
  return markdown;
}

function whyNoPictures(error: unknown, options: ReportFolderOptions): string {
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  const path = options.chromium ?? DEFAULT_CHROMIUM;
  return /Failed to launch|ENOENT|doesn't exist|executable/i.test(message)
    ? `no Chromium at \`${path}\` (set CHROMIUM_PATH)`
    : `Chromium failed: ${message}`;
}
