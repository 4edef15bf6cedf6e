// Where the benchmark lives and writes.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const PROJECT_ROOT = resolve(BENCH_DIR, '..');
export const RESULTS_DIR = join(BENCH_DIR, 'out');
