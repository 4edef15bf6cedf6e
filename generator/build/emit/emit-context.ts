// Makes the context every emitter receives: the model, the registry, the artifacts emitted so far, and a memo.
import type { Diagnostics, MessageInput, Stage } from '../messages/diagnostics.js';
import type { EmitMessage } from '../cache/emitted.js';
import type { Model, Page } from '../../model/types.js';
import { fieldsButBody } from '../cache/page-fields.js';
import type { Registry } from '../registry/registry.js';
import { type Artifact, ArtifactSet, type EmitContext, type RegistryEntry } from '../registry/types.js';

export function createEmitContext(
  model: Model,
  registry: Registry,
  diagnostics: Diagnostics,
  artifacts: ArtifactSet = new ArtifactSet(),
): EmitContext {
  // One memo per build: a value computed by one emitter (a page's parsed tree, say) is shared by all the others.
  return { artifacts, model, registry, diagnostics, memo: memoOf(new Map()) };
}

function memoOf(memos: Map<string, unknown>): EmitContext['memo'] {
  return <T>(key: string, compute: () => T): T => {
    // One lookup for a value known (most asks: each of 10,000 pages' rendering is asked for several times).
    const known = memos.get(key);
    if (known !== undefined || memos.has(key)) return known as T;
    const value = compute();
    memos.set(key, value);
    return value;
  };
}

/**
 * The context of the emitters that declare they read only the build's scope (`emitReadsScope`): the same model with
 * every page body unreadable, only the artifacts of other such kinds, a memo of their own (a value another emitter
 * computed from page bodies never reaches them), and a diagnostics that tells `said` what they say. Reading anything
 * else throws, so a kind that declares too much fails its first build instead of publishing stale bytes.
 */
export function scopeContext(
  context: EmitContext,
  readsScope: (entry: RegistryEntry) => boolean,
): { contextFor: (said: (message: EmitMessage) => void) => EmitContext; say: (message: EmitMessage) => void } {
  // Made when a kind is emitted (a rebuild that keeps every such artifact makes none).
  let model: Model | undefined;
  const artifacts = scopeArtifacts(context.artifacts, readsScope);
  const memo = memoOf(new Map());
  // A message is said once per build: a kept artifact says again what its emitter said, and a value its emitter
  // computed in the memo (and said something about) may be computed again by another such emitter that is made.
  const saidOnce = new Set<string>();
  const say = (message: EmitMessage) => {
    const key = JSON.stringify(message);
    if (saidOnce.has(key)) return;
    saidOnce.add(key);
    if (message.fatal) context.diagnostics.error('emit', message.input);
    else context.diagnostics.warn('emit', message.input);
  };
  return {
    contextFor: (said) => ({
      get model() {
        return (model ??= modelWithoutBodies(context.model));
      },
      registry: context.registry,
      artifacts,
      memo,
      // Such an emitter's artifact is kept whole with the scope: a value it computes needs no keeping of its own.
      keepForScope(_key, compute) {
        return compute(this);
      },
      diagnostics: telling(context.diagnostics, (message) => {
        said(message);
        say(message);
      }),
    }),
    say,
  };
}

/** The model with every page body unreadable: reading one throws. Made once per model (emit and validate share it). */
export function modelWithoutBodies(model: Model): Model {
  let scoped = withoutBodies.get(model);
  if (!scoped) withoutBodies.set(model, (scoped = { ...model, pages: model.pages.map(withoutBody) }));
  return scoped;
}

const withoutBodies = new WeakMap<Model, Model>();

function withoutBody(page: Page): Page {
  return Object.defineProperty(fieldsButBody(page), 'body', {
    enumerable: false,
    get() {
      throw new Error(
        `code that declares it reads only the scope read the body of ${page.source.file}; remove its emitReadsScope or validatorsReadScope`,
      );
    },
  }) as Page;
}

/** The artifacts as seen from the scope: reading one of a kind that reads more than the scope throws. */
export function scopeArtifacts(artifacts: ArtifactSet, readsScope: (entry: RegistryEntry) => boolean): ArtifactSet {
  const check = (artifact: Artifact | undefined) => {
    if (artifact && !readsScope(artifact.entry))
      throw new Error(
        `code that declares it reads only the scope read ${artifact.entry.path}, made from more than the scope; remove its emitReadsScope or validatorsReadScope`,
      );
    return artifact;
  };
  return new Proxy(artifacts, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'get' || property === 'byPath')
        return (...args: unknown[]) => check((value as (...a: unknown[]) => Artifact | undefined).apply(target, args));
      if (property === 'values')
        return () => {
          throw new Error('code that declares it reads only the scope listed every artifact');
        };
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** A view of the diagnostics whose messages go to `said` (which adds them); everything else is read through. */
function telling(diagnostics: Diagnostics, said: (message: EmitMessage) => void): Diagnostics {
  const view = Object.create(diagnostics) as Diagnostics;
  view.error = (_stage: Stage, input: MessageInput) => said({ fatal: true, input });
  view.warn = (_stage: Stage, input: MessageInput) => said({ fatal: false, input });
  return view;
}
