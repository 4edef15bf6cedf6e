// The benchmark's verdict on each target, from one run's rows: met at its limit, not met just past it, not judged when
// the run did not measure it.
import { describe, expect, it } from 'vitest';
import { type BenchResults, judgeTargets, targetsTable, type Verdict } from '../../bench/targets.js';
import type { LoadRow } from '../../bench/suites/load.js';
import type { Row, RowKind } from '../../bench/suites/pages.js';
import type { ProcessRow } from '../../bench/suites/process.js';

const summary = (medianMs: number, peakRssMb = 100) => ({
  runs: 3,
  medianMs,
  minMs: medianMs,
  maxMs: medianMs,
  peakRssMb,
});
const processSummary = (medianMs: number) => ({ runs: 5, medianMs, minMs: medianMs, maxMs: medianMs, cpuS: 0.1 });

function processRow(kind: ProcessRow['kind'], medianMs: number, eleventyMs?: number): ProcessRow {
  return {
    kind,
    measurement: kind,
    ours: processSummary(medianMs),
    eleventy: eleventyMs === undefined ? undefined : processSummary(eleventyMs),
    ratio: eleventyMs === undefined ? undefined : Math.round((medianMs / eleventyMs) * 100) / 100,
    target: '',
    notes: [],
  };
}

function row(suite: string, kind: RowKind, size: number, medianMs: number, extra: Partial<Row> = {}): Row {
  return { suite, kind, measurement: kind, size, summary: summary(medianMs, extra.summary?.peakRssMb), ...extra };
}

function loadRow(kind: string, requestsPerSecond: number, errors = 0): LoadRow {
  return {
    kind,
    target: kind,
    connections: 50,
    seconds: 5,
    runs: 3,
    requestsPerSecond,
    minRps: requestsPerSecond,
    maxRps: requestsPerSecond,
    p50Ms: 10,
    p99Ms: 20,
    errors,
  };
}

/** A run in which every target sits exactly at its limit. */
function atLimits(): BenchResults {
  return {
    process: [
      processRow('cold-build', 400, 800),
      processRow('no-change-build', 150),
      processRow('help', 120),
      processRow('help', 150),
    ],
    rows: [
      row('pages', 'cold-build', 10_000, 5_000),
      row('pages', 'eleventy', 10_000, 10_000),
      row('pages', 'edit-rebuild', 1_000, 300),
      row('pages', 'edit-rebuild', 10_000, 1_000),
      row('pages', 'no-change-rebuild', 1_000, 100),
      row('pages', 'io-floor', 1_000, 50),
      row('pages', 'no-change-rebuild', 10_000, 800),
      row('pages', 'io-floor', 10_000, 400),
      row('dev', 'dev-edit', 19, 50, { added: 0 }),
      row('dev', 'dev-edit', 1_019, 100, { added: 1_000 }),
      row('catalog', 'catalog', 100_000, 20_000, { summary: summary(20_000, 511) }),
    ],
    load: [loadRow('pricing', 7_000), loadRow('mcpToolsCall', 2_000), loadRow('freshServerPerRequest', 1_000)],
  };
}

const rowOf = (results: BenchResults, kind: RowKind, size: number) =>
  results.rows.find((r) => r.kind === kind && r.size === size)!;

const verdictOf = (verdicts: Verdict[], target: RegExp) => {
  const found = verdicts.filter((v) => target.test(v.target));
  expect(found, `one target matches ${target}`).toHaveLength(1);
  return found[0]!;
};

