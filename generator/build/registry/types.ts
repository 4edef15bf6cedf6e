// The registry's shapes: one entry per emitted file, and the kind table that says how each kind is built and checked.
import type { Diagnostics } from '../messages/diagnostics.js';
import type { Model } from '../../model/types.js';
import type { Registry } from './registry.js';
import type { KeptVerdicts, VerdictKey } from '../cache/verdicts.js';
import type { KeptParts, PartedTexts } from '../cache/said-parts.js';
import { digestOf, type Digest } from '../cache/fingerprint.js';
import { decodeExactly } from '../text/exact-utf8.js';

export type { HostName, RegistryEntry } from './entry.js';
import type { HostName, RegistryEntry } from './entry.js';

export interface EmitContext {
  model: Model;
  registry: Registry;
  diagnostics: Diagnostics;
  /** Computes a value once per build and shares it between emitters (a page's parsed tree, for instance). */
  memo<T>(key: string, compute: () => T): T;
  /** What has been emitted so far (aliases included once the other kinds are done); read it only from an `emitLast` kind. */
  artifacts: ArtifactSet;
  /** The parts of llms-full.txt the last good build made (a build with a cache folder): see cache/said-parts.ts. */
  saidParts?: KeptParts;
  /**
   * A value computed from the build's scope alone (JSON data), by `compute` from the scope's view of the context (reading
   * more throws, as for `emitReadsScope`): with a cache folder, kept across builds in the same scope, so that an emitter
   * that reads more (the deploy manifest reads every file's digest) does not derive the same plan again. Absent: computed
   * each time (see `keptForScope`).
   */
  keepForScope?<T>(key: string, compute: (scoped: EmitContext) => T): T;
}

/** A value of the scope alone, kept across builds when the context can keep it (see `EmitContext.keepForScope`). */
export function keptForScope<T>(context: EmitContext, key: string, compute: (scoped: EmitContext) => T): T {
  return context.keepForScope ? context.keepForScope(key, compute) : compute(context);
}

export type Emitter = (entry: RegistryEntry, context: EmitContext) => string | Uint8Array;

/** One file of an artifact's stream: a path relative to the host's tree, and its text. */
export interface StreamedFile {
  file: string;
  body: string;
}

/**
 * Files an artifact has beside it that are too many to hold at once (one page context per published page): made one
 * at a time each time they are iterated, by the validators and again by the writer, and never kept.
 */
export interface ArtifactStream {
  /** The entry whose artifact describes the stream (its data file). */
  entry: RegistryEntry;
  /** The folder of the host's tree every file of the stream is in, with a trailing "/" ("_agent/page-context/"). */
  folder: string;
  /** Every file, in a fixed order, made as it is reached. */
  files(): Iterable<StreamedFile>;
  /** One file by its path, made (or read) alone; undefined when the stream has no such file. */
  file(file: string): string | undefined;
}

/** An emitted file, in memory, before validation and writing. */
export interface Artifact {
  entry: RegistryEntry;
  body: string | Uint8Array;
}

export interface ValidateContext {
  model: Model;
  registry: Registry;
  diagnostics: Diagnostics;
  /** Every artifact of the build, by host and file. */
  artifacts: ArtifactSet;
  /** The path shown in messages for a file (e.g. "dist/openapi.json"). */
  displayPath(entry: RegistryEntry): string;
  /** Verdicts of the last good build, kept per text (see generator/build/cache/verdicts.ts); none: check all. */
  verdicts?: KeptVerdicts;
  /** The texts this build made in parts (llms-full.txt), which the checks that read a part alone judge part by part. */
  parts?: PartedTexts;
}

/** What the checks need of the kept verdicts (the class is generator/build/cache/verdicts.ts). */
export type { KeptVerdicts, PartedTexts, VerdictKey };

export type Validator = (artifact: Artifact, context: ValidateContext) => void;

/**
 * A validator whose findings in a text are its findings in each of the text's parts, each read alone (a message said
 * once per text is said once per part). Of a text made in parts (llms-full.txt) it is given each part whose verdict is
 * not kept, as an artifact of its own, and its messages are placed in the whole file; a part it found fine is not read
 * again. A validator that reads across parts (the text's length, a sentence said in two of them) must not be one.
 */
export type PartValidator = Validator & { readonly partWise: true };

/** Declares a validator part-wise (see `PartValidator`). */
export function partWise(validator: Validator): PartValidator {
  return Object.assign(validator, { partWise: true as const });
}

export function isPartWise(validator: Validator): validator is PartValidator {
  return (validator as Partial<PartValidator>).partWise === true;
}

/** A check over the whole build (cross-artifact consistency, boundaries). */
export type TreeValidator = (context: ValidateContext) => void;

