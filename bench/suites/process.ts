// The process suite: what a user waits for, the whole command from start to exit, on the shipped content. `node` on
// the compiled entry point (npm's own start left out, as it is the same for any npm script) against `eleventy` on its
// own building the same pages: the cold build, the build with nothing changed, and `--help` of every command. Each
// measurement runs five times, ours and Eleventy's alternating, so that both meet the same moments of a busy machine.
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { COMPILED_DIR, DEFAULT_CONTENT_DIR, PROJECT_ROOT } from '../../generator/build/files/project-paths.js';
import { nodeFlagsOf, npmCommands } from '../../generator/tools/compile/npm-commands.js';
import { median } from '../harness/stats.js';
import { ms } from '../harness/table.js';
import { type ProcessRun, runProcess } from '../harness/process.js';
import { writeEleventyInput } from '../synthetic/eleventy-input.js';
import { COLD_BUILD_RATIO, QUICK_COMMAND_MS } from '../limits.js';
import type { SuiteOptions } from './pages.js';

/** Runs of each measurement (each side). */
export const PROCESS_RUNS = 5;

export interface ProcessSummary {
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** Median CPU seconds (user + system). */
  cpuS: number;
  /** Median peak resident memory, MiB (absent without GNU time). */
  peakRssMb?: number;
}

export interface ProcessRow {
  /** What the row measured, for the targets to find it by. */
  kind: 'cold-build' | 'node-floor' | 'module-floor' | 'write-floor' | 'no-change-build' | 'help';
  measurement: string;
  ours?: ProcessSummary;
  eleventy?: ProcessSummary;
  /** Our median over Eleventy's (a floor's: over Eleventy's cold build). */
  ratio?: number;
  /** What the row is held to. */
  target: string;
  notes: string[];
}

export function summarizeRuns(runs: ProcessRun[]): ProcessSummary {
  const ms = runs.map((r) => r.ms);
  const memory = runs.flatMap((r) => (r.peakRssMb === undefined ? [] : [r.peakRssMb]));
  return {
    runs: runs.length,
    medianMs: Math.round(median(ms)),
    minMs: Math.round(Math.min(...ms)),
    maxMs: Math.round(Math.max(...ms)),
    cpuS: Math.round(median(runs.map((r) => r.cpuS)) * 100) / 100,
    peakRssMb: memory.length ? Math.round(median(memory)) : undefined,
  };
}

