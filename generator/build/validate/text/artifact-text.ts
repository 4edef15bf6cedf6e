// The published artifacts of a build as text, with their format, parsed JSON and positions, computed once per check run.
import type { Artifact, RegistryEntry, ValidateContext, VerdictKey } from '../../registry/types.js';
import type { SourcePlace } from '../../../model/types.js';
import { TextIndex } from '../../text/text-index.js';
import { jsonOffsets } from '../../text/json-positions.js';
import type { JsonPath } from '../../text/json-walk.js';

/** How the text checks read an artifact. llms files are Markdown served as text/plain. */
import type { TextFormat } from '../../text/text-format.js';

export type { TextFormat };

/**
 * A text as a check reads it: whole (an `ArtifactText`), or only the parts of a text made in parts whose verdicts
 * were not kept (a `PartsView`, which has no `text`: a check that may be given one reads it through its stretches,
 * see artifact-units.ts).
 */
export interface TextView {
  entry: RegistryEntry;
  format: TextFormat;
  /** The text whole; absent from a view of some of its parts. */
  text?: string;
  /** The parsed document of a JSON artifact; undefined when it does not parse (its own validators say so). */
  json?: unknown;
  /** Where an offset of the text is, as a message place in the built tree (dist/x.md:3:7). */
  place(offset: number): SourcePlace;
  /** Offset of a JSON artifact's value at a path (its member name with `key`); 0 for other artifacts. */
  offsetAt(path: JsonPath, key?: boolean): number;
  display: string;
  /** The check run the text belongs to: what the checks share for one run is kept per run, and goes with it. */
  run: object;
}

export interface ArtifactText extends TextView {
  artifact: Artifact;
  entry: RegistryEntry;
  format: TextFormat;
  text: string;
  /** The parsed document of a JSON artifact; undefined when it does not parse (its own validators say so). */
  json?: unknown;
  /** Where an offset of the text is, as a message place in the built tree (dist/x.md:3:7). */
  place(offset: number): SourcePlace;
  /** Offset of a JSON artifact's value at a path (its member name with `key`); 0 for other artifacts. */
  offsetAt(path: JsonPath, key?: boolean): number;
  display: string;
  /** The check run the text belongs to: what the checks share for one run is kept per run, and goes with it. */
  run: object;
  /** The text's key among the kept verdicts, made by the first check that asks (every check of the run shares it). */
  verdictKey?: VerdictKey;
}

export function formatOf(entry: RegistryEntry): TextFormat | undefined {
  // Asked of each of 20,000 entries by several checks: each media type is read once.
  let type = mediaTypes.get(entry.mediaType);
  if (type === undefined) mediaTypes.set(entry.mediaType, (type = entry.mediaType.split(';')[0]!.trim().toLowerCase()));
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'text/markdown') return 'markdown';
  if (type === 'text/html') return 'html';
  if (type === 'application/xml' || type === 'text/xml') return 'xml';
  if (type === 'text/plain') return /llms(-full)?\.txt$/.test(entry.path) ? 'markdown' : 'plain';
  return undefined;
}

const mediaTypes = new Map<string, string>();

// Per check run: a context is made once per validation, so a changed artifact set is never read stale.
const cache = new WeakMap<ValidateContext, ArtifactText[]>();
/** The run object of a context: what publishedTexts and streamedTexts make for one validation share it. */
const runs = new WeakMap<ValidateContext, object>();

function runOf(context: ValidateContext): object {
  let run = runs.get(context);
  if (!run) runs.set(context, (run = {}));
  return run;
}

/** Whether an entry's files publish text the tree checks read: not binary assets, not the `deploy` pseudo-host. */
function publishes(entry: RegistryEntry): boolean {
  return entry.host !== 'deploy' && entry.kind !== 'static';
}

/**
 * Every published text artifact held in memory: the site's and the other hosts' files, not binary assets and not the
 * `deploy` pseudo-host (deployment files are never served, so they publish nothing). The files artifacts stream
 * beside them are in `streamedTexts`.
 */
