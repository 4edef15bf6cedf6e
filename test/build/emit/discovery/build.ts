// Test support for the discovery family: builds the shipped content in memory, and re-checks one corrupted artifact.
import { Diagnostics } from '../../../../generator/build/messages/diagnostics.js';
import type { EnvironmentName } from '../../../../generator/model/types.js';
import { runPipeline, type PipelineResult } from '../../../../generator/build/pipeline.js';
import { displayPath } from '../../../../generator/build/registry/display-path.js';
import { kindsOf, type KindTable } from '../../../../generator/build/registry/build-registry.js';
import type { KindName } from '../../../../generator/model/kinds.js';
import { kinds } from '../../../../generator/build/kinds.js';
import {
  ArtifactSet,
  type Artifact,
  type HostName,
  type ValidateContext,
} from '../../../../generator/build/registry/types.js';

export const DISCOVERY_KINDS: readonly KindName[] = [
  'openapi',
  'mcp-server-card',
  'a2a-agent-card',
  'agent-discovery',
  'api-catalog',
  'oauth-protected-resource',
  'oauth-authorization-server',
];

/** The discovery family's kinds alone, every other kind a trivial stand-in: a build that only our checks can fail. */
export function isolatedKindTable(): KindTable {
  const table = { ...kinds };
  for (const [kind, definition] of kindsOf(kinds)) {
    if (!DISCOVERY_KINDS.includes(kind)) table[kind] = { ...definition, emit: () => 'stand-in\n', validate: [] };
  }
  return table;
}

export interface Built extends Required<Pick<PipelineResult, 'model' | 'registry' | 'artifacts'>> {
  diagnostics: Diagnostics;
  kinds: KindTable;
}

/** Builds the shipped content in memory with our kinds (other families stand in, so their cost and checks stay theirs). */
export async function buildShipped(env: EnvironmentName): Promise<Built> {
  const table = isolatedKindTable();
  const result = await runPipeline({ env, kinds: table });
  if (!result.model || !result.registry || !result.artifacts) {
    throw new Error(`The shipped content did not build:\n${result.diagnostics.report()}`);
  }
  return { ...result, model: result.model, registry: result.registry, artifacts: result.artifacts, kinds: table };
}

/** Messages of the discovery family's own validators (other families' messages are theirs). */
export function discoveryMessages(built: Built) {
  const ours = new Set(
    built.registry.entries.filter((e) => DISCOVERY_KINDS.includes(e.kind)).map((e) => displayPath(e)),
  );
  return built.diagnostics.list().filter((m) => ours.has(m.file));
}

export function artifactOf(built: Built, path: string, host: HostName = 'site'): Artifact {
  const artifact = built.artifacts.byPath(path, host);
  if (!artifact) throw new Error(`No artifact at ${host} ${path}`);
  return artifact;
}

export function jsonOf(built: Built, path: string, host: HostName = 'site'): any {
  return JSON.parse(built.artifacts.text(artifactOf(built, path, host)));
}

/**
 * Replaces one artifact by a corrupted copy (a function that edits its parsed JSON, or raw text) and runs its
 * kind's validators over it; returns their messages and the corrupted body.
 */
export function checkCorrupted(
  built: Built,
  path: string,
  corrupt: ((doc: any) => void) | string,
  host: HostName = 'site',
  overrides: Partial<Pick<ValidateContext, 'model'>> = {},
) {
  const original = artifactOf(built, path, host);
  let body: string;
  if (typeof corrupt === 'string') {
    body = corrupt;
  } else {
    const doc = JSON.parse(built.artifacts.text(original));
    corrupt(doc);
    body = `${JSON.stringify(doc, null, 2)}\n`;
  }
  const artifact: Artifact = { entry: original.entry, body };
  const artifacts = new ArtifactSet();
  for (const a of built.artifacts.values()) artifacts.set(a);
  artifacts.set(artifact);
  const diagnostics = new Diagnostics();
  const context: ValidateContext = {
    model: overrides.model ?? built.model,
    registry: built.registry,
    diagnostics,
    artifacts,
    displayPath: (e) => displayPath(e),
  };
  for (const validate of built.kinds[original.entry.kind]?.validate ?? []) validate(artifact, context);
  return { messages: diagnostics.list(), body };
}

/** The line (1-based) of the first occurrence of a text in a JSON body, to check that messages point at it. */
export function lineOfText(body: string, text: string): number {
  const at = body.indexOf(text);
  if (at < 0) throw new Error(`${text} not in body`);
  return body.slice(0, at).split('\n').length;
}
