// The project's folders, in one place: where the content, its schemas, the build output and the build cache are.
// Every entry point takes its defaults from here, so that `--content DIR` means the same in every command.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whether this code runs from the compiled tree (`npm run compile`) rather than from its TypeScript sources. */
export const RUNS_COMPILED = !import.meta.url.endsWith('.ts');

/**
 * The repository's root folder: the nearest one above this module with a package.json. Compiled code runs from
 * `compiled/<the source's own path>` (or, for the compile step itself, `compiled/`), which has none.
 */
export const PROJECT_ROOT = projectRoot(dirname(fileURLToPath(import.meta.url)));

function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}.`);
  }
}

/** The compile step's output (git-ignored): the JavaScript of generator/ and bench/, and the schemas' validators. */
export const COMPILED_DIR = join(PROJECT_ROOT, 'compiled');

/** The record of the compile that made compiled/: the size, time and hash of every file it read. */
export const COMPILE_MANIFEST = join(COMPILED_DIR, 'manifest.json');

/** Where a module of the project runs from: its source path (`bench/child/build.ts`) as run now, compiled or not. */
export function runnableFile(sourcePath: string): { file: string; execArgv: string[] } {
  return RUNS_COMPILED
    ? { file: join(COMPILED_DIR, sourcePath.replace(/\.ts$/, '.js')), execArgv: [] }
    : { file: join(PROJECT_ROOT, sourcePath), execArgv: ['--import', 'tsx'] };
}

/** The JSON Schemas of the content set, which belong to the generator, not to a content folder. */
export const CONTENT_SCHEMA_DIR = join(PROJECT_ROOT, 'schemas', 'content');

/** The JSON Schemas of the emitted artifacts. */
export const ARTIFACT_SCHEMA_DIR = join(PROJECT_ROOT, 'schemas', 'artifacts');

/** The content set the project ships with. */
export const DEFAULT_CONTENT_DIR = join(PROJECT_ROOT, 'content');

/** The build cache: git-ignored, and removed with node_modules. */
export const DEFAULT_CACHE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'discovery-site');

export type EnvironmentDefault = 'production' | 'preview';

/** The site's output folder when `--out` is not given: one per environment, so that neither overwrites the other. */
export function defaultOutDir(env: EnvironmentDefault): string {
  return env === 'production' ? 'dist' : 'dist-preview';
}

/** The folder of another host's tree (`dist-hosts/mcp`), or of the deployment files (`dist-hosts/deploy`). */
export function hostTreeDir(outDir: string, host: string): string {
  return host === 'site' ? outDir : join(`${outDir}-hosts`, host);
}