export function publishedTexts(context: ValidateContext): ArtifactText[] {
  const known = cache.get(context);
  if (known) return known;
  const texts: ArtifactText[] = [];
  const run = runOf(context);
  for (const artifact of context.artifacts.values()) {
    if (!publishes(artifact.entry)) continue;
    const item = textOf(artifact, context, run);
    if (item) texts.push(item);
  }
  cache.set(context, texts);
  return texts;
}

/**
 * The files artifacts stream beside them (one page context per page), each as a text of its own named by its own
 * path (dist/_agent/page-context/7.json), made as it is reached and never kept: a catalog has thousands of them.
 * `skip`: told each file's display path and hash first (from the stream's digests); a file it skips is not made.
 */
export function* streamedTexts(
  context: ValidateContext,
  skip?: (display: string, hash: string) => boolean,
): Generator<ArtifactText> {
  const run = runOf(context);
  for (const stream of context.artifacts.streams()) {
    if (!publishes(stream.entry)) continue;
    const entryOf = (file: string): RegistryEntry => ({ ...stream.entry, file, path: `/${file}` });
    if (!skip) {
      for (const part of stream.files()) {
        const item = textOf({ entry: entryOf(part.file), body: part.body }, context, run);
        if (item) yield item;
      }
      continue;
    }
    for (const [file, digest] of stream.digests()) {
      const entry = entryOf(file);
      if (!formatOf(entry) || skip(context.displayPath(entry), digest.hash)) continue;
      const body = stream.file(file);
      if (body === undefined) continue;
      const artifact = { entry, body };
      context.artifacts.remember(artifact, digest);
      const item = textOf(artifact, context, run);
      if (item) yield item;
    }
  }
}

function textOf(artifact: Artifact, context: ValidateContext, run: object): ArtifactText | undefined {
  const format = formatOf(artifact.entry);
  return format && new PublishedText(artifact, format, context, run);
}

/**
 * A published text as the checks read it. One object a text, its text decoded, its JSON parsed and its lines indexed
 * when a check first asks: a rebuild of 10,000 pages makes one for each of 20,000 texts, nearly all of whose verdicts
 * are kept, so none of that is ever made for them.
 */
class PublishedText implements ArtifactText {
  readonly entry: RegistryEntry;
  readonly display: string;
  verdictKey?: VerdictKey;
  private decoded?: string;
  private index?: TextIndex;
  private offsets?: ReturnType<typeof jsonOffsets> | null;
  private parsed?: { value: unknown };

  constructor(
    readonly artifact: Artifact,
    readonly format: TextFormat,
    private readonly context: ValidateContext,
    readonly run: object,
  ) {
    this.entry = artifact.entry;
    this.display = context.displayPath(artifact.entry);
  }

  /** Decoded when a check first reads it: a kept page's bytes whose verdicts are all kept are never decoded. */
  get text(): string {
    return (this.decoded ??= this.context.artifacts.text(this.artifact));
  }

  /** A JSON artifact's document, parsed when a check first reads it; undefined for other formats and unreadable JSON. */
  get json(): unknown {
    if (this.format !== 'json') return undefined;
    if (!this.parsed) {
      try {
        this.parsed = { value: JSON.parse(this.text) };
      } catch {
        // Its kind's own validators report unreadable JSON; the tree checks skip what they cannot read.
        this.parsed = { value: undefined };
      }
    }
    return this.parsed.value;
  }

  place(offset: number): SourcePlace {
    this.index ??= new TextIndex(this.text);
    return { file: this.display, ...this.index.position(offset) };
  }

  offsetAt(path: JsonPath, key?: boolean): number {
    if (this.offsets === undefined) this.offsets = this.format === 'json' ? jsonOffsets(this.text) : null;
    return this.offsets ? this.offsets(path, key) : 0;
  }
}