export async function processSuite(workRoot: string, options: SuiteOptions): Promise<ProcessRow[]> {
  const root = join(workRoot, 'process');
  const out = join(root, 'dist');
  const cache = join(root, 'cache');
  // The `eleventy` command as npm installs it (node_modules/.bin/eleventy links to it).
  const eleventyBin = join(PROJECT_ROOT, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  const eleventy = await writeEleventyInput(join(DEFAULT_CONTENT_DIR, 'pages'), join(root, 'eleventy'));
  // As `npm run build` starts it: with the Node flags its script gives.
  const ourBuild = [
    ...nodeFlagsOf('build'),
    join(COMPILED_DIR, 'generator/tools/cli/build.js'),
    '--out',
    out,
    '--cache',
    cache,
  ];
  const eleventyBuild = [
    eleventyBin,
    `--input=${eleventy.input}`,
    `--output=${eleventy.output}`,
    `--config=${eleventy.config}`,
    '--quiet',
  ];
  const pages = countPages();

  /** Five runs of each side, alternating; `before` prepares each run of a side. */
  const alternate = async (
    label: string,
    ours: string[],
    theirs: string[],
    before: { ours?: () => Promise<void>; theirs?: () => Promise<void> } = {},
  ): Promise<{ ours: ProcessRun[]; theirs: ProcessRun[]; failure?: string }> => {
    const runs = { ours: [] as ProcessRun[], theirs: [] as ProcessRun[] };
    try {
      for (let i = 0; i < PROCESS_RUNS; i++) {
        options.log(`process: ${label} ${i + 1}/${PROCESS_RUNS}`);
        await before.ours?.();
        runs.ours.push(await runProcess(ours, PROJECT_ROOT));
        await before.theirs?.();
        runs.theirs.push(await runProcess(theirs, PROJECT_ROOT));
      }
      return runs;
    } catch (error) {
      return { ...runs, failure: (error instanceof Error ? error.message : String(error)).slice(0, 300) };
    }
  };
  const row = (
    kind: ProcessRow['kind'],
    measurement: string,
    result: { ours: ProcessRun[]; theirs: ProcessRun[]; failure?: string },
    target: string,
    notes: string[] = [],
  ): ProcessRow => {
    const ours = result.ours.length ? summarizeRuns(result.ours) : undefined;
    const theirs = result.theirs.length ? summarizeRuns(result.theirs) : undefined;
    return {
      kind,
      measurement,
      ours,
      eleventy: theirs,
      ratio: ours && theirs ? Math.round((ours.medianMs / theirs.medianMs) * 100) / 100 : undefined,
      target,
      notes: result.failure ? [result.failure, ...notes] : notes,
    };
  };

  const rows: ProcessRow[] = [];
  try {
    const cold = await alternate('cold build', ourBuild, eleventyBuild, {
      ours: async () => {
        await rm(out, { recursive: true, force: true });
        await rm(`${out}-hosts`, { recursive: true, force: true });
        await rm(cache, { recursive: true, force: true });
      },
      theirs: () => rm(eleventy.output, { recursive: true, force: true }),
    });
    rows.push(
      row('cold-build', `build, shipped content (${pages} pages), cold cache`, cold, `≤ ${COLD_BUILD_RATIO}× Eleventy`),
    );
    rows.push(...(await floors(root, out, options, cold.theirs)));
    // The last cold build left its output and record: every run now finds nothing changed.
    const unchanged = await alternate('no-change build', ourBuild, eleventyBuild);
    rows.push(
      row('no-change-build', `build, shipped content, nothing changed`, unchanged, `≤ ${QUICK_COMMAND_MS} ms`, [
        'Eleventy has no skip for an unchanged input: its column is a second full build',
      ]),
    );
    for (const { name, flags, entry } of npmCommands()) {
      const help = await alternate(
        `${name} --help`,
        [...flags, join(PROJECT_ROOT, entry), '--help'],
        [eleventyBin, '--help'],
      );
      rows.push(row('help', `${name} --help`, help, `≤ ${QUICK_COMMAND_MS} ms`));
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return rows;
}

/**
 * The floors under the cold build, each a whole process like the build (five runs): Node's own start, loading the
 * modules a cold build loads and running nothing, and writing the files it wrote. Each is put over Eleventy's cold
 * build: the target's ratio cannot be below the largest of them.
 */
async function floors(
  root: string,
  out: string,
  options: SuiteOptions,
  eleventyCold: ProcessRun[],
): Promise<ProcessRow[]> {
  const files = countFiles(out) + countFiles(`${out}-hosts`);
  const floor = join(root, 'floor');
  const cases: [ProcessRow['kind'], string, string[], string][] = [
    ['node-floor', 'floor: Node starts and exits (`node -e ""`)', ['-e', ''], 'no process is faster'],
    [
      'module-floor',
      'floor: the modules a cold build loads, loaded, nothing run',
      [join(COMPILED_DIR, 'bench/child/module-floor.js')],
      'the stages, the pipeline (from its script and the code cache, as a build loads it), the progress line, the summary and every compiled schema validator',
    ],
    [
      'write-floor',
      `floor: the ${files} files a cold build writes, read and written again`,
      [join(COMPILED_DIR, 'bench/child/write-floor.js'), '--from', out, '--from', `${out}-hosts`, '--out', floor],
      'with their folders, from the last cold build',
    ],
  ];
  const eleventy = eleventyCold.length ? summarizeRuns(eleventyCold) : undefined;
  const rows: ProcessRow[] = [];
  for (const [kind, measurement, args, note] of cases) {
    const runs: ProcessRun[] = [];
    let failure: string | undefined;
    try {
      for (let i = 0; i < PROCESS_RUNS; i++) {
        options.log(`process: ${measurement} ${i + 1}/${PROCESS_RUNS}`);
        runs.push(await runProcess(args, PROJECT_ROOT));
      }
    } catch (error) {
      failure = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    }
    const ours = runs.length ? summarizeRuns(runs) : undefined;
    rows.push({
      kind,
      measurement,
      ours,
      ratio: ours && eleventy ? Math.round((ours.medianMs / eleventy.medianMs) * 100) / 100 : undefined,
      target: "floor (ratio: over Eleventy's cold build)",
      notes: failure ? [failure, note] : [note],
    });
  }
  await rm(floor, { recursive: true, force: true });
  return rows;
}

function countFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

function countPages(): number {
  return readdirSync(join(DEFAULT_CONTENT_DIR, 'pages'), { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.md'),
  ).length;
}

/** The whole-process table: ours and Eleventy's side by side. */
export function processTable(rows: ProcessRow[]): string {
  const side = (s: ProcessSummary | undefined) =>
    s
      ? `${ms(s.medianMs)} | ${ms(s.minMs)}–${ms(s.maxMs)} | ${s.cpuS.toFixed(2)} s | ${s.peakRssMb === undefined ? '—' : `${s.peakRssMb} MB`}`
      : '— | — | — | —';
  const lines = [
    `| Whole process (${PROCESS_RUNS} runs each, alternating) | Ours: median | spread | CPU | peak RSS | Eleventy: median | spread | CPU | peak RSS | Ratio | Target |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const notes: string[] = [];
  for (const row of rows) {
    let marks = '';
    for (const note of row.notes) {
      notes.push(note);
      marks += `<sup>${notes.length}</sup>`;
    }
    lines.push(
      `| ${row.measurement}${marks} | ${side(row.ours)} | ${side(row.eleventy)} | ${row.ratio === undefined ? '' : `${row.ratio}×`} | ${row.target} |`,
    );
  }
  return [...lines, '', ...notes.map((n, i) => `${i + 1}. ${n}`)].join('\n');
}
