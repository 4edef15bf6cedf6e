// Test helpers of the page family: the shipped content built or loaded through the production path, temp content folders.
import { CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR } from '../../generator/build/files/project-paths.js';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPipeline } from '../../generator/build/pipeline.js';
import { loadContent } from '../../generator/build/content/load.js';
import { buildRegistry } from '../../generator/build/registry/build-registry.js';
import { Diagnostics } from '../../generator/build/messages/diagnostics.js';
import {
  ArtifactSet,
  type EmitContext,
  type RegistryEntry,
  type Validator,
} from '../../generator/build/registry/types.js';
import type { Model } from '../../generator/model/types.js';
import type { Registry } from '../../generator/build/registry/registry.js';
import { kinds } from '../../generator/build/kinds.js';
import type { EnvironmentName } from '../../generator/model/types.js';

export function runShipped(env: EnvironmentName = 'production') {
  return runPipeline({ env });
}

/** A copy of the shipped content in a temp folder, for tests that break it. */
export async function copyContent(): Promise<{ dir: string; contentDir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'pages-test-'));
  const contentDir = join(dir, 'content');
  await cp(DEFAULT_CONTENT_DIR, contentDir, { recursive: true });
  return { dir, contentDir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export async function editFile(path: string, edit: (text: string) => string): Promise<void> {
  await writeFile(path, edit(await readFile(path, 'utf8')));
}

export interface Loaded {
  model: Model;
  registry: Registry;
  /** A fresh emit context (its own memo and diagnostics), as the pipeline gives each build. */
  context(): EmitContext;
}

/** Loads the shipped content and builds its registry, without emitting or validating: for emitter unit tests. */
export async function loadShipped(
  env: EnvironmentName = 'production',
  contentDir = DEFAULT_CONTENT_DIR,
): Promise<Loaded> {
  const diagnostics = new Diagnostics();
  const model = await loadContent({ contentDir, schemaDir: CONTENT_SCHEMA_DIR, env }, diagnostics);
  const registry = model && buildRegistry(model, kinds, diagnostics);
  if (!model || !registry) throw new Error(`The content does not load:\n${diagnostics.report()}`);
  return {
    model,
    registry,
    context() {
      const memos = new Map<string, unknown>();
      return {
        model,
        registry,
        diagnostics: new Diagnostics(),
        artifacts: new ArtifactSet(),
        memo<T>(key: string, compute: () => T): T {
          if (!memos.has(key)) memos.set(key, compute());
          return memos.get(key) as T;
        },
      };
    },
  };
}

/**
 * Runs one validator on `body` posing as the artifact at `path`; every other registry entry counts as emitted
 * (or only those given). Returns the messages' place and rule.
 */
export function runValidator(
  loaded: Loaded,
  validator: Validator,
  path: string,
  body: string,
  emitted: RegistryEntry[] = [...loaded.registry.entries],
) {
  const artifacts = new ArtifactSet();
  for (const entry of emitted) artifacts.set({ entry, body: '' });
  const entry = loaded.registry.get(path)!;
  const artifact = { entry, body };
  artifacts.set(artifact);
  const diagnostics = new Diagnostics();
  validator(artifact, {
    model: loaded.model,
    registry: loaded.registry,
    diagnostics,
    artifacts,
    displayPath: (e) => `dist/${e.file}`,
  });
  return diagnostics.list().map(({ file, line, column, ruleId }) => ({ file, line, column, ruleId }));
}
