// The dev loop's state: rebuilds the content on request (one build at a time), keeps the last good build, and says
// what the latest attempt found. Never throws on bad content.
//
// Two paths (issue 7). When saves changed only the bodies of existing pages, those pages are checked and rendered on
// top of the served build and served at once (phase `pages`); the whole build then runs in the background and,
// when it passes, replaces the served build (phase `complete`; pages reload only if their HTML differs). Any other
// change (facts, schemas, static files, a page added, removed, retitled or reordered) takes the whole build (phase
// `full`), as does a session whose latest whole build or completion found problems.
import { CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR } from '../../build/files/project-paths.js';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { hashFolder } from '../../build/cache/fingerprint.js';
import { ContentSchemas } from '../../build/content/schema-check.js';
import { Diagnostics } from '../../build/messages/diagnostics.js';
import type { Addresses } from '../../model/types.js';
import { runPipeline } from '../../build/pipeline.js';
import type { KindTable } from '../../build/registry/build-registry.js';
import { kinds as defaultKinds } from '../../build/kinds.js';
import { ArtifactSet, type RegistryEntry } from '../../build/registry/types.js';
import { essence } from '../audit/media-type.js';
import { BackgroundBuilder, fileKey, streamDigest, type Completion } from './background-build.js';
import type { Problem } from './live-reload.js';
import { applyPageEdits } from './page-edit.js';
import type { GoodBuild } from './good-build.js';

export type { GoodBuild };
import type { ChangedFileWriter, WriteCounts } from './write-changed.js';

/** `full`: the whole build; `pages`: the fast path for edited page bodies; `complete`: its background completion. */
export type BuildPhase = 'full' | 'pages' | 'complete';

export type BuildOutcome =
  | {
      ok: true;
      phase: BuildPhase;
      build: GoodBuild;
      ms: number;
      written?: WriteCounts;
      diagnostics: Diagnostics;
      /** For the fast path: the entries it rendered again. */
      changed?: RegistryEntry[];
    }
  | { ok: false; phase: BuildPhase; problems: Problem[]; ms: number; diagnostics?: Diagnostics };

export interface DevSessionOptions {
  contentDir?: string;
  schemaDir?: string;
  kinds?: KindTable;
  addresses: Addresses;
  writer?: ChangedFileWriter;
  /** The render cache (issue 7): with it, a rebuild renders again only the pages whose source changed. */
  cacheDir?: string;
}

export class DevSession {
  current?: GoodBuild;
  problems: Problem[] = [];
  private running?: Promise<void>;
  private again = false;
  private readonly listeners: ((outcome: BuildOutcome) => void)[] = [];
  /** Fingerprint of the content and schemas the latest whole build read (issue 7's folder hash). */
  private lastInputs?: string;
  /** Saved files the served build does not reflect yet (kept across a fast attempt that found problems). */
  private readonly saved = new Set<string>();
  /** A rebuild was asked for without saying what changed: only the whole build knows. */
  private wholeRequested = false;
  /** Where the current problems come from: the fast path checks them again; a whole build's need a whole build. */
  private problemsFrom?: 'pages' | 'whole';
  /** Bumped whenever a build is attempted or served: a background completion started before it is out of date. */
  private generation = 0;
  private lastId = 0;
  private schemas?: ContentSchemas;
  private schemasHash?: string;
  private readonly background: BackgroundBuilder;
  private completing?: Promise<void>;
  private completeAgain = false;
  private needsCompletion = false;
  private closed = false;

  constructor(private readonly options: DevSessionOptions) {
    const { contentDir, schemaDir, addresses, cacheDir, kinds } = options;
    this.background = new BackgroundBuilder({ contentDir, schemaDir, addresses, cacheDir }, kinds);
  }

  private get contentDir(): string {
    return this.options.contentDir ?? DEFAULT_CONTENT_DIR;
  }

  private get schemaDir(): string {
    return this.options.schemaDir ?? CONTENT_SCHEMA_DIR;
  }