export interface KindDefinition {
  mediaType: string;
  /** Host that serves the kind (default: site). */
  host?: HostName;
  /** The output file for a requested path (default: the path without its leading slash). */
  file?(path: string): string;
  emit: Emitter;
  validate?: Validator[];
  /** Machine-readable discovery document (default false). */
  discovery?: boolean;
  /** Listed in sitemap.xml (default false). */
  inSitemap?: boolean;
  /** The kind's entries are data a handler answers their query route with: each gets `dataFor` = its path. */
  answersQueryRoute?: boolean;
  /** Emitted after every other kind and the aliases, so that its emitter may read their bytes (deploy manifest). */
  emitLast?: boolean;
  /**
   * The kind's emitter reads only the build's scope: the model without page bodies, the registry, and the artifacts of
   * other such kinds. Its bytes are then kept across builds with the scope, and a rebuild after a page's body changed
   * takes them instead of emitting again. Enforced: such an emitter that reads a page body or another artifact throws.
   */
  emitReadsScope?: boolean;
  /**
   * The folder (relative, ending in "/") of the files the kind's artifact streams beside it (`ArtifactStream`): they
   * belong to the entry, so a built tree's reader claims them and hands them to the kind's validators as a stream.
   */
  streamFolder?: string;
  /**
   * For a kind that streams files and reads only the scope: attaches again the stream of its artifact when the artifact
   * is taken from the last good build in the same scope (`body`), its files made only when read. Without it, such a
   * kind is emitted again at every build to make its stream.
   */
  streamAgain?(entry: RegistryEntry, body: string, context: EmitContext): void;
  /**
   * The kind's validators read only the artifact's own bytes (the files it streams beside it included), the model and
   * the registry (never another artifact's bytes), so a verdict that found nothing is kept for the same bytes in the
   * next build.
   */
  validatorsReadOwnBytes?: boolean;
  /**
   * For a kind that reads only the scope (`emitReadsScope`): its validators read only the artifact's bytes, the model
   * without page bodies, the registry and other such kinds' artifacts, all the same while the scope is, so a verdict
   * that found nothing is kept for the same bytes. Enforced as `emitReadsScope` is: reading more throws.
   */
  validatorsReadScope?: boolean;
  /** Entries this kind adds on its own (sub-files, other hosts' documents, data behind query routes). */
  derive?(model: Model, diagnostics: Diagnostics): DerivedEntry[];
}

/** An entry a kind derives: `kind` defaults to the deriving kind; file, host and media type come from the kind. */
export type DerivedEntry = Omit<RegistryEntry, 'file' | 'host' | 'mediaType' | 'discovery' | 'inSitemap' | 'kind'> &
  Partial<Pick<RegistryEntry, 'file' | 'host' | 'mediaType' | 'discovery' | 'inSitemap' | 'kind'>>;

export class ArtifactSet {
  /** Every artifact in the order it was first set (replacing one keeps its place). */
  private readonly order: Artifact[] = [];
  /**
   * Each artifact's place in that order, by host, then by file: a lookup takes the entry's own strings, with no key
   * made for it (a rebuild of 10,000 pages sets and asks for each of its 20,000 artifacts several times).
   */
  private readonly byHost = new Map<HostName, Map<string, number>>();
  /** Where in that order the artifact after the last one found is (see `get`). */
  private next = 0;
  /** The streams, in the order they were set, and by host and file as the artifacts are. */
  private readonly streamOrder: DigestedStream[] = [];
  private readonly streamsByHost = new Map<HostName, Map<string, number>>();
  /** Each artifact's digest, made when first asked for (the deploy manifest, a kept verdict, the writer all ask). */
  private readonly digests = new WeakMap<Artifact, Digest>();
  /** The texts decoded from bytes so far (each once per build). */
  private readonly texts = new WeakMap<Artifact, string>();
  set(artifact: Artifact): void {
    placeIn(this.byHost, this.order, artifact.entry, artifact);
  }
  /**
   * The artifact set for a host and file. Most are asked for in the order they were set (the registry's: the checks,
   * the deploy manifest), so the one after the last found is tried first, where two maps would be looked in.
   */
  get(host: HostName, file: string): Artifact | undefined {
    const next = this.order[this.next];
    if (next !== undefined && next.entry.file === file && next.entry.host === host) {
      this.next++;
      return next;
    }
    const at = this.byHost.get(host)?.get(file);
    if (at === undefined) return undefined;
    this.next = at + 1;
    return this.order[at];
  }
  byPath(path: string, host: HostName = 'site'): Artifact | undefined {
    for (const a of this.order) if (a.entry.path === path && a.entry.host === host) return a;
    return undefined;
  }
  values(): Artifact[] {
    return this.order.slice();
  }
  /**
   * Attaches the files an entry's artifact streams beside it (replacing any stream it had). The stream given back
   * notes each file's digest the first time the files are made, so that whoever needs only the digests (the deploy
   * manifest, the budgets, a kept verdict, the writer deciding what changed) does not make them again.
   */
  setStream(stream: ArtifactStream): void {
    placeIn(this.streamsByHost, this.streamOrder, stream.entry, digested(stream));
  }
  streamOf(entry: RegistryEntry): DigestedStream | undefined {
    const at = this.streamsByHost.get(entry.host)?.get(entry.file);
    return at === undefined ? undefined : this.streamOrder[at];
  }
  streams(): DigestedStream[] {
    return this.streamOrder.slice();
  }
  /** Tells an entry's stream the digests of all its files, known from a build that streamed the same files. */
  knowStreamDigests(entry: RegistryEntry, digests: ReadonlyMap<string, Digest>): void {
    this.streamOf(entry)?.know(digests);
  }
  /** The artifact's text: decoded from its bytes once, when first asked for (a kept page's HTML is mostly never). */
  text(artifact: Artifact): string {
    const body = artifact.body;
    if (typeof body === 'string') return body;
    let text = this.texts.get(artifact);
    if (text === undefined) this.texts.set(artifact, (text = decodeText(body)));
    return text;
  }
  /** Tells the digest of an artifact made from a file whose digest is known (a streamed file made again alone). */
  remember(artifact: Artifact, digest: Digest): void {
    if (artifact instanceof KeptArtifact) artifact.digest = digest;
    else this.digests.set(artifact, digest);
  }
  /**
   * The artifact's digest, made once per build (one hash per text, whoever asks). A kept page's artifact holds its own
   * (the render cache's): 20,000 of them are asked for it four times each in a rebuild after one edit.
   */
  digest(artifact: Artifact): Digest {
    if (artifact instanceof KeptArtifact) return (artifact.digest ??= digestOf(artifact.body));
    let digest = this.digests.get(artifact);
    if (!digest) this.digests.set(artifact, (digest = digestOf(artifact.body)));
    return digest;
  }
}

