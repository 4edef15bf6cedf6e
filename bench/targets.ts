// The verdict of one run on each target (their limits in limits.ts): `npm run bench` ends with a table of every target
// the run measured, met or not, from that run alone.
import { ms } from './harness/table.js';
import {
  CATALOG_ENTRIES,
  CATALOG_MEMORY_MB,
  COLD_BUILD_RATIO,
  DEV_EDIT_MS,
  EDIT_MS,
  NO_CHANGE_FLOOR_RATIO,
  PAGES_COLD_RATIO,
  QUICK_COMMAND_MS,
  TOOLS_CALL_RATIO,
} from './limits.js';
import type { LoadRow } from './suites/load.js';
import type { Row } from './suites/pages.js';
import type { ProcessRow } from './suites/process.js';

/** Everything one run measured. */
export interface BenchResults {
  process: ProcessRow[];
  rows: Row[];
  load: LoadRow[];
}

export interface Verdict {
  /** The target, in the words of the table. */
  target: string;
  limit: string;
  /** What this run measured, or undefined when it did not measure it (`--only`, `--quick`). */
  measured?: string;
  met?: boolean;
}

interface Target {
  target: string;
  limit: string;
  judge(results: BenchResults): { measured: string; met: boolean } | undefined;
}

const TARGETS: readonly Target[] = [
  {
    target: 'shipped content, cold `npm run build`, whole process',
    limit: `≤ ${COLD_BUILD_RATIO}× Eleventy`,
    judge: ({ process }) => {
      const row = process.find((r) => r.kind === 'cold-build');
      if (!row?.ours || !row.eleventy) return undefined;
      const ratio = row.ours.medianMs / row.eleventy.medianMs;
      return {
        measured: `${rounded(ratio)}× (${ms(row.ours.medianMs)} against ${ms(row.eleventy.medianMs)})`,
        met: ratio <= COLD_BUILD_RATIO,
      };
    },
  },
  {
    target: 'shipped content, build with nothing changed, whole process',
    limit: `≤ ${QUICK_COMMAND_MS} ms`,
    judge: ({ process }) => {
      const ours = process.find((r) => r.kind === 'no-change-build')?.ours;
      return ours && { measured: ms(ours.medianMs), met: ours.medianMs <= QUICK_COMMAND_MS };
    },
  },
  {
    target: "every command's `--help`, whole process",
    limit: `≤ ${QUICK_COMMAND_MS} ms`,
    judge: ({ process }) => {
      const medians = process.flatMap((r) => (r.kind === 'help' && r.ours ? [r.ours.medianMs] : []));
      if (medians.length === 0) return undefined;
      const slowest = Math.max(...medians);
      return {
        measured: `${ms(Math.min(...medians))}–${ms(slowest)} (${medians.length} commands)`,
        met: slowest <= QUICK_COMMAND_MS,
      };
    },
  },
  {
    target: '10,000 pages, cold build + validate',
    limit: `≤ ${PAGES_COLD_RATIO}× Eleventy`,
    judge: ({ rows }) => {
      const ratio = pagesRatio(rows, 'cold-build', 'eleventy', 10_000);
      return ratio === undefined ? undefined : { measured: `${rounded(ratio)}×`, met: ratio <= PAGES_COLD_RATIO };
    },
  },
  ...Object.entries(EDIT_MS).map(
    ([size, limit]): Target => ({
      target: `one page edited of ${Number(size).toLocaleString('en')}, rebuild`,
      limit: `≤ ${ms(limit)}`,
      judge: ({ rows }) => {
        const summary = pagesRow(rows, 'edit-rebuild', Number(size))?.summary;
        return summary && { measured: ms(summary.medianMs), met: summary.medianMs <= limit };
      },
    }),
  ),
  ...[1_000, 10_000].map(
    (size): Target => ({
      target: `${size.toLocaleString('en')} pages, rebuild with nothing changed`,
      limit: `≤ ${NO_CHANGE_FLOOR_RATIO}× the I/O floor`,
      judge: ({ rows }) => {
        const ratio = pagesRatio(rows, 'no-change-rebuild', 'io-floor', size);
        return ratio === undefined
          ? undefined
          : { measured: `${rounded(ratio)}×`, met: ratio <= NO_CHANGE_FLOOR_RATIO };
      },
    }),
  ),
  ...Object.entries(DEV_EDIT_MS).map(
    ([added, limit]): Target => ({
      target: `\`npm run dev\`: save → served, shipped content${Number(added) ? ` + ${Number(added).toLocaleString('en')} pages` : ''}`,
      limit: `≤ ${ms(limit)}`,
      judge: ({ rows }) => {
        const summary = rows.find((r) => r.kind === 'dev-edit' && r.added === Number(added))?.summary;
        return summary && { measured: ms(summary.medianMs), met: summary.medianMs <= limit };
      },
    }),
  ),
  {
    target: `${CATALOG_ENTRIES.toLocaleString('en')}-entry catalog, peak memory`,
    limit: `< ${CATALOG_MEMORY_MB} MB`,
    judge: ({ rows }) => {
      const summary = rows.find((r) => r.kind === 'catalog' && r.size === CATALOG_ENTRIES)?.summary;
      return summary && { measured: `${summary.peakRssMb} MB`, met: summary.peakRssMb < CATALOG_MEMORY_MB };
    },
  },
  {
    target: 'MCP `tools/call` on the preview host against a fresh SDK server per request',
    limit: `≥ ${TOOLS_CALL_RATIO}×, no errors`,
    judge: ({ load }) => {
      const session = load.find((r) => r.kind === 'mcpToolsCall');
      const fresh = load.find((r) => r.kind === 'freshServerPerRequest');
      if (!session || !fresh || fresh.requestsPerSecond === 0) return undefined;
      const ratio = session.requestsPerSecond / fresh.requestsPerSecond;
      const errors = session.errors + fresh.errors;
      return {
        measured: `${rounded(ratio)}× (${session.requestsPerSecond} against ${fresh.requestsPerSecond} requests/s), ${errors} errors`,
        met: ratio >= TOOLS_CALL_RATIO && errors === 0,
      };
    },
  },
];

/** Each target with this run's verdict; a target the run did not measure has none. */
export function judgeTargets(results: BenchResults): Verdict[] {
  return TARGETS.map(({ target, limit, judge }) => ({ target, limit, ...judge(results) }));
}

/** The targets this run measured, as a Markdown table (none: an empty string). */
export function targetsTable(verdicts: Verdict[]): string {
  const measured = verdicts.filter((v) => v.measured !== undefined);
  if (measured.length === 0) return '';
  return [
    '| Target | Limit | This run | Met |',
    '|---|---|---|---|',
    ...measured.map((v) => `| ${v.target} | ${v.limit} | ${v.measured} | ${v.met ? 'yes' : '**no**'} |`),
  ].join('\n');
}

function pagesRow(rows: Row[], kind: Row['kind'], size: number): Row | undefined {
  return rows.find((r) => r.suite === 'pages' && r.kind === kind && r.size === size);
}

/** One pages row's median over another's at the same size, unrounded: a target is judged on the times themselves. */
function pagesRatio(rows: Row[], kind: Row['kind'], over: Row['kind'], size: number): number | undefined {
  const ours = pagesRow(rows, kind, size)?.summary;
  const reference = pagesRow(rows, over, size)?.summary;
  return ours && reference?.medianMs ? ours.medianMs / reference.medianMs : undefined;
}

const rounded = (ratio: number) => Math.round(ratio * 100) / 100;
