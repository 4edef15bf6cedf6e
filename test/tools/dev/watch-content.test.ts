// The watcher reports every save, including one that follows another within chokidar's 50 ms window for a file
// (chokidar drops those without a trailing event; the dev loop would otherwise serve the earlier save).
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { watchContent, type ContentWatcher } from '../../../generator/tools/dev/watch-content.js';

let dir: string | undefined;
let watcher: ContentWatcher | undefined;
afterEach(async () => {
  await watcher?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = watcher = undefined;
});

describe('watching the content', () => {
  it('reports a save made right after a reported one', async () => {
    dir = await mkdtemp(join(tmpdir(), 'watch-content-'));
    const file = join(dir, 'page.md');
    await writeFile(file, 'one');
    const reports: string[][] = [];
    let onReport: () => void = () => undefined;
    watcher = watchContent([dir], (paths) => {
      reports.push(paths);
      onReport();
    });
    await watcher.ready;
    const reported = () => new Promise<void>((resolve) => (onReport = resolve));

    let next = reported();
    await writeFile(file, 'two');
    await next;
    // At once after the first report: chokidar has not let its window pass.
    next = reported();
    await writeFile(file, 'three');
    await next;
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(reports.every((paths) => paths.length === 1 && paths[0] === file)).toBe(true);
  });

  it('watches a watched folder again once it is back after being removed whole', async () => {
    dir = await mkdtemp(join(tmpdir(), 'watch-content-'));
    const content = join(dir, 'content');
    await mkdir(content);
    await writeFile(join(content, 'page.md'), 'one');
    const reports: string[] = [];
    watcher = watchContent([content], (paths) => reports.push(...paths));
    await watcher.ready;
    // Removed and made again, as a move across file systems or a tool that rewrites the folder does.
    await rm(content, { recursive: true });
    await until(() => reports.length > 0);
    await sleep(300);
    reports.length = 0;
    await mkdir(content);
    await writeFile(join(content, 'page.md'), 'one');
    // Its return is a change (the build then reads it whole), and from then on it is watched again.
    await until(() => reports.includes(content));
    reports.length = 0;
    await writeFile(join(content, 'page.md'), 'two');
    await until(() => reports.includes(join(content, 'page.md')));
  });

  it('reports a loop of links as a change at its path, and goes on watching', async () => {
    dir = await mkdtemp(join(tmpdir(), 'watch-content-'));
    const reports: string[] = [];
    let onReport: () => void = () => undefined;
    watcher = watchContent([dir], (paths) => {
      reports.push(...paths);
      onReport();
    });
    await watcher.ready;
    const reported = () => new Promise<void>((resolve) => (onReport = resolve));
    let next = reported();
    // The watcher cannot stat either link (ELOOP): unheard, its error event would end the process.
    await symlink('loop-b.md', join(dir, 'loop-a.md'));
    await symlink('loop-a.md', join(dir, 'loop-b.md'));
    await next;
    expect(reports.some((path) => /loop-[ab]\.md$/.test(path))).toBe(true);
    next = reported();
    await writeFile(join(dir, 'page.md'), 'after');
    await next;
    expect(reports).toContain(join(dir, 'page.md'));
    // Removing the links is a change too, although the watcher never tracked them: the dev loop builds again.
    reports.length = 0;
    next = reported();
    await rm(join(dir, 'loop-a.md'));
    await rm(join(dir, 'loop-b.md'));
    await next;
    expect(reports.some((path) => /loop-[ab]\.md$/.test(path))).toBe(true);
  });
});

/** Waits until the condition holds, failing after five seconds. */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5000) throw new Error('not reported within five seconds');
    await sleep(20);
  }
}
