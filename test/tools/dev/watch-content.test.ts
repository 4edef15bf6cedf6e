// The watcher reports every save, including one that follows another within chokidar's 50 ms window for a file
// (chokidar drops those without a trailing event; the dev loop would otherwise serve the earlier save).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
});
