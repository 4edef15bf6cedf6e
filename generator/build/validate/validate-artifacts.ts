// Validate stage: runs each artifact's own validators, then the checks over the whole tree.
import type { Diagnostics, MessageInput, Stage } from '../messages/diagnostics.js';
import type { Model } from '../../model/types.js';
import type { KindTable } from '../registry/build-registry.js';
import type { Registry } from '../registry/registry.js';
import {
  isPartWise,
  type Artifact,
  type ArtifactSet,
  type KeptVerdicts,
  type PartedTexts,
  type RegistryEntry,
  type TreeValidator,
  type ValidateContext,
  type VerdictKey,
} from '../registry/types.js';
import { checkStreamedTexts, noJudgement } from './text/text-check.js';
import { openSegments, segmentsOf } from './text/text-parts.js';
import { formatOf } from './text/artifact-text.js';
import { sha256 } from '../cache/fingerprint.js';
import { modelWithoutBodies, scopeArtifacts } from '../emit/emit-context.js';
import { treeValidators as defaultTreeValidators } from './tree-validators.js';

export interface ValidateInput {
  model: Model;
  registry: Registry;
  kinds: KindTable;
  artifacts: ArtifactSet;
  diagnostics: Diagnostics;
  displayPath(entry: RegistryEntry): string;
  treeValidators?: TreeValidator[];
  /** Where the artifacts come from: the build in memory (default) or a built tree read from disk (`npm run validate`). */
  origin?: 'build' | 'tree';
  /** Told how many registry entries have been checked so far (for a progress line). */
  onValidated?: (done: number) => void;
  /** The last good build's verdicts (a build with a cache folder): a text judged fine before is not judged again. */
  verdicts?: KeptVerdicts;
  /** The texts the build made in parts: judged part by part by the checks that read a part alone. */
  parts?: PartedTexts;
}

export function validateArtifacts(input: ValidateInput): void {
  const context: ValidateContext = {
    model: input.model,
    registry: input.registry,
    diagnostics: input.diagnostics,
    artifacts: input.artifacts,
    displayPath: input.displayPath,
    verdicts: input.verdicts,
    parts: input.parts,
  };
  // What the validators that declare they read only the scope see: made once, when the first is run.
  let scoped: ValidateContext | undefined;
  const scopeView = () =>
    (scoped ??= {
      ...context,
      model: modelWithoutBodies(context.model),
      artifacts: scopeArtifacts(context.artifacts, (e) => input.kinds[e.kind]?.emitReadsScope === true),
    });
  const findings = () => input.diagnostics.count;
  let done = 0;
  for (const entry of input.registry.entries) {
    input.onValidated?.(done++);
    const artifact = input.artifacts.get(entry.host, entry.file);
    if (!artifact) {
      const fromTree = input.origin === 'tree';
      input.diagnostics.error('validate', {
        ruleId: 'missing-artifact',
        reason: fromTree
          ? `${entry.path} is in the registry but ${input.displayPath(entry)} is missing from the built tree.`
          : `${entry.path} is in the registry but ${input.displayPath(entry)} was not emitted.`,
        fix: fromTree
          ? 'Rebuild the tree (npm run build) rather than editing or pruning it; if the content changed since, rebuild anyway.'
          : 'Rebuild; if it persists, the emitter of this kind is broken.',
        file: input.displayPath(entry),
      });
      continue;
    }
    const kind = input.kinds[entry.kind];
    const readsScope = kind?.validatorsReadScope === true && kind.emitReadsScope === true;
    const verdicts = kind?.validatorsReadOwnBytes || readsScope ? input.verdicts : undefined;
    const display = input.displayPath(entry);
    let key: VerdictKey | undefined;
    for (const validator of kind?.validate ?? []) {
      // A text made in parts, to a validator that reads a part alone: the parts whose verdicts are not kept, each alone.
      const segments = verdicts && isPartWise(validator) ? segmentsOf(context, artifact, formatOf(entry)) : undefined;
      if (segments) {
        for (const { segment, key: segmentKey } of openSegments(verdicts!, display, segments)) {
          const part = { entry, body: segment.text };
          const run = () =>
            validator(part, { ...context, diagnostics: shifted(input.diagnostics, display, segment.line - 1) });
          guarded(input.diagnostics, display, () => verdicts!.judge(segmentKey, findings, run));
        }
        continue;
      }
      if (verdicts) {
        // Its bytes are read to make it (a kept page's, from the render cache): a failure is reported as a validator's.
        if (
          key === undefined &&
          !guarded(input.diagnostics, display, () => (key = verdictKey(verdicts, display, artifact, context)))
        )
          break;
        // Kept: only counted (nothing is made for each of the 20,000 files a rebuild after one edit keeps).
        if (verdicts.kept(key!)) {
          verdicts.judge(key!, findings, noJudgement);
          continue;
        }
      }
      const run = () => validator(artifact, readsScope ? scopeView() : context);
      guarded(input.diagnostics, display, () => (verdicts ? verdicts.judge(key!, findings, run) : run()));
    }
  }
  input.onValidated?.(done);
  const treeValidators = input.treeValidators ?? defaultTreeValidators;
  for (const validator of treeValidators) {
    guarded(input.diagnostics, '(build)', () => validator(context));
  }
  // The files streamed beside artifacts (page contexts) are too many to hold: read once for every text check.
  checkStreamedTexts(context, treeValidators, (file, run) => guarded(input.diagnostics, file, run));
}

/**
 * The key of the verdicts on an artifact's own bytes: its digest, and, for an artifact with files streamed beside it
 * (the page contexts' shards), their digests too: its validators read them as its own.
 */
function verdictKey(verdicts: KeptVerdicts, display: string, artifact: Artifact, context: ValidateContext): VerdictKey {
  const own = context.artifacts.digest(artifact).hash;
  const stream = context.artifacts.streamOf(artifact.entry);
  if (!stream) return verdicts.key(display, own);
  const parts = [own];
  for (const [file, digest] of stream.digests()) parts.push(file, digest.hash);
  return verdicts.key(display, sha256(...parts).slice(0, 32));
}

/** A view of the diagnostics that moves the messages placed in `file` down by `lines` (a part's place in its file). */
function shifted(diagnostics: Diagnostics, file: string, lines: number): Diagnostics {
  const view = Object.create(diagnostics) as Diagnostics;
  const move = (input: MessageInput): MessageInput =>
    input.place?.file === file && input.place.line !== undefined
      ? { ...input, place: { ...input.place, line: input.place.line + lines } }
      : input;
  view.error = (stage: Stage, input: MessageInput) => diagnostics.error(stage, move(input));
  view.warn = (stage: Stage, input: MessageInput) => diagnostics.warn(stage, move(input));
  return view;
}

/** A validator that throws is a bug, but it must still fail the build with a message, not crash it. False when it threw. */
function guarded(diagnostics: Diagnostics, file: string, run: () => void): boolean {
  try {
    run();
    return true;
  } catch (error) {
    diagnostics.error('validate', {
      ruleId: 'validator-crash',
      reason: `A validator failed unexpectedly: ${error instanceof Error ? error.message : String(error)}.`,
      fix: 'This is a bug in the generator; report it with this message.',
      file,
    });
    return false;
  }
}
