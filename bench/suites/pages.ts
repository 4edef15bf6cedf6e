// The pages suite: cold build + validate, no-change rebuild and one-page edit, against Eleventy and the I/O floor.
import { DEFAULT_CONTENT_DIR } from '../../generator/build/files/project-paths.js';
import { appendFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runChild } from '../harness/child.js';
import { summarize, type Summary } from '../harness/stats.js';
import type { ChildReport } from '../child/report.js';
import { editedPagePath, writeContentSet } from '../synthetic/content-set.js';

/** What a row measured, for the targets to find it by (its words are for readers and may change). */
export type RowKind =
  | 'cold-build'
  | 'no-change-rebuild'
  | 'edit-rebuild'
  | 'eleventy'
  | 'parse-floor'
  | 'io-floor'
  | 'catalog'
  | 'catalog-capped'
  | 'deployment'
  | 'deployment-capped'
  | 'dev-edit';

export interface Row {
  suite: string;
  kind: RowKind;
  measurement: string;
  size: number;
  /** Pages added to the shipped content (the dev suite's rows). */
  added?: number;
  summary?: Summary;
  /** Median time over the reference's median time, when there is a reference. */
  ratio?: { to: string; value: number };
  notes?: string[];
}

export interface SuiteOptions {
  runs: number;
  /** Per-measurement time limit; a run past it is stopped and the rest of that measurement skipped. */
  timeoutMs: number;
  log(line: string): void;
}

/** Repeats a measurement; stops at the first failure or time-out (repeating it would only cost time). */
export async function repeat(
  label: string,
  options: SuiteOptions,
  run: (i: number) => Promise<ChildReport>,
): Promise<{ reports: ChildReport[]; failure?: string }> {
  const reports: ChildReport[] = [];
  let refused: string | undefined;
  for (let i = 0; i < options.runs; i++) {
    options.log(`${label} ${i + 1}/${options.runs}`);
    let report: ChildReport;
    try {
      report = await run(i);
    } catch (error) {
      return { reports, failure: `crashed: ${(error instanceof Error ? error.message : String(error)).slice(0, 300)}` };
    }
    if (report.timedOut)
      return { reports, failure: `timed out (${report.note}; peak RSS so far ${report.peakRssMb} MB)` };
    if (!report.ok && !report.completed) {
      const errors = (report.firstErrors as string[] | undefined)?.join(' | ') ?? '';
      return { reports, failure: `failed: ${errors.slice(0, 300)}` };
    }
    // A build that ran every stage but found errors still measures the work; the note says what it refused.
    if (!report.ok)
      refused = `the build ran every stage, then refused to write because of: ${(report.errorRules as string[]).join(', ')}`;
    reports.push(report);
  }
  return { reports, failure: refused };
}

/**
 * From this many pages, each full build (ours, Eleventy's, the floors) runs at most twice, so that the whole bench stays
 * within ten minutes. The rebuilds take a second or two each and run as often as asked: their medians, the targets
 * closest to their limits, are then not the mean of two runs.
 */
const LARGE_SET_PAGES = 10_000;
const LARGE_SET_MAX_RUNS = 2;

