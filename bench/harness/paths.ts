// Where the benchmark lives and writes.
import { join } from 'node:path';
import { PROJECT_ROOT, runnableFile } from '../../generator/build/files/project-paths.js';
import { nodeFlagsOf } from '../../generator/tools/compile/npm-commands.js';

/** The benchmark's source folder (its results go in bench/out, whether it runs compiled or from sources). */
export const BENCH_DIR = join(PROJECT_ROOT, 'bench');
export { PROJECT_ROOT };
export const RESULTS_DIR = join(BENCH_DIR, 'out');

/**
 * The command each child script stands for: it is started with the Node flags npm starts that command with, so that
 * it measures what `npm run build` (or `dev`) runs. The floors and Eleventy stand for none.
 */
const STANDS_FOR: Record<string, string> = { 'build.ts': 'build', 'catalog.ts': 'build', 'dev-edit.ts': 'dev' };

/** How to start a child script of bench/child/ (`build.ts`): compiled, or from its source through tsx. */
export function childCommand(script: string): string[] {
  const { file, execArgv } = runnableFile(`bench/child/${script}`);
  const command = STANDS_FOR[script];
  return [...execArgv, ...(command ? nodeFlagsOf(command) : []), file];
}
