// The catalog suite: M public pages through load, registry, the catalog's artifacts (sitemaps split with an index,
// page contexts, schema feed, catalog), their validators and the writer: time and peak memory.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runChild } from '../harness/child.js';
import { PROJECT_ROOT } from '../harness/paths.js';
import { summarize } from '../harness/stats.js';
import { writeContentSet } from '../synthetic/content-set.js';
import { repeat, type Row, type SuiteOptions } from './pages.js';

/** The memory target for 100,000 catalog entries. */
export const CATALOG_MEMORY_LIMIT_MB = 512;

export async function catalogSuite(workRoot: string, entries: number, options: SuiteOptions): Promise<Row[]> {
  const root = join(workRoot, `catalog-${entries}`);
  options.log(`catalog ${entries}: writing the content set`);
  const set = await writeContentSet(root, join(PROJECT_ROOT, 'content'), entries, { tiny: true, contentOnly: true });
  const result = await repeat(`catalog ${entries}: build`, options, () =>
    runChild('catalog.ts', ['--content', set.contentDir, '--out', join(root, 'dist')], { timeoutMs: options.timeoutMs }),
  );
  await rm(root, { recursive: true, force: true });
  const last = result.reports[result.reports.length - 1];
  const notes: string[] = [];
  if (result.failure) notes.push(result.failure);
  if (last) {
    const stages = Object.entries(last.stages as Record<string, number>)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k} ${v} ms`)
      .join(', ');
    notes.push(`${String(last.sitemapFiles)} sitemap files, ${String(last.outputMb)} MB written; slowest stages: ${stages}`);
  }
  const summary = result.reports.length ? summarize(result.reports) : undefined;
  if (summary) notes.push(`peak memory ${summary.peakRssMb < CATALOG_MEMORY_LIMIT_MB ? 'under' : 'OVER'} the ${CATALOG_MEMORY_LIMIT_MB} MB target`);
  return [{ suite: 'catalog', measurement: 'public page catalog: load → sitemaps, page contexts, feeds → validate → write', size: entries, summary, notes }];
}
