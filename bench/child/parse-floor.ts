// Child process: the Markdown parse floor. Only parses every page as the build does (the fast path, or remark-parse
// with GFM and directives for a page the fast path refuses), split over this thread and one worker as the build
// splits its rendering. No build can be faster than this, so the pages suite prints it beside Eleventy's time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import fg from 'fast-glob';
import { splitFrontMatter } from '../../generator/build/content/front-matter.js';
import { pageParsers } from '../../generator/build/render/parse-page.js';
import { runnableFile } from '../../generator/build/files/project-paths.js';
import { printReport } from './report.js';

function parseAll(files: string[]): number {
  let nodes = 0;
  for (const file of files) {
    const { body } = splitFrontMatter(readFileSync(file, 'utf8'));
    nodes += (pageParsers.fast(body) ?? pageParsers.reference(body)).children.length;
  }
  return nodes;
}

if (!isMainThread) {
  parentPort!.postMessage(parseAll(workerData as string[]));
} else {
  const { values } = parseArgs({ options: { pages: { type: 'string' }, threads: { type: 'string' } } });
  if (!values.pages) throw new Error('usage: parse-floor.ts --pages DIR [--threads 2]');
  const threads = Number(values.threads ?? 2);
  const started = performance.now();
  const files = (await fg('**/*.md', { cwd: values.pages })).sort().map((rel) => join(values.pages!, rel));
  const share = Math.floor(files.length / threads);
  // This module as it runs (compiled, or its source): by path, since compiled code may sit in a shared chunk.
  const self = pathToFileURL(runnableFile('bench/child/parse-floor.ts').file);
  const remote = Array.from({ length: threads - 1 }, (_, i) =>
    files.slice((i + 1) * share, i === threads - 2 ? files.length : (i + 2) * share),
  );
  const answers = remote.map(
    (part) =>
      new Promise<number>((resolve, reject) => {
        // From sources, the worker loads this module through tsx, as the build's render worker does.
        const worker = self.pathname.endsWith('.ts')
          ? new Worker(
              `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(self.href)}); })`,
              { eval: true, workerData: part },
            )
          : new Worker(self, { workerData: part });
        worker.once('message', (n: number) => {
          resolve(n);
          void worker.terminate();
        });
        worker.once('error', reject);
      }),
  );
  const nodes =
    parseAll(files.slice(0, threads > 1 ? share : files.length)) +
    (await Promise.all(answers)).reduce((a, b) => a + b, 0);
  const ms = performance.now() - started;
  printReport({ ms, ok: nodes > 0, files: files.length, threads });
}
