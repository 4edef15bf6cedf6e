// The dev suite: how long an editor waits, in `npm run dev`, between saving a page and the updated page being served,
// on the shipped content and on a content set with 1,000 more pages (the edited page is a section page listing them).
import { DEFAULT_CONTENT_DIR, PROJECT_ROOT } from '../../generator/build/files/project-paths.js';
import { mkdtemp, rm } from 'node:fs/promises';
import fg from 'fast-glob';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChild } from '../harness/child.js';
import { median } from '../harness/stats.js';
import { writeContentSet } from '../synthetic/content-set.js';
import { DEV_EDIT_MS } from '../limits.js';
import type { Row, SuiteOptions } from './pages.js';

/** Pages added to the shipped content for the second measurement. */
export const DEV_SET_PAGES = 1_000;

export async function devSuite(options: SuiteOptions): Promise<Row[]> {
  const rows: Row[] = [];
  // N is the number of pages in the content served.
  const shipped = (await fg('**/*.md', { cwd: join(PROJECT_ROOT, 'content', 'pages') })).length;
  rows.push(await measure(options, shipped, 0, 'shipped content', []));
  const root = await mkdtemp(join(tmpdir(), 'bench-dev-set-'));
  try {
    options.log(`dev: writing a content set with ${DEV_SET_PAGES} pages`);
    const set = await writeContentSet(root, DEFAULT_CONTENT_DIR, DEV_SET_PAGES, { contentOnly: true });
    rows.push(
      await measure(
        options,
        shipped + DEV_SET_PAGES,
        DEV_SET_PAGES,
        `shipped content + ${DEV_SET_PAGES.toLocaleString('en')} synthetic pages`,
        ['--content', set.contentDir],
      ),
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return rows;
}

async function measure(options: SuiteOptions, size: number, added: number, what: string, args: string[]): Promise<Row> {
  const target = DEV_EDIT_MS[added];
  options.log(`dev: editing one page under npm run dev (${what})`);
  const notes: string[] = [];
  let summary: Row['summary'];
  try {
    const report = await runChild('dev-edit.ts', ['--runs', String(options.runs), ...args], {
      timeoutMs: options.timeoutMs * 2,
    });
    if (report.timedOut) notes.push(`timed out (${report.note})`);
    else {
      const runs = report.runsMs as number[];
      summary = {
        runs: runs.length,
        medianMs: Math.round(report.ms),
        minMs: Math.min(...runs),
        maxMs: Math.max(...runs),
        peakRssMb: Math.round(report.peakRssMb),
      };
      const fast = (report.phases as string[]).filter((p) => p === 'pages').length;
      const completions = report.completionsMs as number[];
      notes.push(
        `${target === undefined ? 'no target' : `${summary.medianMs <= target ? 'within' : 'over'} the ${target} ms target`}; ${what}, the section page /help edited; ${fast} of ${runs.length} edits served by the fast path; each edit made once the one before was completed in the background (${completions.length ? `median ${Math.round(median(completions))} ms` : 'none completed'})`,
      );
    }
  } catch (error) {
    notes.push(`failed: ${(error instanceof Error ? error.message : String(error)).slice(0, 300)}`);
  }
  return {
    suite: 'dev',
    kind: 'dev-edit',
    added,
    measurement: 'save one page → updated page served (npm run dev)',
    size,
    summary,
    notes,
  };
}
