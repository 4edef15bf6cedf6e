// `npm run bench`'s command line: its usage, and its options read and checked before anything is measured.
import { parseCommandLine, UsageError } from '../generator/tools/cli/args.js';

/** The suites, in the order a full run measures them. */
export const SUITES = ['process', 'pages', 'catalog', 'dev', 'load'] as const;
export type Suite = (typeof SUITES)[number];

export const BENCH_HELP = `Usage: npm run bench -- [--quick] [--runs N] [--only ${SUITES.join('|')}] [--pages N,N] [--catalog M] [--timeout S]

Builds synthetic content sets in a temporary folder and measures each case in its own child process, several
times; prints median and spread, then each target the run measured (bench/limits.ts), met or not; writes
bench/out/results.json and bench/out/results.md.
  --quick      small sizes (N = 200 pages, M = 5,000 catalog entries, 3 s load runs instead of 5 s), for trying the harness
  --runs N     repetitions of each measurement (default 3; at most 2 for the full builds of 10,000 pages and for the catalog)
  --only S     one suite only (process: whole commands on the shipped content against Eleventy's, 5 runs each)
  --pages N,N  page counts of the pages suite (default 1000,10000)
  --catalog M  public pages of the catalog suite (default 100000)
  --timeout S  time limit of one measured run, in seconds (default 90); a run past it is stopped and reported`;

export interface BenchOptions {
  help: boolean;
  quick: boolean;
  runs: number;
  /** The suites to run, in their order. */
  suites: Suite[];
  pageSizes: number[];
  catalogSize: number;
  timeoutMs: number;
  /** Seconds of each load run. */
  loadSeconds: number;
}

/** The options of `argv`; a mistake is a UsageError that names the option and the value refused. */
export function benchOptions(argv: string[]): BenchOptions {
  const { values } = parseCommandLine({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      runs: { type: 'string' },
      only: { type: 'string' },
      pages: { type: 'string' },
      catalog: { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const quick = values.quick ?? false;
  const only = values.only;
  if (only !== undefined && !(SUITES as readonly string[]).includes(only)) {
    throw new UsageError(`--only must be one of ${SUITES.join(', ')}, not "${only}".`);
  }
  return {
    help: values.help ?? false,
    quick,
    runs: values.runs === undefined ? 3 : count('runs', values.runs),
    suites: only === undefined ? [...SUITES] : [only as Suite],
    pageSizes: values.pages === undefined ? (quick ? [200] : [1_000, 10_000]) : pageCounts(values.pages),
    catalogSize: values.catalog === undefined ? (quick ? 5_000 : 100_000) : count('catalog', values.catalog),
    timeoutMs: values.timeout === undefined ? 90_000 : seconds('timeout', values.timeout) * 1000,
    loadSeconds: quick ? 3 : 5,
  };
}

const WHOLE = /^[1-9]\d*$/;

function count(flag: string, raw: string): number {
  if (!WHOLE.test(raw)) throw new UsageError(`--${flag} must be a whole number from 1, not "${raw}".`);
  return Number(raw);
}

function pageCounts(raw: string): number[] {
  const counts = raw.split(',');
  if (!counts.every((c) => WHOLE.test(c))) {
    throw new UsageError(`--pages must be page counts from 1, separated by commas, not "${raw}".`);
  }
  return counts.map(Number);
}

function seconds(flag: string, raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value <= 0) {
    throw new UsageError(`--${flag} must be a number of seconds above 0, not "${raw}".`);
  }
  return value;
}
