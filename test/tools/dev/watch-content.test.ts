// The watcher reports every save, including one that follows another within chokidar's 50 ms window for a file
// (chokidar drops those without a trailing event; the dev loop would otherwise serve the earlier save).
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
