// Where the benchmark lives and writes.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../generator/build/files/project-paths.js';

export const BENCH_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));
export { PROJECT_ROOT };
export const RESULTS_DIR = join(BENCH_DIR, 'out');
