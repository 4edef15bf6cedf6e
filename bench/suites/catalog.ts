// The catalog suite: M public pages through load, registry, the catalog's artifacts (sitemaps split with an index,
// page contexts streamed in shards, schema feed, catalog), their validators and the writer: time and peak
// memory. Measured twice: as Node runs by default, and with V8's old space capped so that the process must fit the
// target, which shows whether the work needs the memory or V8 only grows into what the machine has free.
import { DEFAULT_CONTENT_DIR } from '../../generator/build/files/project-paths.js';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { deployBudgets, type Measured } from '../../generator/build/emit/cdn/deploy-budgets.js';
import type { MeasureName } from '../../generator/build/emit/cdn/platform-budgets.js';
import { DEPLOY_PLANS as PLANS } from '../../generator/model/deploy-targets.js';
import type { ChildReport } from '../child/report.js';
import { runChild } from '../harness/child.js';
import { summarize } from '../harness/stats.js';
import { writeContentSet } from '../synthetic/content-set.js';
import { CATALOG_MEMORY_MB } from '../limits.js';
import { repeat, type Row, type RowKind, type SuiteOptions } from './pages.js';

/**
 * The old-space cap of the second measurement: the target less what a process holds outside V8's old space (code,
 * new space, buffers: about 130 MB here).
 */
export const CATALOG_OLD_SPACE_CAP_MB = 384;

/**
 * A catalog run writes 200,000 files (each page and its twin, empty here, beside the shards of their contexts): it
 * gets at least this long, whatever the bench's default limit (45 s, set for the pages suite). About 75 s alone; at a
 * load average of 14 to 19 on two cores a run passed 120 s, so the limit is the deployment files' five minutes, a
 * ceiling that costs a run in time nothing.
 */
const CATALOG_MIN_TIMEOUT_MS = 300_000;
/** The deployment files of 100,000 entries take about a minute alone, several on a busy machine or capped. */
const DEPLOY_MIN_TIMEOUT_MS = 300_000;
const CATALOG_MAX_RUNS = 2;

export async function catalogSuite(workRoot: string, entries: number, options: SuiteOptions): Promise<Row[]> {
  const root = join(workRoot, `catalog-${entries}`);
  options.log(`catalog ${entries}: writing the content set`);
  const set = await writeContentSet(root, DEFAULT_CONTENT_DIR, entries, { tiny: true, contentOnly: true });
  const args = ['--content', set.contentDir, '--out', join(root, 'dist')];
  const timeoutMs = Math.max(options.timeoutMs, CATALOG_MIN_TIMEOUT_MS);
  const runs = Math.min(options.runs, CATALOG_MAX_RUNS);
  const result = await repeat(`catalog ${entries}: build`, { ...options, runs }, () =>
    runChild('catalog.ts', args, { timeoutMs }),
  );
  // Only when the default run passes the target: one capped run then shows whether the work needs the memory or V8
  // only grew into the free RAM (it is skipped otherwise, to keep the whole bench within ten minutes).
  const overTarget = result.reports.some((r) => r.peakRssMb >= CATALOG_MEMORY_MB);
  const capped = overTarget
    ? await repeat(
        `catalog ${entries}: build, old space capped at ${CATALOG_OLD_SPACE_CAP_MB} MB`,
        { ...options, runs: 1 },
        () =>
          withNodeOptions(`--max-old-space-size=${CATALOG_OLD_SPACE_CAP_MB}`, () =>
            runChild('catalog.ts', args, { timeoutMs }),
          ),
      )
    : undefined;
  // The deployment files, in a process of their own (one run): at M entries, then at 10 to compare with.
  const deploy = await repeat(`catalog ${entries}: deployment files`, { ...options, runs: 1 }, () =>
    runChild('catalog.ts', [...args, '--deploy'], { timeoutMs: Math.max(timeoutMs, DEPLOY_MIN_TIMEOUT_MS) }),
  );
  // As for the catalog: over the target, one run with V8's old space capped shows what the work needs.
  const deployCapped = deploy.reports.some((r) => r.peakRssMb >= CATALOG_MEMORY_MB)
    ? await repeat(
        `catalog ${entries}: deployment files, old space capped at ${CATALOG_OLD_SPACE_CAP_MB} MB`,
        { ...options, runs: 1 },
        () =>
          withNodeOptions(`--max-old-space-size=${CATALOG_OLD_SPACE_CAP_MB}`, () =>
            runChild('catalog.ts', [...args, '--deploy'], { timeoutMs: Math.max(timeoutMs, DEPLOY_MIN_TIMEOUT_MS) }),
          ),
      )
    : undefined;
  await rm(root, { recursive: true, force: true });
  const smallRoot = join(workRoot, `catalog-${DEPLOY_REFERENCE_ENTRIES}`);
  const small = await writeContentSet(smallRoot, DEFAULT_CONTENT_DIR, DEPLOY_REFERENCE_ENTRIES, {
    tiny: true,
    contentOnly: true,
  });
  const reference = await repeat(`catalog ${DEPLOY_REFERENCE_ENTRIES}: deployment files`, { ...options, runs: 1 }, () =>
    runChild('catalog.ts', ['--content', small.contentDir, '--out', join(smallRoot, 'dist'), '--deploy'], {
      timeoutMs,
    }),
  );
  await rm(smallRoot, { recursive: true, force: true });
  return [
    row(entries, 'catalog', 'public page catalog: load → sitemaps, page contexts, feeds → validate → write', result),
    deployRow(entries, deploy, reference.reports.at(-1)),
    ...(deployCapped
      ? [
          {
            suite: 'catalog',
            kind: 'deployment-capped' as const,
            measurement: `the deployment files, V8 old space capped at ${CATALOG_OLD_SPACE_CAP_MB} MB (one run)`,
            size: entries,
            summary: deployCapped.reports.length ? summarize(deployCapped.reports) : undefined,
            notes: deployCapped.failure ? [deployCapped.failure] : [],
          },
        ]
      : []),
    ...(capped
      ? [
          row(
            entries,
            'catalog-capped',
            `the same, V8 old space capped at ${CATALOG_OLD_SPACE_CAP_MB} MB (one run)`,
            capped,
          ),
        ]
      : []),
  ];
}

