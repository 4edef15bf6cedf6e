// Watches the content and its schemas and asks for a rebuild after a short quiet period (editors save in bursts).
import { lstatSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { watch } from 'chokidar';

/**
 * Long enough to gather an editor's save (write, rename, chmod: system calls microseconds apart) into one build,
 * short enough to leave most of the save-to-served target (README, Performance) for serving an edited page.
 */
export const DEBOUNCE_MS = 20;

/**
 * chokidar reports at most one change of a file per 50 ms and drops the others without a trailing event, so a save
 * that follows another within that window would never be built. Every reported path is therefore reported again
 * once the window has passed; a file that did not change again costs one read (the session compares it with what
 * it serves).
 */
export const CONFIRM_MS = 60;

/** How often a path the watcher no longer follows is looked at again (a loop of links, a watched folder removed). */
export const UNFOLLOWED_LOOK_MS = 250;

/** Whether the path is gone, or its links now lead somewhere: either way the watcher's view of it is over. */
function followable(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'ENOENT' && lstatSync(path, { throwIfNoEntry: false }) === undefined;
  }
}

export interface ContentWatcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchContent(dirs: string[], onChange: (paths: string[]) => void): ContentWatcher {
  const watcher = watch(dirs, { ignoreInitial: true, ignored: (path) => /(^|[\\/])(\.#|#)|~$|\.sw[px]$/.test(path) });
  let timer: NodeJS.Timeout | undefined;
  let confirmTimer: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  const confirming = new Set<string>();
  const confirm = () => {
    const paths = [...confirming];
    confirming.clear();
    onChange(paths);
  };
  const report = (path: string) => {
    changed.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const paths = [...changed];
      changed.clear();
      for (const p of paths) confirming.add(p);
      clearTimeout(confirmTimer);
      confirmTimer = setTimeout(confirm, CONFIRM_MS);
      onChange(paths);
    }, DEBOUNCE_MS);
  };
  // Paths the watcher no longer follows, each with what ends the wait for it: looked at until it is over.
  const waiting = new Map<string, () => boolean>();
  let looking: NodeJS.Timeout | undefined;
  const lookAgain = () => {
    for (const [path, over] of waiting) {
      if (!over()) continue;
      waiting.delete(path);
      report(path);
    }
    if (waiting.size === 0) {
      clearInterval(looking);
      looking = undefined;
    }
  };
  const waitFor = (path: string, over: () => boolean) => {
    waiting.set(path, over);
    looking ??= setInterval(lookAgain, UNFOLLOWED_LOOK_MS).unref();
  };
  const roots = dirs.map((dir) => resolve(dir));
  const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  watcher.on('all', (event, path) => {
    report(path);
    // A watched folder removed whole is not watched again when it is back (a folder moved away and back, rewritten by
    // a tool). Whatever is removed, the watched folders are looked at: the removal of one is not always reported.
    if (event !== 'unlink' && event !== 'unlinkDir') return;
    for (const root of roots) {
      if (waiting.has(root) || isFolder(root)) continue;
      waitFor(root, () => {
        if (!isFolder(root)) return false;
        watcher.add(root);
        return true;
      });
    }
  });
  // A path the watcher cannot follow (a loop of links) is a change like any other: the build says what is wrong there,
  // at its path. Unheard, the watcher's error would end the dev server. The watcher does not track such a path, so
  // it would not tell when the path is removed or mended.
  watcher.on('error', (error) => {
    const path = (error as { path?: unknown }).path;
    if (typeof path !== 'string') return;
    report(path);
    waitFor(path, () => followable(path));
  });
  return {
    ready: new Promise((resolve) => watcher.once('ready', () => resolve())),
    close: async () => {
      clearInterval(looking);
      clearTimeout(timer);
      clearTimeout(confirmTimer);
      await watcher.close();
    },
  };
}
