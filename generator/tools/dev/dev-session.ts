// The dev loop's session: runs what the state machine (session-machine.ts) asks for (the fast path, the whole build,
// the background completion), feeds their results back to it, and tells listeners each outcome. It decides nothing
// itself; it never throws on bad content.
import { CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR } from '../../build/files/project-paths.js';
import { createHash } from 'node:crypto';
import { hashFolder } from '../../build/cache/fingerprint.js';
import { ContentSchemas } from '../../build/content/schema-check.js';
import type { Diagnostics } from '../../build/messages/diagnostics.js';
import type { Addresses } from '../../model/types.js';
import { runPipeline } from '../../build/pipeline.js';
import type { KindTable } from '../../build/registry/build-registry.js';
import { kinds as defaultKinds } from '../../build/kinds.js';
import { ArtifactSet } from '../../build/registry/types.js';
import { essence } from '../audit/media-type.js';
import { BackgroundBuilder, fileKey, streamDigest, type Completion } from './background-build.js';
import type { Problem } from './live-reload.js';
import { applyPageEdits } from './page-edit.js';
import type { GoodBuild } from './good-build.js';
import {
  completionCounts,
  INITIAL_STATE,
  problemsOf,
  servedBuild,
  transition,
  type BuildOutcome,
  type Command,
  type SessionEvent,
  type SessionState,
} from './session-machine.js';
import type { ChangedFileWriter } from './write-changed.js';
import { noteRaised } from '../../build/messages/raised-rules.js';

export type { BuildOutcome, BuildPhase } from './session-machine.js';
export type { GoodBuild };

export interface DevSessionOptions {
  contentDir?: string;
  schemaDir?: string;
  kinds?: KindTable;
  addresses: Addresses;
  writer?: ChangedFileWriter;
  /** The render cache: with it, a rebuild renders again only the pages whose source changed. */
  cacheDir?: string;
}

export class DevSession {
  private state: SessionState = INITIAL_STATE;
  private readonly listeners: ((outcome: BuildOutcome) => void)[] = [];
  /** Every job running (a build, a completion, an abandoned completion still finishing). */
  private readonly jobs = new Set<Promise<void>>();
  private lastId = 0;
  /** The content schemas compiled for the fast path, and the hash of the schema files they were compiled from. */
  private schemas?: ContentSchemas;
  private schemasHash?: string;
  private readonly background: BackgroundBuilder;

  constructor(private readonly options: DevSessionOptions) {
    const { contentDir, schemaDir, addresses, cacheDir, kinds } = options;
    this.background = new BackgroundBuilder({ contentDir, schemaDir, addresses, cacheDir }, kinds);
  }

  /** The build being served, if one has passed. */
  get current(): GoodBuild | undefined {
    return servedBuild(this.state.served);
  }

  /** The problems of the latest attempt, shown until they are fixed. */
  get problems(): Problem[] {
    return problemsOf(this.state.served);
  }

  /** What is served and what runs, as the state machine has it (tests). */
  get status(): Pick<SessionState, 'served' | 'work' | 'due'> {
    const { served, work, due } = this.state;
    return { served, work, due };
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
   * Asks for a build: the fast path for the files saved (absolute paths), or without them the whole build. A build
   * running already is followed by this one (edits that land mid-build are not lost). Resolves once no build is due
   * or running (a background completion may still run).
   */
  async rebuild(paths?: string[]): Promise<void> {
    this.dispatch(paths === undefined ? { type: 'whole-requested' } : { type: 'saved', paths });
    while (this.state.work === 'fast' || this.state.work === 'whole') await Promise.race(this.jobs);
  }

  /** A preview host refused the build just served (metadata that disagrees with the server): a problem to fix. */
  hostsRefused(problem: Problem): void {
    this.dispatch({ type: 'hosts-refused', problems: [problem] });
  }

  /** Resolves once no build or background completion is running (tests, the benchmark). */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.all(this.jobs);
  }

  async close(): Promise<void> {
    this.dispatch({ type: 'closed' });
    await this.background.close();
  }

  private dispatch(event: SessionEvent): void {
    const step = transition(this.state, event);
    this.state = step.state;
    for (const command of step.commands) this.perform(command);
  }

  private perform(command: Command): void {
    switch (command.type) {
      case 'emit':
        this.emit(command.outcome);
        return;
      case 'run-fast':
        this.track(this.buildPages(command.paths, command.served));
        return;
      case 'run-whole':
        this.track(this.buildWhole(command.skipIfInputs));
        return;
      case 'run-completion':
        this.track(this.complete(command.job, command.base));
        return;
    }
  }

