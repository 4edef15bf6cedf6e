// Every command's first step: compiled/ must be the compile of the sources as they are now. A developer who edited
// generator/ (or a schema, or the lock file) and runs a command gets the new code: the command compiles, then starts
// again from the new output. The check is a stat per input (a few milliseconds); run from sources, there is none.
import { spawn, spawnSync } from 'node:child_process';
import module from 'node:module';
import { join } from 'node:path';
import { readCompileManifest } from '../../build/files/compile-manifest.js';
import { PROJECT_ROOT, RUNS_COMPILED } from '../../build/files/project-paths.js';
import { changedInputs } from './inputs.js';

/**
 * Node's cache of the code it compiled from compiled/'s modules (Node >= 22.1; Node 20 has none): the next command
 * starts from it instead of parsing and compiling them again, which halves the time a cold build spends loading
 * its modules. Keyed by each file's contents, so a new compile is never served old code. The pipeline's script keeps
 * V8's code here too, on every Node (code-cache.ts).
 */
export const MODULE_COMPILE_CACHE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'discovery-site-modules');

/** Set in the command started again after a compile, so that a compile that leaves compiled/ stale is not repeated. */
const RECOMPILED = 'DISCOVERY_SITE_RECOMPILED';

/**
 * Resolves at once when compiled/ is current. Otherwise compiles (`npm run compile`), runs this same command again
 * in a child process from the new output, and exits with its exit code: the promise never resolves then.
 */
export function whenCompiled(): Promise<void> {
  // Read once: the commands this one starts (a benchmark's) check for themselves.
  const recompiled = process.env[RECOMPILED] !== undefined;
  delete process.env[RECOMPILED];
  if (!RUNS_COMPILED) return Promise.resolve();
  const changed = changedInputs(PROJECT_ROOT, readCompileManifest());
  if (changed.length === 0) {
    // The modules a command loads from here on (its stages, imported when needed) are read from the cache.
    (module as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache?.(MODULE_COMPILE_CACHE_DIR);
    return Promise.resolve();
  }
  const what = changed.length === 1 ? changed[0] : `${changed[0]} and ${changed.length - 1} more files`;
  if (recompiled) {
    process.stderr.write(
      `compiled/ is still older than ${what} after compiling: run \`npm run compile\` and read its output.\n`,
    );
    process.exit(1);
  }
  process.stderr.write(`${what} changed since the last compile: compiling first…\n`);
  const npm = process.env.npm_execpath;
  const [command, args] = npm?.endsWith('js') ? [process.execPath, [npm]] : ['npm', []];
  // The compile's own output goes to stderr, so that a command's stdout (--json) stays its own.
  const compile = spawnSync(command, [...args, 'run', '-s', 'compile'], { cwd: PROJECT_ROOT, stdio: ['ignore', 2, 2] });
  if (compile.status !== 0) {
    process.stderr.write('The compile step failed (above): fix it, then run the command again.\n');
    process.exit(1);
  }
  return new Promise(() => {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, [RECOMPILED]: '1' },
    });
    // Ctrl-C reaches the child from the terminal itself; a signal sent to this process alone is passed on.
    process.on('SIGINT', () => undefined);
    for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
  });
}