/** The catalog size the deployment files at scale are compared with. */
const DEPLOY_REFERENCE_ENTRIES = 10;

/**
 * The deployment of the catalog: files, the edge function bundle after compression and the nginx configuration, each
 * against its size at 10 entries, and which targets' documented limits the output fits.
 */
function deployRow(
  entries: number,
  result: { reports: ChildReport[]; failure?: string },
  small: ChildReport | undefined,
): Row {
  const notes: string[] = result.failure ? [result.failure] : [];
  const at = (r: ChildReport | undefined) => r?.deploy as Measured | undefined;
  const m = at(result.reports.at(-1));
  const s = at(small);
  if (m) {
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    const versus = (name: MeasureName) =>
      s
        ? ` (${kib(s[name])} at ${DEPLOY_REFERENCE_ENTRIES} entries, ${((m[name] / s[name] - 1) * 100).toFixed(1)} %)`
        : '';
    notes.push(
      `${m.files.toLocaleString('en')} files in dist/; edge function bundle ${kib(m.functionBundle)} gzip${versus('functionBundle')}; nginx.conf ${kib(m.nginxConfig)}${versus('nginxConfig')}; _routes.json ${m.routesRules} rules, _headers ${m.headersRules} rules`,
    );
    for (const target of deployBudgets(m, []).targets) {
      for (const plan of target.platform === 'cloudflare-pages' ? PLANS : (['free'] as const)) {
        const over = deployBudgets(m, [{ platform: target.platform, plan }])
          .targets[0]!.lines.filter((l) => !l.fits)
          .map((l) => `${l.title} ${m[l.measure].toLocaleString('en')} > ${l.limit.toLocaleString('en')}`);
        const name = `${target.title}${target.platform === 'cloudflare-pages' ? ` (${plan})` : ''}`;
        notes.push(`${name}: ${over.length === 0 ? 'fits' : `does not fit: ${over.join('; ')}`}`);
      }
    }
  }
  const summary = result.reports.length ? summarize(result.reports) : undefined;
  return {
    suite: 'catalog',
    kind: 'deployment',
    measurement: 'deployment files of the catalog: _headers, _redirects, _routes.json, nginx.conf, edge table, budgets',
    size: entries,
    summary,
    notes,
  };
}

function row(
  entries: number,
  kind: RowKind,
  measurement: string,
  result: { reports: ChildReport[]; failure?: string },
): Row {
  const last = result.reports[result.reports.length - 1];
  const notes: string[] = [];
  if (result.failure) notes.push(result.failure);
  if (last) {
    const stages = Object.entries(last.stages as Record<string, number>)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k} ${v} ms`)
      .join(', ');
    notes.push(
      `${String(last.sitemapFiles)} sitemap files, ${String(last.files)} files, ${String(last.outputMb)} MB written; slowest stages: ${stages}`,
    );
    // Where the memory goes: the stage whose peak so far rises is where the process's peak was reached.
    const memory = last.memory as Record<string, { rssMb: number; peakRssMb: number; heapUsedMb: number }> | undefined;
    if (memory) {
      const byStage = Object.entries(memory)
        .map(
          ([stage, m]) =>
            `${stage} ${Math.round(m.rssMb)} MB (peak so far ${Math.round(m.peakRssMb)}, heap ${Math.round(m.heapUsedMb)})`,
        )
        .join(', ');
      notes.push(`resident memory after each stage: ${byStage}`);
    }
  }
  const summary = result.reports.length ? summarize(result.reports) : undefined;
  if (summary)
    notes.push(
      `peak memory ${summary.peakRssMb < CATALOG_MEMORY_MB ? 'under' : 'OVER'} the ${CATALOG_MEMORY_MB} MB target`,
    );
  return { suite: 'catalog', kind, measurement, size: entries, summary, notes };
}

/** Runs `work` with NODE_OPTIONS extended for the children it starts (they inherit this process's environment). */
async function withNodeOptions<T>(extra: string, work: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = before ? `${before} ${extra}` : extra;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = before;
  }
}
