// The dev suite: how long an editor waits, in `npm run dev`, between saving a page and the updated page being served.
import { runChild } from '../harness/child.js';
import type { Row, SuiteOptions } from './pages.js';

/** The target for one edited page in the dev server. */
export const DEV_EDIT_TARGET_MS = 150;

export async function devSuite(options: SuiteOptions): Promise<Row[]> {
  options.log('dev: editing one page under npm run dev');
  const notes: string[] = [];
  let summary: Row['summary'];
  try {
    const report = await runChild('dev-edit.ts', ['--runs', String(options.runs)], { timeoutMs: options.timeoutMs * 2 });
    if (report.timedOut) notes.push(`timed out (${report.note})`);
    else {
      const runs = report.runsMs as number[];
      summary = { runs: runs.length, medianMs: Math.round(report.ms), minMs: Math.min(...runs), maxMs: Math.max(...runs), peakRssMb: Math.round(report.peakRssMb) };
      notes.push(`${summary.medianMs <= DEV_EDIT_TARGET_MS ? 'within' : 'over'} the ${DEV_EDIT_TARGET_MS} ms target; shipped content, one page edited`);
    }
  } catch (error) {
    notes.push(`failed: ${(error instanceof Error ? error.message : String(error)).slice(0, 300)}`);
  }
  return [{ suite: 'dev', measurement: 'save one page → updated page served (npm run dev)', size: 1, summary, notes }];
}
