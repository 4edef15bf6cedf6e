// `npm run bench`: measures builds at scale, the public page catalog and the preview server under load.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { RESULTS_DIR } from './harness/paths.js';
import { markdownTable } from './harness/table.js';
import { pagesSuite, type Row } from './suites/pages.js';
import { catalogSuite } from './suites/catalog.js';
import { devSuite } from './suites/dev.js';
import { loadSuite, loadTable, type LoadRow } from './suites/load.js';

const HELP = `Usage: npm run bench -- [--quick] [--runs N] [--only pages|catalog|dev|load] [--pages N,N] [--catalog M] [--timeout S]

Builds synthetic content sets in a temporary folder and measures each case in its own child process, several
times; prints median and spread, writes bench/out/results.json and bench/out/results.md.
  --quick      small sizes (N = 200 pages, M = 5,000 catalog entries, 3 s load runs instead of 5 s), for trying the harness
  --runs N     repetitions of each measurement (default 3; at most 2 for 10,000 pages and for the catalog)
  --only S     one suite only
  --pages N,N  page counts of the pages suite (default 1000,10000)
  --catalog M  public pages of the catalog suite (default 100000)
  --timeout S  time limit of one measured run, in seconds (default 90); a run past it is stopped and reported`;

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    only: { type: 'string' },
    pages: { type: 'string' },
    catalog: { type: 'string' },
    timeout: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}
const runs = Number(values.runs ?? 3);
const pageSizes = values.pages ? values.pages.split(',').map(Number) : values.quick ? [200] : [1_000, 10_000];
const catalogSize = Number(values.catalog ?? (values.quick ? 5_000 : 100_000));
const timeoutMs = Number(values.timeout ?? 90) * 1000;
const wanted = (suite: string) => !values.only || values.only === suite;
const log = (line: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const suiteOptions = { runs, timeoutMs, log };

const workRoot = join(tmpdir(), `discovery-site-bench-${process.pid}`);
const started = performance.now();
const rows: Row[] = [];
let loadRows: LoadRow[] = [];
try {
  if (wanted('pages')) for (const size of pageSizes) rows.push(...(await pagesSuite(workRoot, size, suiteOptions)));
  if (wanted('catalog')) rows.push(...(await catalogSuite(workRoot, catalogSize, suiteOptions)));
  if (wanted('dev')) rows.push(...(await devSuite(suiteOptions)));
  if (wanted('load')) loadRows = await loadSuite({ runs, seconds: values.quick ? 3 : 5, connections: 50 }, log);
} finally {
  await rm(workRoot, { recursive: true, force: true });
}

const machine = {
  cpus: availableParallelism(),
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
};
const table = [rows.length ? markdownTable(rows) : '', loadRows.length ? loadTable(loadRows) : '']
  .filter(Boolean)
  .join('\n\n');
const machineLine = `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGb} GB RAM, Node ${machine.node}, ${machine.platform}; ${runs} runs each; ${new Date().toISOString().slice(0, 10)}.`;
await mkdir(RESULTS_DIR, { recursive: true });
await writeFile(
  join(RESULTS_DIR, 'results.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, runs, quick: values.quick, rows, load: loadRows, totalSeconds: Math.round((performance.now() - started) / 1000) }, null, 2)}\n`,
);
await writeFile(join(RESULTS_DIR, 'results.md'), `${table}\n\n${machineLine}\n`);
process.stdout.write(
  `\n${table}\n\n${machineLine}\nTotal: ${Math.round((performance.now() - started) / 1000)} s. Results: bench/out/results.json\n`,
);
