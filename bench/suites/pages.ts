// The pages suite: cold build + validate, no-change rebuild and one-page edit, against Eleventy and the I/O floor.
import { appendFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runChild } from '../harness/child.js';
import { PROJECT_ROOT } from '../harness/paths.js';
import { summarize, type Summary } from '../harness/stats.js';
import type { ChildReport } from '../child/report.js';
import { editedPagePath, writeContentSet } from '../synthetic/content-set.js';

export interface Row {
  suite: string;
  measurement: string;
  size: number;
  summary: Summary;
  /** Median time over the reference's median time, when there is a reference. */
  ratio?: { to: string; value: number };
  notes?: string[];
}

export async function pagesSuite(workRoot: string, pages: number, runs: number, log: (line: string) => void): Promise<Row[]> {
  const root = join(workRoot, `pages-${pages}`);
  log(`pages ${pages}: writing the content set`);
  const set = await writeContentSet(root, join(PROJECT_ROOT, 'content'), pages);
  const out = join(root, 'dist');
  const cache = join(root, 'cache');
  const buildArgs = ['--content', set.contentDir, '--out', out, '--cache', cache];
  const notes = new Set<string>();
  const build = async (label: string) => {
    const report = await runChild('build.ts', buildArgs);
    check(report, `${label} at ${pages} pages`);
    const stubbed = report.stubbedKinds as string[] | undefined;
    if (stubbed?.length) notes.add(`kinds not landed yet, stood in by empty emitters: ${stubbed.join(', ')}`);
    if (report.workers) notes.add(`page rendering on ${String(report.workers)} worker threads`);
    return report;
  };

  const cold: ChildReport[] = [];
  for (let i = 0; i < runs; i++) {
    await rm(out, { recursive: true, force: true });
    await rm(cache, { recursive: true, force: true });
    log(`pages ${pages}: cold build ${i + 1}/${runs}`);
    cold.push(await build('cold build'));
  }
  const unchanged: ChildReport[] = [];
  for (let i = 0; i < runs; i++) {
    log(`pages ${pages}: no-change rebuild ${i + 1}/${runs}`);
    unchanged.push(await build('no-change rebuild'));
  }
  const edited: ChildReport[] = [];
  for (let i = 0; i < runs; i++) {
    await appendFile(editedPagePath(set), `\nEdited paragraph number ${i + 1}.\n`);
    log(`pages ${pages}: rebuild after one edit ${i + 1}/${runs}`);
    edited.push(await build('edited rebuild'));
  }
  const eleventy: ChildReport[] = [];
  for (let i = 0; i < runs; i++) {
    log(`pages ${pages}: Eleventy ${i + 1}/${runs}`);
    const report = await runChild('eleventy.ts', ['--pages', set.pagesDir, '--work', join(root, 'eleventy')]);
    check(report, 'Eleventy');
    eleventy.push(report);
  }
  const files = cold[0]!.files ?? pages;
  const floor: ChildReport[] = [];
  for (let i = 0; i < runs; i++) {
    log(`pages ${pages}: I/O floor ${i + 1}/${runs}`);
    const report = await runChild('io-floor.ts', ['--pages', set.pagesDir, '--out', join(root, 'floor'), '--files', String(files)]);
    floor.push(report);
  }
  await rm(root, { recursive: true, force: true });

  const s = {
    cold: summarize(cold),
    unchanged: summarize(unchanged),
    edited: summarize(edited),
    eleventy: summarize(eleventy),
    floor: summarize(floor),
  };
  const ratio = (a: Summary, b: Summary, to: string) => ({ to, value: Math.round((a.medianMs / b.medianMs) * 100) / 100 });
  const common = { suite: 'pages', size: pages };
  return [
    { ...common, measurement: 'cold build + validate', summary: s.cold, ratio: ratio(s.cold, s.eleventy, 'Eleventy'), notes: [...notes] },
    { ...common, measurement: 'no-change rebuild', summary: s.unchanged, ratio: ratio(s.unchanged, s.floor, 'I/O floor') },
    { ...common, measurement: 'rebuild after editing one page', summary: s.edited, ratio: ratio(s.edited, s.floor, 'I/O floor') },
    { ...common, measurement: 'Eleventy 3.1.7 build', summary: s.eleventy },
    { ...common, measurement: `I/O floor (read ${pages}, write ${files})`, summary: s.floor },
  ];
}

function check(report: ChildReport, what: string): void {
  if (!report.ok) {
    const errors = (report.firstErrors as string[] | undefined)?.join('\n  ') ?? '';
    throw new Error(`${what} failed:\n  ${errors}`);
  }
}
