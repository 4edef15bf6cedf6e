// The project's folders, in one place: where the content, its schemas, the build output and the build cache are.
// Every entry point takes its defaults from here, so that `--content DIR` means the same in every command.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder (the one with package.json). */
export const PROJECT_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

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