describe("the benchmark's targets", () => {
  it('are each met by a run at their limits', () => {
    const verdicts = judgeTargets(atLimits());
    expect(verdicts.length).toBeGreaterThanOrEqual(12);
    for (const verdict of verdicts) expect(verdict, verdict.target).toMatchObject({ met: true });
  });

  it.each([
    [/cold `npm run build`/, (r: BenchResults) => (r.process[0] = processRow('cold-build', 401, 800))],
    [/nothing changed, whole process/, (r: BenchResults) => (r.process[1] = processRow('no-change-build', 151))],
    [/--help/, (r: BenchResults) => (r.process[3] = processRow('help', 151))],
    [/^10,000 pages, cold/, (r: BenchResults) => (rowOf(r, 'cold-build', 10_000).summary = summary(5_001))],
    [/edited of 1,000,/, (r: BenchResults) => (rowOf(r, 'edit-rebuild', 1_000).summary = summary(301))],
    [/edited of 10,000,/, (r: BenchResults) => (rowOf(r, 'edit-rebuild', 10_000).summary = summary(1_001))],
    [/^1,000 pages, rebuild with nothing/, (r: BenchResults) => (rowOf(r, 'io-floor', 1_000).summary = summary(49))],
    [
      /^10,000 pages, rebuild with nothing/,
      (r: BenchResults) => (rowOf(r, 'no-change-rebuild', 10_000).summary = summary(801)),
    ],
    [/served, shipped content$/, (r: BenchResults) => (rowOf(r, 'dev-edit', 19).summary = summary(51))],
    [/served, shipped content \+ 1,000/, (r: BenchResults) => (rowOf(r, 'dev-edit', 1_019).summary = summary(101))],
    [/catalog, peak memory/, (r: BenchResults) => (rowOf(r, 'catalog', 100_000).summary = summary(20_000, 512))],
    [/tools\/call/, (r: BenchResults) => (r.load[1] = loadRow('mcpToolsCall', 1_999))],
    [/tools\/call/, (r: BenchResults) => (r.load[2] = loadRow('freshServerPerRequest', 1_000, 1))],
  ])('are not met just past the limit: %s', (target, pastIt) => {
    const results = atLimits();
    pastIt(results);
    const verdicts = judgeTargets(results);
    expect(verdictOf(verdicts, target).met).toBe(false);
    expect(verdicts.filter((v) => v.met === false)).toHaveLength(1);
  });

  it('hold a dev edit on the shipped content to 50 ms and with 1,000 more pages to 100 ms', () => {
    const results = atLimits();
    rowOf(results, 'dev-edit', 19).summary = summary(80);
    rowOf(results, 'dev-edit', 1_019).summary = summary(80);
    const verdicts = judgeTargets(results);
    expect(verdictOf(verdicts, /served, shipped content$/)).toMatchObject({
      limit: '≤ 50 ms',
      measured: '80 ms',
      met: false,
    });
    expect(verdictOf(verdicts, /served, shipped content \+ 1,000/)).toMatchObject({ limit: '≤ 100 ms', met: true });
  });

  it('judge only what the run measured, and the table lists only those', () => {
    const only = judgeTargets({ process: atLimits().process, rows: [], load: [] });
    expect(only.filter((v) => v.measured !== undefined).map((v) => v.target)).toEqual([
      'shipped content, cold `npm run build`, whole process',
      'shipped content, build with nothing changed, whole process',
      "every command's `--help`, whole process",
    ]);
    const table = targetsTable(only).split('\n');
    expect(table).toHaveLength(2 + 3);
    expect(table[2]).toBe(
      '| shipped content, cold `npm run build`, whole process | ≤ 0.5× Eleventy | 0.5× (400 ms against 800 ms) | yes |',
    );
    expect(targetsTable(judgeTargets({ process: [], rows: [], load: [] }))).toBe('');
  });

  it('do not take a quick run at other sizes for the sizes they name', () => {
    const results = atLimits();
    for (const r of results.rows) if (r.suite === 'pages') r.size = 200;
    rowOf(results, 'catalog', 100_000).size = 5_000;
    const unmeasured = judgeTargets(results).filter((v) => v.measured === undefined);
    expect(unmeasured.map((v) => v.target)).toEqual([
      '10,000 pages, cold build + validate',
      'one page edited of 1,000, rebuild',
      'one page edited of 10,000, rebuild',
      '1,000 pages, rebuild with nothing changed',
      '10,000 pages, rebuild with nothing changed',
      '100,000-entry catalog, peak memory',
    ]);
  });
});
