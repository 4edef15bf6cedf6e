// Watches the content and its schemas and asks for a rebuild after a short quiet period (editors save in bursts).
import { watch } from 'chokidar';

/**
 * Long enough to gather an editor's save (write, rename, chmod: system calls microseconds apart) into one build,
 * short enough to leave most of issue 7's 150 ms for serving an edited page. A burst that is split anyway costs one
 * more build, never a lost edit: the session builds again after a build that edits landed in.
 */
export const DEBOUNCE_MS = 20;

export interface ContentWatcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchContent(dirs: string[], onChange: (paths: string[]) => void): ContentWatcher {
  const watcher = watch(dirs, { ignoreInitial: true, ignored: (path) => /(^|[\\/])(\.#|#)|~$|\.sw[px]$/.test(path) });
  let timer: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  watcher.on('all', (_event, path) => {
    changed.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const paths = [...changed];
      changed.clear();
      onChange(paths);
    }, DEBOUNCE_MS);
  });
  return {
    ready: new Promise((resolve) => watcher.once('ready', () => resolve())),
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