/** Puts `item` in `order` at the place its entry's host and file have there, or last when they have none. */
function placeIn<T>(
  places: Map<HostName, Map<string, number>>,
  order: T[],
  entry: Pick<RegistryEntry, 'host' | 'file'>,
  item: T,
): void {
  let files = places.get(entry.host);
  if (!files) places.set(entry.host, (files = new Map()));
  const at = files.get(entry.file);
  if (at === undefined) {
    files.set(entry.file, order.length);
    order.push(item);
  } else order[at] = item;
}

/** An artifact whose body is a kept page's bytes, read from the render cache when first asked for. */
export class KeptArtifact implements Artifact {
  /**
   * `kept`: what holds the body under `name` (read from the cache when first asked for); `digest`: its body's, when the
   * cache knows it (see ArtifactSet.digest).
   */
  constructor(
    readonly entry: RegistryEntry,
    private readonly kept: { readonly bodies: Readonly<Record<string, string | Uint8Array>> },
    private readonly name: string,
    public digest: Digest | undefined = undefined,
  ) {}

  get body(): string | Uint8Array {
    return this.kept.bodies[this.name]!;
  }
}

/** Whether an artifact's body is a kept page's bytes (not a text this build made), without reading it. */
export const isKeptBytes = (artifact: Artifact): boolean => artifact instanceof KeptArtifact;

/** Bytes this build encoded from its own texts (a kept page's body), decoded back to exactly that text. */
const encodedTexts = new WeakSet<Uint8Array>();
const asFile = new TextDecoder();

/** Marks bytes as the UTF-8 of a text this build made (a byte-order mark at its start is then the text's own). */
export function encodedText(bytes: Uint8Array): Uint8Array {
  encodedTexts.add(bytes);
  return bytes;
}

/** The text of bytes: exactly the text they encode when a build made them, otherwise as a file is read (BOM dropped). */
export function decodeText(bytes: Uint8Array): string {
  return encodedTexts.has(bytes) ? decodeExactly(bytes) : asFile.decode(bytes);
}

/** A stream that knows its files' digests once its files were made in full. */
export interface DigestedStream extends ArtifactStream {
  /** Every file's digest, in the stream's order: made (each file once) unless a full pass made them already. */
  digests(): ReadonlyMap<string, Digest>;
  /** Takes every file's digest as known (the same files were streamed before): no file is made to know them. */
  know(digests: ReadonlyMap<string, Digest>): void;
}

function digested(stream: ArtifactStream): DigestedStream {
  const digests = new Map<string, Digest>();
  let complete = false;
  const files = function* (): Generator<StreamedFile> {
    for (const part of stream.files()) {
      if (!complete && !digests.has(part.file)) digests.set(part.file, digestOf(part.body));
      yield part;
    }
    // Only a pass that reached the end knows every file (a reader may stop early).
    complete = true;
  };
  return {
    entry: stream.entry,
    folder: stream.folder,
    files,
    file: (file) => stream.file(file),
    digests() {
      if (!complete) for (const _ of files());
      return digests;
    },
    know(known) {
      digests.clear();
      for (const [file, digest] of known) digests.set(file, digest);
      complete = true;
    },
  };
}
