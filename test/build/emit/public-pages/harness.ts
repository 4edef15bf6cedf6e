// Builds the shipped content once per test file and re-runs one kind's validators on a corrupted copy of an artifact.
import { Diagnostics } from '../../../../generator/build/messages/diagnostics.js';
import { loadContent } from '../../../../generator/build/content/load.js';
import type { Model } from '../../../../generator/model/types.js';
import { runPipeline, type PipelineResult } from '../../../../generator/build/pipeline.js';
import { displayPath } from '../../../../generator/build/registry/display-path.js';
import { PROJECT_ROOT } from '../../../../generator/build/files/project-paths.js';
import { buildRegistry } from '../../../../generator/build/registry/build-registry.js';
import type { Registry } from '../../../../generator/build/registry/registry.js';
import type { KindTable } from '../../../../generator/build/registry/build-registry.js';
import { kinds as defaultKinds } from '../../../../generator/build/kinds.js';
import { ArtifactSet, type StreamedFile, type ValidateContext } from '../../../../generator/build/registry/types.js';
import { type PageContextData, shardFileOf } from '../../../../generator/runtime/query-routes/index.js';

export interface GoodBuild extends Required<Pick<PipelineResult, 'model' | 'registry' | 'artifacts'>> {
  diagnostics: Diagnostics;
}

export async function buildShipped(
  env: 'production' | 'preview' = 'production',
  kinds?: KindTable,
): Promise<GoodBuild> {
  const result = await runPipeline({ env, ...(kinds ? { kinds } : {}) });
  if (!result.model || !result.registry || !result.artifacts) {
    throw new Error(`The shipped content did not build:\n${result.diagnostics.report()}`);
  }
  return result as GoodBuild;
}

/** The shipped content's model and registry, without emitting (a fifth of a build's time). */
export async function loadShipped(): Promise<{ model: Model; registry: Registry }> {
  const diagnostics = new Diagnostics();
  const model = await loadContent(
    { contentDir: `${PROJECT_ROOT}/content`, schemaDir: `${PROJECT_ROOT}/schemas/content`, env: 'production' },
    diagnostics,
  );
  const registry = model && buildRegistry(model, defaultKinds, diagnostics);
  if (!model || !registry) throw new Error(`The shipped content did not load:\n${diagnostics.report()}`);
  return { model, registry };
}

export function text(build: GoodBuild, path: string): string {
  const artifact = build.artifacts.byPath(path);
  if (!artifact) throw new Error(`No artifact at ${path}`);
  return build.artifacts.text(artifact);
}

export function json<T = Record<string, any>>(build: GoodBuild, path: string): T {
  return JSON.parse(text(build, path)) as T;
}

/**
 * Replaces the artifact at `path` with `corrupt(its text)` and runs that kind's validators (and, with `also`, other
 * paths' validators, for checks that read several files). Returns the messages.
 */
export function validateCorrupted(
  build: GoodBuild,
  path: string,
  corrupt: (text: string) => string,
  options: { kinds?: KindTable; also?: string[]; corruptStream?: (files: StreamedFile[]) => StreamedFile[] } = {},
) {
  const kinds = options.kinds ?? defaultKinds;
  const artifacts = new ArtifactSet();
  for (const artifact of build.artifacts.values()) artifacts.set(artifact);
  for (const stream of build.artifacts.streams()) artifacts.setStream(stream);
  const target = build.artifacts.byPath(path);
  if (!target) throw new Error(`No artifact at ${path}`);
  artifacts.set({ entry: target.entry, body: corrupt(build.artifacts.text(target)) });
  const stream = build.artifacts.streamOf(target.entry);
  if (stream && options.corruptStream) {
    const files = options.corruptStream([...stream.files()]);
    artifacts.setStream({ ...stream, files: () => files, file: (f) => files.find((x) => x.file === f)?.body });
  }
  const diagnostics = new Diagnostics();
  const context: ValidateContext = {
    model: build.model,
    registry: build.registry,
    diagnostics,
    artifacts,
    displayPath: (e) => displayPath(e),
  };
  for (const p of [path, ...(options.also ?? [])]) {
    const artifact = artifacts.byPath(p)!;
    for (const validator of kinds[artifact.entry.kind]?.validate ?? []) validator(artifact, context);
  }
  return diagnostics.list();
}

export const ruleIds = (messages: { ruleId: string; fatal: boolean }[]) => [
  ...new Set(messages.filter((m) => m.fatal).map((m) => m.ruleId)),
];

/** Edits a JSON text through its parsed value, keeping the two-space layout. */
export const editJson = (edit: (value: any) => void) => (text: string) => {
  const value = JSON.parse(text);
  edit(value);
  return `${JSON.stringify(value, null, 2)}\n`;
};

/** Reads one shard of a build, by its site path ("/_agent/page-context/0.json"), as a handler does: its text. */
export const contextReader = (build: GoodBuild) => (file: string) => {
  const entry = build.registry.ofKind('page-context')[0]!;
  return build.artifacts.streamOf(entry)?.file(file.slice(1));
};

/** The tree path of the shard that holds a site path's context in a build ("_agent/page-context/0.json"). */
export const shardTreeFile = (build: GoodBuild, path: string) =>
  shardFileOf(json<PageContextData>(build, '/api/agent/page-context').contexts, path).slice(1);

/** Edits one streamed file (a tree path) through its parsed value, or drops it when `edit` returns null. */
export const editStreamed = (file: string, edit: (value: any) => unknown) => (files: StreamedFile[]) => {
  const at = files.findIndex((f) => f.file === file);
  if (at < 0) throw new Error(`No streamed file ${file}`);
  const value = JSON.parse(files[at]!.body);
  if (edit(value) === null) return files.filter((_, i) => i !== at);
  return files.map((f, i) => (i === at ? { file: f.file, body: JSON.stringify(value) } : f));
};

/** Edits the context of one site path in whichever shard holds it, or drops the entry when `edit` returns null. */
export const editContext = (path: string, edit: (context: any) => unknown) => (files: StreamedFile[]) => {
  const at = files.findIndex((f) => Object.hasOwn(JSON.parse(f.body), path));
  if (at < 0) throw new Error(`No shard holds ${path}`);
  return editStreamed(files[at]!.file, (shard) => {
    if (edit(shard[path]) === null) delete shard[path];
  })(files);
};