  private track(job: Promise<SessionEvent>): void {
    const done = job
      .then((event) => this.dispatch(event))
      .catch((error: unknown) => {
        process.stderr.write(`dev: ${error instanceof Error ? error.message : String(error)}\n`);
      })
      .finally(() => this.jobs.delete(done));
    this.jobs.add(done);
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

  /** The fast path: the saved pages checked and rendered on top of the served build. */
  private async buildPages(paths: readonly string[], served: GoodBuild): Promise<SessionEvent> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      this.schemas ??= new ContentSchemas(this.schemaDir);
      const result = await applyPageEdits({
        served,
        contentDir: this.contentDir,
        paths,
        schemas: this.schemas,
        kinds: this.options.kinds ?? defaultKinds,
      });
      switch (result.kind) {
        case 'full':
          return { type: 'fast-needs-whole' };
        case 'problems':
          return {
            type: 'fast-problems',
            problems: problemsIn(result.diagnostics),
            diagnostics: result.diagnostics,
            ms: ms(),
          };
        case 'unchanged':
          return { type: 'fast-unchanged', ms: ms() };
        case 'pages': {
          const build: GoodBuild = {
            id: ++this.lastId,
            model: result.model,
            registry: served.registry,
            artifacts: result.artifacts,
            complete: false,
          };
          return { type: 'fast-served', build, changed: result.changed, diagnostics: result.diagnostics, ms: ms() };
        }
      }
    } catch (error) {
      // Whatever the fast path cannot handle, the whole build reports properly.
      process.stderr.write(
        `dev: the fast path failed (${error instanceof Error ? error.message : String(error)}); building everything\n`,
      );
      return { type: 'fast-needs-whole' };
    }
  }

  /** The whole build; skipped when the content and schemas are byte for byte `skipIfInputs`. */
  private async buildWhole(skipIfInputs?: string): Promise<SessionEvent> {
    // Saves that leave every byte as it was (editors touching files, swap files) do not rebuild or reload.
    const { inputs, schemas } = await this.fingerprint();
    if (schemas === undefined || schemas !== this.schemasHash) this.schemas = undefined;
    this.schemasHash = schemas;
    if (inputs !== undefined && inputs === skipIfInputs) return { type: 'whole-skipped' };
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const { contentDir, schemaDir, kinds, addresses, cacheDir } = this.options;
      const result = await runPipeline({ env: 'preview', contentDir, schemaDir, kinds, addresses, cacheDir });
      if (result.diagnostics.hasErrors || !result.model || !result.registry || !result.artifacts) {
        const problems = problemsIn(result.diagnostics);
        return { type: 'whole-failed', problems, inputs, diagnostics: result.diagnostics, ms: ms() };
      }
      const build: GoodBuild = {
        id: ++this.lastId,
        model: result.model,
        registry: result.registry,
        artifacts: result.artifacts,
        complete: true,
        inputs,
      };
      const written = this.options.writer ? await this.options.writer.write(result.artifacts) : undefined;
      this.warm();
      return { type: 'whole-passed', build, written, diagnostics: result.diagnostics, ms: ms() };
    } catch (error) {
      // No inputs: a crash may not be the content's doing, so the same bytes are built again on the next request.
      return { type: 'whole-failed', problems: [crashProblem(error)], ms: ms() };
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

  /** The background completion of the fast path's build `base`: the whole build, its files laid over `base`. */
  private async complete(job: number, base: GoodBuild): Promise<SessionEvent> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const completion = await this.background.run();
      if (!completion.files) {
        const { diagnostics } = completion;
        return { type: 'completion-failed', job, problems: problemsIn(diagnostics), diagnostics, ms: ms() };
      }
      const build = this.completedBuild(base, completion);
      if (!build) return { type: 'completion-mismatch', job };
      // An outdated completion's files are not written: the build that replaced it writes its own.
      const write = this.options.writer && completionCounts(this.state, job);
      const written = write ? await this.options.writer!.write(build.artifacts) : undefined;
      return { type: 'completion-passed', job, build, written, diagnostics: completion.diagnostics, ms: ms() };
    } catch (error) {
      return { type: 'completion-failed', job, problems: [crashProblem(error)], ms: ms() };
    }
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
  noteRaised('dev-build-crash');
  return {
    file: '(build)',
    ruleId: 'dev-build-crash',
    reason: `The build failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
  };
}

function problemsIn(diagnostics: Diagnostics): Problem[] {
  return diagnostics
    .list()
    .filter((m) => m.fatal)
    .map((m) => ({ file: m.file, line: m.line, column: m.column, ruleId: m.ruleId, reason: m.reason }));
}
