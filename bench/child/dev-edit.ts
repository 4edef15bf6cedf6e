// Child process: `npm run dev` on a copy of the content (the shipped content, or a content set given with
// --content); one page is edited several times, and each time the time until the dev server serves the updated page
// is measured (the editor's wait). Each edit waits for the one before to be completed in the background, as an
// editor's saves seconds apart find it, and the completions are timed too.
import { DEFAULT_CONTENT_DIR } from '../../generator/build/files/project-paths.js';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startDevServer } from '../../generator/tools/dev/dev-server.js';
import { printReport } from './report.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    timeout: { type: 'string' },
    content: { type: 'string' },
    page: { type: 'string' },
  },
});
const runs = Number(values.runs ?? 3);
const limitMs = Number(values.timeout ?? 30) * 1000;
const page = values.page ?? 'help';
const work = await mkdtemp(join(tmpdir(), 'bench-dev-'));
const content = join(work, 'content');
await cp(values.content ?? DEFAULT_CONTENT_DIR, content, { recursive: true });
// As the CLI does: a render cache, so that whole builds (the first one excepted) render only edited pages.
const server = await startDevServer({
  contentDir: content,
  outDir: false,
  cacheDir: join(work, 'cache'),
  ports: { base_url: 0, api_url: 0, mcp_url: 0, auth_url: 0 },
  report: () => undefined,
});
const url = new URL(page === 'index' ? '/' : `/${page}`, server.addresses.base_url);
url.hostname = '127.0.0.1';
const host = new URL(server.addresses.base_url).host;
const phases: string[] = [];
const completionsMs: number[] = [];
let completed: (() => void) | undefined;
server.session.onBuild((outcome) => {
  phases.push(outcome.ok ? outcome.phase : `${outcome.phase} failed`);
  // The fast path's outcome awaits its completion; a whole build (a save the fast path cannot take) is complete.
  if (outcome.phase === 'pages') return;
  if (outcome.phase === 'complete' && outcome.ok) completionsMs.push(outcome.ms);
  completed?.();
});
/** Until the edit just served is completed in the background (or the time limit: a completion may be abandoned). */
const completion = () =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    completed = () => {
      clearTimeout(timer);
      resolve();
    };
  });

const times: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const marker = `Edited for the dev benchmark, round ${i + 1}.`;
    const completedNow = completion();
    const started = performance.now();
    await appendFile(join(content, 'pages', `${page}.md`), `\n${marker}\n`);
    for (;;) {
      const body = await fetch(url, { headers: { host } }).then(
        (r) => r.text(),
        () => '',
      );
      if (body.includes(marker)) break;
      if (performance.now() - started > limitMs) throw new Error(`the edit was not served within ${limitMs} ms`);
      await new Promise((r) => setTimeout(r, 5));
    }
    times.push(performance.now() - started);
    await completedNow;
    // Past the watcher's second look at the save, so that edits are not merged into one build.
    await new Promise((r) => setTimeout(r, 250));
    await server.session.idle();
  }
} finally {
  await server.close();
  await rm(work, { recursive: true, force: true });
}
times.sort((a, b) => a - b);
printReport({
  ms: times[Math.floor(times.length / 2)]!,
  ok: true,
  runsMs: times.map(Math.round),
  phases,
  completionsMs,
});
