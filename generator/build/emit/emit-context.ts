// Makes the context every emitter receives: the model, the registry, the artifacts emitted so far, and a memo.
import type { Diagnostics } from '../messages/diagnostics.js';
import type { Model } from '../../model/types.js';
import type { Registry } from '../registry/registry.js';
import { ArtifactSet, type EmitContext } from '../registry/types.js';

export function createEmitContext(
  model: Model,
  registry: Registry,
  diagnostics: Diagnostics,
  artifacts: ArtifactSet = new ArtifactSet(),
): EmitContext {
  // One memo per build: a value computed by one emitter (a page's parsed tree, say) is shared by all the others.
  const memos = new Map<string, unknown>();
  return {
    artifacts,
    model,
    registry,
    diagnostics,
    memo<T>(key: string, compute: () => T): T {
      if (!memos.has(key)) memos.set(key, compute());
      return memos.get(key) as T;
    },
  };
}
