// Where the benchmark lives and writes.
import { join } from 'node:path';
import { PROJECT_ROOT, runnableFile } from '../../generator/build/files/project-paths.js';

/** The benchmark's source folder (its results go in bench/out, whether it runs compiled or from sources). */
export const BENCH_DIR = join(PROJECT_ROOT, 'bench');
export { PROJECT_ROOT };
export const RESULTS_DIR = join(BENCH_DIR, 'out');

/** How to start a child script of bench/child/ (`build.ts`): compiled, or from its source through tsx. */
export function childCommand(script: string): string[] {
  const { file, execArgv } = runnableFile(`bench/child/${script}`);
  return [...execArgv, file];
}