export async function pagesSuite(workRoot: string, pages: number, suiteOptions: SuiteOptions): Promise<Row[]> {
  const options =
    pages >= LARGE_SET_PAGES
      ? { ...suiteOptions, runs: Math.min(suiteOptions.runs, LARGE_SET_MAX_RUNS) }
      : suiteOptions;
  const rebuildOptions = { ...options, runs: suiteOptions.runs };
  const root = join(workRoot, `pages-${pages}`);
  options.log(`pages ${pages}: writing the content set`);
  const set = await writeContentSet(root, DEFAULT_CONTENT_DIR, pages);
  const out = join(root, 'dist');
  const cache = join(root, 'cache');
  const buildArgs = ['--content', set.contentDir, '--out', out, '--cache', cache];
  const notes = new Set<string>();
  const build = async () => {
    const report = await runChild('build.ts', buildArgs, { timeoutMs: options.timeoutMs });
    const stats = report.renderStats as
      | { pages: number; fromCache: number; inWorkers: number; workers: number; referenceParsed?: number }
      | undefined;
    if (stats?.workers) notes.add(`pages rendered on this thread and ${stats.workers} worker thread(s)`);
    if (stats?.referenceParsed !== undefined && stats.pages > stats.fromCache) {
      notes.add(`${stats.referenceParsed} of ${stats.pages - stats.fromCache} rendered pages read by remark-parse`);
    }
    return report;
  };

  const cold = await repeat(`pages ${pages}: cold build`, options, async () => {
    await rm(out, { recursive: true, force: true });
    await rm(cache, { recursive: true, force: true });
    return build();
  });
  const built = cold.reports.length > 0;
  const unchanged = built ? await repeat(`pages ${pages}: no-change rebuild`, rebuildOptions, build) : undefined;
  const edited = built
    ? await repeat(`pages ${pages}: rebuild after one edit`, rebuildOptions, async (i) => {
        await appendFile(editedPagePath(set), `\nEdited paragraph number ${i + 1}.\n`);
        return build();
      })
    : undefined;
  const eleventy = await repeat(`pages ${pages}: Eleventy`, options, () =>
    runChild('eleventy.ts', ['--pages', set.pagesDir, '--work', join(root, 'eleventy')], {
      timeoutMs: options.timeoutMs,
    }),
  );
  const parseFloor = await repeat(`pages ${pages}: parse floor`, options, () =>
    runChild('parse-floor.ts', ['--pages', set.pagesDir], { timeoutMs: options.timeoutMs }),
  );
  // As many output files as our build writes, the streamed ones (page contexts) included; four per page when it did
  // not finish (HTML, twin and their two contexts).
  const written = cold.reports[0]?.written as { files: number } | undefined;
  const files = written?.files ?? cold.reports[0]?.files ?? pages * 4;
  const floor = await repeat(`pages ${pages}: I/O floor`, options, () =>
    runChild('io-floor.ts', ['--pages', set.pagesDir, '--out', join(root, 'floor'), '--files', String(files)]),
  );
  await rm(root, { recursive: true, force: true });

  const row = (
    kind: RowKind,
    measurement: string,
    result: { reports: ChildReport[]; failure?: string } | undefined,
    extraNotes: string[] = [],
  ): Row => ({
    suite: 'pages',
    kind,
    size: pages,
    measurement,
    summary: result?.reports.length ? summarize(result.reports) : undefined,
    notes: [
      ...(result?.failure ? [result.failure] : result ? [] : ['skipped: no cold build to rebuild']),
      ...extraNotes,
    ],
  });
  const ratio = (a: Row, b: Row, to: string): Row => {
    if (a.summary && b.summary)
      a.ratio = { to, value: Math.round((a.summary.medianMs / b.summary.medianMs) * 100) / 100 };
    return a;
  };
  const eleventyRow = row('eleventy', 'Eleventy 3.1.7 build', eleventy);
  const floorRow = row('io-floor', `I/O floor (read ${pages}, write ${files})`, floor);
  const parseRow = ratio(
    row('parse-floor', "Markdown parse only (the build's parsers, 2 threads)", parseFloor, [
      'the floor of any build that parses pages as the build does: no rendering, checks or writes',
    ]),
    eleventyRow,
    'Eleventy',
  );
  const upToDate = unchanged?.reports.every((r) => r.upToDate === true);
  return [
    ratio(row('cold-build', 'cold build + validate', cold, [...notes]), eleventyRow, 'Eleventy'),
    ratio(
      row(
        'no-change-rebuild',
        'no-change rebuild',
        unchanged,
        upToDate ? ['skipped by the build cache: inputs and output unchanged'] : [],
      ),
      floorRow,
      'I/O floor',
    ),
    ratio(
      row('edit-rebuild', 'rebuild after editing one page', edited, stagesNote(edited?.reports)),
      floorRow,
      'I/O floor',
    ),
    eleventyRow,
    parseRow,
    floorRow,
  ];
}

/** Where a build's time went, stage by stage, in its median run (as the build reports it). */
function stagesNote(reports: ChildReport[] | undefined): string[] {
  if (!reports?.length) return [];
  const median = [...reports].sort((a, b) => a.ms - b.ms)[Math.floor((reports.length - 1) / 2)]!;
  const stages = median.stages as Record<string, number> | undefined;
  if (!stages) return [];
  const loaded = median.loaded as { pages: number; read: number } | undefined;
  const read = loaded ? `; ${loaded.read} of ${loaded.pages} page files read` : '';
  const emitted = median.emitted as { kept: number; made: number } | undefined;
  const kept = emitted ? `; ${emitted.kept} files made from the scope alone kept, ${emitted.made} made` : '';
  return [
    `stages of the median run: ${Object.entries(stages)
      .map(([stage, ms]) => `${stage} ${ms} ms`)
      .join(', ')}${read}${kept}`,
  ];
}