  onBuild(listener: (outcome: BuildOutcome) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Starts a build, or, when one is running, one more after it (edits that land mid-build are not lost). `paths`
   * are the files saved (absolute); without them the whole build runs.
   */
  rebuild(paths?: string[]): Promise<void> {
    if (paths === undefined) this.wholeRequested = true;
    else for (const path of paths) this.saved.add(path);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        const outcome = await this.buildNext();
        if (outcome) this.emit(outcome);
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
      if (this.needsCompletion && !this.closed) this.complete();
    });
    return this.running;
  }

  /** Resolves once no build or background completion is running (tests, the benchmark). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.running) await this.running;
      else if (this.completing) await this.completing;
      else return;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.background.close();
  }

  private emit(outcome: BuildOutcome): void {
    for (const listener of this.listeners) {
      // A failing listener (a host that cannot start, a terminal gone away) must not end the watch loop.
      try {
        listener(outcome);
      } catch (error) {
        process.stderr.write(`dev: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
  }

  private async buildNext(): Promise<BuildOutcome | undefined> {
    const whole = this.wholeRequested || !this.current || this.problemsFrom === 'whole';
    this.wholeRequested = false;
    if (!whole && this.saved.size > 0) {
      const fast = await this.buildPages();
      if (fast !== 'whole') return fast;
    } else if (!whole) return undefined;
    // The whole build reads every file: nothing saved is left for the fast path.
    this.generation++;
    this.saved.clear();
    this.needsCompletion = false;
    // Saves that leave every byte as it was (editors touching files, swap files) do not rebuild or reload.
    const { inputs, schemas } = await this.fingerprint();
    if (schemas === undefined || schemas !== this.schemasHash) this.schemas = undefined;
    this.schemasHash = schemas;
    if (inputs !== undefined && inputs === this.lastInputs) return undefined;
    const outcome = await this.buildWhole();
    this.lastInputs = 'problems' in outcome && outcome.problems[0]?.ruleId === 'dev-build-crash' ? undefined : inputs;
    if (outcome.ok) this.warm();
    return outcome;
  }

  /** Prepares the fast path's pieces once a build is served, so that an editor's first save does not wait for them. */
  private warm(): void {
    this.background.warm();
    if (this.schemas) return;
    setTimeout(() => {
      try {
        this.schemas ??= new ContentSchemas(this.schemaDir);
      } catch {
        // The whole build reports a schema that cannot be used.
      }
    }, 50).unref();
  }

  /** The fast path; 'whole' when the saves need the whole build, undefined when they changed nothing served. */
  private async buildPages(): Promise<BuildOutcome | 'whole' | undefined> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    const served = this.current!;
    try {
      this.schemas ??= new ContentSchemas(this.schemaDir);
      const result = await applyPageEdits({
        served,
        contentDir: this.contentDir,
        paths: [...this.saved],
        schemas: this.schemas,
        kinds: this.options.kinds ?? defaultKinds,
      });
      switch (result.kind) {
        case 'full':
          return 'whole';
        case 'problems': {
          // A completion of the served build must not clear these problems: it waits for the fix.
          this.generation++;
          const problems = problemsOf(result.diagnostics);
          // The watcher's second look at a save finds what the first did: nothing new to tell.
          const known = this.problemsFrom === 'pages' && isDeepStrictEqual(problems, this.problems);
          this.problems = problems;
          this.problemsFrom = 'pages';
          if (known) return undefined;
          return { ok: false, phase: 'pages', problems: this.problems, ms: ms(), diagnostics: result.diagnostics };
        }
        case 'unchanged': {
          this.saved.clear();
          if (this.problems.length === 0) return undefined;
          // The page is back as it is served: the overlay goes, nothing reloads.
          this.problems = [];
          this.problemsFrom = undefined;
          return { ok: true, phase: 'pages', build: served, ms: ms(), diagnostics: new Diagnostics(), changed: [] };
        }
        case 'pages': {
          this.generation++;
          const build: GoodBuild = {
            id: ++this.lastId,
            model: result.model,
            registry: served.registry,
            artifacts: result.artifacts,
            complete: false,
          };
          this.current = build;
          this.saved.clear();
          this.problems = [];
          this.problemsFrom = undefined;
          this.needsCompletion = true;
          // The folder hash describes the last whole build; a later request without paths must build again.
          this.lastInputs = undefined;
          return {
            ok: true,
            phase: 'pages',
            build,
            ms: ms(),
            diagnostics: result.diagnostics,
            changed: result.changed,
          };
        }
      }
    } catch (error) {
      // Whatever the fast path cannot handle, the whole build reports properly.
      process.stderr.write(
        `dev: the fast path failed (${error instanceof Error ? error.message : String(error)}); building everything\n`,
      );
      return 'whole';
    }
  }

  /** The folder hash of content and schemas together, and of the schemas alone (the fast path keeps their compiled form). */
  private async fingerprint(): Promise<{ inputs?: string; schemas?: string }> {
    try {
      const schemaHash = createHash('sha256');
      await hashFolder(schemaHash, this.schemaDir);
      const schemas = schemaHash.digest('hex');
      const hash = createHash('sha256');
      await hashFolder(hash, this.contentDir);
      hash.update('\0schemas\0').update(schemas);
      return { inputs: hash.digest('hex'), schemas };
    } catch {
      // A folder mid-rename cannot be hashed: build anyway, the build reports what is missing.
      return {};
    }
  }

  private async buildWhole(): Promise<BuildOutcome> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const { contentDir, schemaDir, kinds, addresses, cacheDir } = this.options;
      const result = await runPipeline({ env: 'preview', contentDir, schemaDir, kinds, addresses, cacheDir });
      if (result.diagnostics.hasErrors || !result.model || !result.registry || !result.artifacts) {
        this.problems = problemsOf(result.diagnostics);
        this.problemsFrom = 'whole';
        return { ok: false, phase: 'full', problems: this.problems, ms: ms(), diagnostics: result.diagnostics };
      }
      const build: GoodBuild = {
        id: ++this.lastId,
        model: result.model,
        registry: result.registry,
        artifacts: result.artifacts,
        complete: true,
      };
      const written = this.options.writer ? await this.options.writer.write(result.artifacts) : undefined;
      this.current = build;
      this.problems = [];
      this.problemsFrom = undefined;
      return { ok: true, phase: 'full', build, ms: ms(), written, diagnostics: result.diagnostics };
    } catch (error) {
      this.problems = [crashProblem(error)];
      this.problemsFrom = 'whole';
      return { ok: false, phase: 'full', problems: this.problems, ms: ms() };
    }
  }

  /** Runs the background completion of the build the fast path served (one at a time; stale results are dropped). */
  private complete(): void {
    if (this.completing) {
      this.completeAgain = true;
      return;
    }
    this.completing = (async () => {
      do {
        this.completeAgain = false;
        if (!this.needsCompletion || this.running) continue;
        const generation = this.generation;
        const base = this.current!;
        const started = performance.now();
        let completion: Completion | undefined;
        let crash: unknown;
        try {
          completion = await this.background.run();
        } catch (error) {
          crash = error;
        }
        // A build attempted meanwhile (or one running now, for a save) makes this result out of date; that build
        // asks for another completion if it still needs one.
        if (generation !== this.generation || this.running || this.closed) continue;
        const ms = Math.round(performance.now() - started);
        if (!completion?.files) {
          this.needsCompletion = false;
          this.problems = completion ? problemsOf(completion.diagnostics) : [crashProblem(crash)];
          this.problemsFrom = 'whole';
          this.emit({
            ok: false,
            phase: 'complete',
            problems: this.problems,
            ms,
            diagnostics: completion?.diagnostics,
          });
          continue;
        }
        const build = this.completedBuild(base, completion);
        if (!build) {
          // The files describe other content than the served build's (a save the watcher has not reported yet):
          // the whole build sorts it out.
          this.needsCompletion = false;
          void this.rebuild();
          continue;
        }
        const written = this.options.writer ? await this.options.writer.write(build.artifacts) : undefined;
        if (generation !== this.generation || this.running || this.closed) continue;
        this.needsCompletion = false;
        this.current = build;
        this.problems = [];
        this.problemsFrom = undefined;
        this.emit({ ok: true, phase: 'complete', build, ms, written, diagnostics: completion.diagnostics });
      } while (this.completeAgain);
    })().finally(() => {
      this.completing = undefined;
      // Asked again after the loop's last look.
      if (this.completeAgain && !this.closed) this.complete();
    });
  }

  /**
   * The served build with every file from the completion and the served build's streams; undefined if they are not
   * the same registry's files, or a stream would make other files than the completion's.
   */
  private completedBuild(base: GoodBuild, completion: Completion): GoodBuild | undefined {
    const { files, streams } = completion;
    if (!files || !streams) return undefined;
    const artifacts = new ArtifactSet();
    for (const entry of base.registry.entries) {
      const body = files.get(fileKey(entry.host, entry.file));
      if (body === undefined) return undefined;
      artifacts.set({ entry, body });
    }
    if (artifacts.values().length !== files.size) return undefined;
    const served = base.artifacts.streams();
    if (served.length !== streams.size) return undefined;
    for (const stream of served) {
      if (streams.get(fileKey(stream.entry.host, stream.entry.file)) !== streamDigest(stream)) return undefined;
      artifacts.setStream(stream);
    }
    // Open pages reload only if some page's HTML differs from what the fast path served (it should not).
    const sameHtml = base.registry.entries.every(
      (e) =>
        essence(e.mediaType) !== 'text/html' ||
        sameBytes(base.artifacts.get(e.host, e.file)?.body, artifacts.get(e.host, e.file)!.body),
    );
    return {
      id: sameHtml ? base.id : ++this.lastId,
      model: base.model,
      registry: base.registry,
      artifacts,
      complete: true,
    };
  }
}

function sameBytes(a: string | Uint8Array | undefined, b: string | Uint8Array): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  if (a === undefined) return false;
  const bytes = (x: string | Uint8Array) =>
    typeof x === 'string' ? Buffer.from(x) : Buffer.from(x.buffer, x.byteOffset, x.byteLength);
  return bytes(a).equals(bytes(b));
}

/** A crash of the generator on odd content must not end the dev loop: it is shown like a content error. */
function crashProblem(error: unknown): Problem {
  return {
    file: '(build)',
    ruleId: 'dev-build-crash',
    reason: `The build failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
  };
}

function problemsOf(diagnostics: Diagnostics): Problem[] {
  return diagnostics
    .list()
    .filter((m) => m.fatal)
    .map((m) => ({ file: m.file, line: m.line, column: m.column, ruleId: m.ruleId, reason: m.reason }));
}
