// `npm run bench`: measures builds at scale, the public page catalog and the preview server under load.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { UsageError, usageMistake } from '../generator/tools/cli/args.js';
import { whenCompiled } from '../generator/tools/compile/freshness.js';
import { BENCH_HELP, type BenchOptions, benchOptions, type Suite } from './options.js';
import { RESULTS_DIR } from './harness/paths.js';
import type { Row } from './suites/pages.js';
import type { LoadRow } from './suites/load.js';
import type { ProcessRow } from './suites/process.js';

await whenCompiled();

let options: BenchOptions;
try {
  options = benchOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.exit(usageMistake(error, BENCH_HELP));
}
if (options.help) {
  process.stdout.write(`${BENCH_HELP}\n`);
  process.exit(0);
}
const { runs, pageSizes, catalogSize, timeoutMs } = options;
const wanted = (suite: Suite) => options.suites.includes(suite);
const log = (line: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const suiteOptions = { runs, timeoutMs, log };

const workRoot = join(tmpdir(), `discovery-site-bench-${process.pid}`);
const started = performance.now();
// How busy the shared machine was: every time here is wall time, which other work on the same cores stretches.
const loadAtStart = loadavg();
// Each suite is loaded only when it runs (`--help` loads none; the load suite's autocannon only for it).
const tables: string[] = [];
const rows: Row[] = [];
let loadRows: LoadRow[] = [];
let processRows: ProcessRow[] = [];
try {
  if (wanted('process')) {
    const { processSuite, processTable } = await import('./suites/process.js');
    processRows = await processSuite(workRoot, suiteOptions);
    tables.push(processTable(processRows));
  }
  if (wanted('pages')) {
    const { pagesSuite } = await import('./suites/pages.js');
    for (const size of pageSizes) rows.push(...(await pagesSuite(workRoot, size, suiteOptions)));
  }
  if (wanted('catalog')) {
    const { catalogSuite } = await import('./suites/catalog.js');
    rows.push(...(await catalogSuite(workRoot, catalogSize, suiteOptions)));
  }
  if (wanted('dev')) {
    const { devSuite } = await import('./suites/dev.js');
    rows.push(...(await devSuite(suiteOptions)));
  }
  if (rows.length) tables.push((await import('./harness/table.js')).markdownTable(rows));
  if (wanted('load')) {
    const { loadSuite, loadTable } = await import('./suites/load.js');
    loadRows = await loadSuite({ runs, seconds: options.loadSeconds, connections: 50 }, log);
    tables.push(loadTable(loadRows));
  }
} finally {
  await rm(workRoot, { recursive: true, force: true });
}
const { judgeTargets, targetsTable } = await import('./targets.js');
const targets = judgeTargets({ process: processRows, rows, load: loadRows });
if (targetsTable(targets)) tables.push(targetsTable(targets));

const machine = {
  cpus: availableParallelism(),
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  loadAverage: { start: loadAtStart.map(round2), end: loadavg().map(round2) },
};
const table = tables.join('\n\n');
const machineLine = `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGb} GB RAM, Node ${machine.node}, ${machine.platform}; ${runs} runs each; ${new Date().toISOString().slice(0, 10)}; load average (1, 5, 15 min) ${machine.loadAverage.start.join(', ')} at the start, ${machine.loadAverage.end.join(', ')} at the end.`;
await mkdir(RESULTS_DIR, { recursive: true });
await writeFile(
  join(RESULTS_DIR, 'results.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, runs, quick: options.quick, process: processRows, rows, load: loadRows, targets, totalSeconds: Math.round((performance.now() - started) / 1000) }, null, 2)}\n`,
);
await writeFile(join(RESULTS_DIR, 'results.md'), `${table}\n\n${machineLine}\n`);
process.stdout.write(
  `\n${table}\n\n${machineLine}\nTotal: ${Math.round((performance.now() - started) / 1000)} s. Results: bench/out/results.json\n`,
);

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
