// Test helpers: one good in-memory build per environment, and a copy of it broken in one way, checked by one tree check.
import { everyKind } from './stub-kinds.js';
import { Diagnostics } from '../../generator/build/messages/diagnostics.js';
import type { EnvironmentName } from '../../generator/model/types.js';
import { runPipeline, type PipelineResult } from '../../generator/build/pipeline.js';
import { displayPath } from '../../generator/build/registry/display-path.js';
import { ArtifactSet, type HostName, type TreeValidator } from '../../generator/build/registry/types.js';
import { validateArtifacts } from '../../generator/build/validate/validate-artifacts.js';

const builds = new Map<EnvironmentName, Promise<PipelineResult>>();

/** The shipped content built in memory (once per environment and test file). */
export function goodBuild(env: EnvironmentName = 'production'): Promise<PipelineResult> {
  if (!builds.has(env)) builds.set(env, runPipeline({ env }));
  return builds.get(env)!;
}

export type Message = ReturnType<Diagnostics['list']>[number];

/** The text of one artifact of a build, by path (and host). */
export function textOf(result: PipelineResult, path: string, host: HostName = 'site'): string {
  const artifact = result.artifacts!.byPath(path, host);
  if (!artifact) throw new Error(`no artifact ${host} ${path}`);
  return result.artifacts!.text(artifact);
}

/**
 * Runs tree checks on the build with some artifacts replaced. `changes` maps "path" or "host:path" to a function of
 * the artifact's text; the function must change it (a fixture that no longer applies fails loudly). A streamed file
 * (a shard of the page contexts) is named by its own path on its host ("/_agent/page-context/0.json").
 */
export function checkWith(
  result: PipelineResult,
  validators: TreeValidator[],
  changes: Record<string, (text: string) => string> = {},
): Message[] {
  const artifacts = new ArtifactSet();
  const pending = new Set(Object.keys(changes));
  for (const artifact of result.artifacts!.values()) {
    const key = artifact.entry.host === 'site' ? artifact.entry.path : `${artifact.entry.host}:${artifact.entry.path}`;
    const change = changes[key];
    if (!change) {
      artifacts.set(artifact);
      continue;
    }
    pending.delete(key);
    const before = result.artifacts!.text(artifact);
    const after = change(before);
    if (after === before) throw new Error(`the change to ${key} changed nothing`);
    artifacts.set({ entry: artifact.entry, body: after });
  }
  for (const stream of result.artifacts!.streams()) {
    const keyOf = (file: string) => (stream.entry.host === 'site' ? `/${file}` : `${stream.entry.host}:/${file}`);
    const changed = (file: string, body: string) => {
      const change = changes[keyOf(file)];
      if (!change) return body;
      const after = change(body);
      if (after === body) throw new Error(`the change to ${keyOf(file)} changed nothing`);
      return after;
    };
    for (const { file } of stream.files()) pending.delete(keyOf(file));
    artifacts.setStream({
      ...stream,
      *files() {
        for (const part of stream.files()) yield { file: part.file, body: changed(part.file, part.body) };
      },
      file(file) {
        const body = stream.file(file);
        return body === undefined ? undefined : changed(file, body);
      },
    });
  }
  if (pending.size > 0) throw new Error(`no artifact for ${[...pending].join(', ')}`);
  const diagnostics = new Diagnostics();
  validateArtifacts({
    model: result.model!,
    registry: result.registry!,
    kinds: everyKind({}),
    artifacts,
    diagnostics,
    displayPath: (e) => displayPath(e),
    treeValidators: validators,
  });
  return diagnostics.list();
}

/** Replaces one exact string; throws when it is not there, so that a drifted fixture cannot pass silently. */
export function replace(from: string | RegExp, to: string): (text: string) => string {
  return (text) => {
    if (typeof from === 'string' ? !text.includes(from) : !from.test(text))
      throw new Error(`fixture text not found: ${String(from)}`);
    return text.replace(from, to);
  };
}

/** Edits a JSON artifact as data; written back with the same two-space indentation the emitters use. */
export function editJson(edit: (doc: any) => void): (text: string) => string {
  return (text) => {
    const doc = JSON.parse(text);
    edit(doc);
    return JSON.stringify(doc, null, 2);
  };
}

/** The 1-based line and column of the first occurrence of a string in a text. */
export function positionOf(text: string, needle: string): { line: number; column: number } {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`not found: ${needle}`);
  const before = text.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** The position of the first occurrence of `needle` after `anchor` (for JSON values that repeat elsewhere). */
export function positionAfter(text: string, anchor: string, needle: string): { line: number; column: number } {
  const start = text.indexOf(anchor);
  const index = text.indexOf(needle, start);
  if (start < 0 || index < 0) throw new Error(`not found: ${needle} after ${anchor}`);
  return positionOf(`${text.slice(0, index)}\u0000`, '\u0000');
}

/** Appends a paragraph to a Markdown artifact. */
export const appendParagraph = (paragraph: string) => (text: string) => `${text.trimEnd()}\n\n${paragraph}\n`;
