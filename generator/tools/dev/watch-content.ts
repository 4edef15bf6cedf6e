// Watches the content and its schemas and asks for a rebuild after a short quiet period (editors save in bursts).
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
  watcher.on('all', (_event, path) => {
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
  });
  return {
    ready: new Promise((resolve) => watcher.once('ready', () => resolve())),
    close: async () => {
      clearTimeout(timer);
      clearTimeout(confirmTimer);
      await watcher.close();
    },
  };
}
