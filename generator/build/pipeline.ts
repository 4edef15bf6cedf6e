// The one flow: load → registry → emit → validate → write (all or nothing).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_CONTENT_DIR, PROJECT_ROOT, hostTreeDir, runnableFile } from './files/project-paths.js';
import { displayPath } from './registry/display-path.js';
import { loadProject } from './project.js';
import type { LoadStats } from './content/load.js';
import { Diagnostics } from './messages/diagnostics.js';
import type { Addresses, EnvironmentName, Model } from '../model/types.js';
import type { KindTable } from './registry/build-registry.js';
import { kinds as defaultKinds } from './kinds.js';
import type { Registry } from './registry/registry.js';
import { type Artifact, ArtifactSet, type EmitContext, type HostName, type RegistryEntry } from './registry/types.js';
import { createEmitContext, scopeContext } from './emit/emit-context.js';
import { asKept, type EmittedCache, type EmitMessage, loadEmitted } from './cache/emitted.js';
import { loadSaidParts, type SaidParts } from './cache/said-parts.js';
import { validateArtifacts } from './validate/validate-artifacts.js';
import {
  buildInputsOf,
  checkBuildRecord,
  previousOutput,
  type PreviousOutput,
  recordBuild,
  type RecordCheck,
} from './cache/build-record.js';
import { exampleIdentityFindings, exampleIdentityReport } from './content/example-identity.js';
import { prerenderPages, type PrerenderOptions, type PrerenderResult } from './render/prerender.js';
import { type RenderPool, startEarly, workerCount } from './render/render-pool.js';
import { RenderCache, renderContextKey } from './render/render-cache.js';
import { type Digest, generatorFingerprint } from './cache/fingerprint.js';
import { savedVerdicts, saveVerdicts, type Verdicts } from './cache/verdicts.js';
import { keepCache } from './cache/keep-cache.js';
import type { FolderWalk } from './cache/folder-walk.js';
import { nodeFileSystem, type OutputFileSystem } from './files/file-system.js';
import { writeTrees, WriteIncomplete, type OutputTree, type TreeFile, type WriteResult } from './write/write-tree.js';
import {
  type GivenFolders,
  givenFolderProblems,
  outputTreeProblem,
  reportFolderProblems,
} from './files/given-folders.js';

/** The render worker's module: it assembles the stages that render a page (compiled, or its source under tsx and vitest). */
export const RENDER_WORKER = pathToFileURL(runnableFile('generator/build/render-worker.ts').file);

export interface PipelineOptions {
  env: EnvironmentName;
  contentDir?: string;
  schemaDir?: string;
  kinds?: KindTable;
  /**
   * The build cache folder (see generator/build/cache/): unchanged pages are taken from its render cache, and `build`
   * skips a build whose inputs and output folders are unchanged since the last good one.
   */
  cacheDir?: string;
  /** Worker threads for page rendering: a number, or 'auto' (default: only for large page counts). */
  workers?: number | 'auto';
  /** False: only the workers render pages, this thread waits for them (tests of the worker path). Default true. */
  renderOnMainThread?: boolean;
  /** Addresses that replace the environment's (the preview server bound to other ports, tests on port 0). */
  addresses?: Partial<Addresses>;
  /** Told each stage as it starts and how far it got (for a progress line on a long build). */
  progress?: BuildProgress;
  /** The walk of the content folder the build's fingerprint made: the load does not walk and stat it again. */
  contentWalk?: FolderWalk;
}

/** The stages a build goes through, in order, as its progress reports them. */
export type BuildStage = 'load' | 'render' | 'emit' | 'validate' | 'write';

/** How long each stage of a build took, in milliseconds; `record`: keeping the build record. Absent: not reached. */
export type StageTimes = Partial<Record<BuildStage | 'record', number>>;

/** A progress that also times the stages (a stage ends when the next one reports), passing each report on. */
function stageClock(progress?: BuildProgress) {
  const times: StageTimes = {};
  let current: BuildStage | 'record' | undefined;
  let since = 0;
  const enter = (stage: BuildStage | 'record' | undefined) => {
    const now = performance.now();
    if (current) times[current] = Math.round((times[current] ?? 0) + now - since);
    current = stage;
    since = now;
  };
  const report: BuildProgress = (stage, done, total) => {
    if (stage !== current) enter(stage);
    progress?.(stage, done, total);
  };
  return { times, enter, report };
}

/** `done` of `total` items of `stage` (pages rendered, artifacts emitted or validated, files written); 0 of 0: started. */
export type BuildProgress = (stage: BuildStage, done: number, total: number) => void;

export interface PipelineResult {
  diagnostics: Diagnostics;
  model?: Model;
  registry?: Registry;
  artifacts?: ArtifactSet;
  /** Set by `build` when nothing changed since the last good build: the output folders were left as they were. */
  upToDate?: boolean;
  /** With a cache folder: the checks' verdicts of this build (kept from the last good one, or made). */
  verdicts?: Verdicts;
  /** How many page files were read and guarded at load (with a cache folder, the others were kept). */
  loaded?: LoadStats;
  /** How the pages were rendered: from the render cache, in workers, or here. */
  renderStats?: PrerenderResult['stats'];
  /** With a cache folder: how many artifacts of the kinds that read only the scope were kept, how many made. */
  emitted?: { kept: number; made: number };
  /** With a cache folder: how many parts of llms-full.txt were taken from the last good build, how many made. */
  saidParts?: { kept: number; made: number };
  /** With a cache folder: how many judgements of the checks were kept from the last good build, how many made. */
  checks?: { kept: number; judged: number; judgedFiles: string[] };
  /** Set by `build` when it wrote: how many files, and how many of them were hard links to the previous tree's. */
  written?: { files: number; linked: number };
  /** What every build ends by saying while it holds (the production identity is still the example). */
  notices?: string[];
  /** Set by `build`: how long each stage took. */
  stageMs?: StageTimes;
  /** Set by `build` once written: the files (streamed ones included) and bytes put in each host's folder. */
  folders?: { host: HostName; dir: string; files: number; bytes: number }[];
}

/** The given folders' problems as a build's errors; undefined when there are none. */
function folderDiagnostics(given: GivenFolders): Diagnostics | undefined {
  const problems = givenFolderProblems(given);
  return problems.length === 0 ? undefined : reportFolderProblems(problems, new Diagnostics());
}

/** Runs every stage in memory. Nothing is written; `diagnostics.hasErrors` tells whether the build may be written. */
export async function runPipeline(options: PipelineOptions): Promise<PipelineResult> {
  const refused = folderDiagnostics({
    contentDir: contentDirOf(options),
    cacheDir: options.cacheDir,
    projectRoot: PROJECT_ROOT,
  });
  return refused ? { diagnostics: refused } : runChecked(options);
}

/**
 * `runPipeline` once its folders are known to be good (`build` checks them with the output folders). `saving`: where
 * the saves of a good build's caches are handed (`build` runs them while it writes); without it they are awaited here.
 */
async function runChecked(options: PipelineOptions, saving?: Promise<void>[]): Promise<PipelineResult> {
  // Render workers load their modules while this thread loads the content (see generator/build/render/render-pool.ts).
  const cacheIsEmpty = options.cacheDir === undefined || RenderCache.isEmpty(options.cacheDir);
  const pool = options.kinds
    ? undefined
    : startEarly(RENDER_WORKER, contentDirOf(options), options.workers, cacheIsEmpty);
  try {
    if (saving) return await runStages(options, pool, saving);
    const saves: Promise<void>[] = [];
    const result = await runStages(options, pool, saves);
    await Promise.all(saves);
    return result;
  } finally {
    await pool?.close();
  }
}

const contentDirOf = (options: PipelineOptions) => options.contentDir ?? DEFAULT_CONTENT_DIR;

async function runStages(
  options: PipelineOptions,
  pool: RenderPool | undefined,
  saving: Promise<void>[],
): Promise<PipelineResult> {
  const kinds = options.kinds ?? defaultKinds;
  const progress = options.progress ?? (() => undefined);
  progress('load', 0, 0);
  // With a cache folder, what the kept caches hold beyond the scope is read while the content loads (tens of MB at
  // 10,000 pages): the parts of llms-full.txt depend on the generator only, and the checks' verdicts are read now and
  // taken for the scope once it is known.
  const keeping = options.cacheDir !== undefined && !options.kinds;
  const readingParts = keeping
    ? generatorFingerprint(PROJECT_ROOT).then((generator) => loadSaidParts(options.cacheDir!, generator))
    : undefined;
  // A build that stops before it takes them leaves no rejection unhandled.
  readingParts?.catch(() => undefined);
  const readingVerdicts = keeping ? savedVerdicts(options.cacheDir!, 'verdicts') : undefined;
  const loaded: LoadStats = { pages: 0, opened: 0, read: 0, guarded: 0 };
  const { model, registry, diagnostics } = await loadProject({ ...options, kinds, loadStats: loaded });
  if (!model) return { diagnostics };
  if (!registry) return { diagnostics, model, loaded };
  // The pre-render stage needs the default kind table: workers rebuild the registry with it, and cached pages
  // are only valid for the emitters that made them.
  const prerender =
    !options.kinds &&
    (options.cacheDir !== undefined || pool || workerCount(model.pages.length, options.workers ?? 'auto') > 0)
      ? {
          projectRoot: PROJECT_ROOT,
          cacheDir: options.cacheDir,
          workers: options.workers,
          renderOnMainThread: options.renderOnMainThread,
          pool,
          workerFile: RENDER_WORKER,
          onRendered: (done: number, total: number) => progress('render', done, total),
        }
      : undefined;
  // With a cache folder, the artifacts made from the scope alone are kept across builds in the same scope.
  const scope = keeping ? renderContextKey(await generatorFingerprint(PROJECT_ROOT), model) : undefined;
  const [emitted, saidParts] =
    scope !== undefined
      ? // A page added keeps the others' parts of llms-full.txt: they depend on the generator, not the scope.
        await Promise.all([loadEmitted(options.cacheDir!, scope), readingParts!])
      : [];
  const { artifacts, renderStats } = await emitAll(
    model,
    registry,
    kinds,
    diagnostics,
    progress,
    prerender,
    emitted,
    saidParts,
  );
  // Content mistakes found while emitting (a broken link, an unknown directive) are already reported at their place
  // in content/; validating artifacts built from them would only repeat each one at its places in dist/.
  if (diagnostics.hasErrors) return { diagnostics, model, registry, artifacts, renderStats, loaded };
  // With a cache folder, a text the last good build judged fine (same bytes, same scope) is not judged again.
  const verdicts = scope !== undefined ? (await readingVerdicts!)(scope) : undefined;
  progress('validate', 0, registry.entries.length);
  validateArtifacts({
    model,
    registry,
    kinds,
    artifacts,
    diagnostics,
    displayPath: (e) => displayPath(e),
    onValidated: (done) => progress('validate', done, registry.entries.length),
    verdicts,
    parts: saidParts,
  });
  // What a good build learnt is kept for the next: each cache in its own file, saved while the output is written (a
  // save that fails is a warning: see keep-cache.ts).
  const save = (what: string, saved: () => Promise<void>) =>
    saving.push(keepCache(diagnostics, 'validate', options.cacheDir!, what, saved));
  if (verdicts && !diagnostics.hasErrors) save("the checks' verdicts", () => saveVerdicts(options.cacheDir!, verdicts));
  if (emitted && !diagnostics.hasErrors) {
    for (const stream of artifacts.streams())
      if (kinds[stream.entry.kind]?.emitReadsScope) emitted.keepStream(keyOf(stream.entry), stream.digests());
    save('the files made from the scope alone', () => emitted.save(options.cacheDir!));
  }
  if (saidParts && !diagnostics.hasErrors) save("llms-full.txt's parts", () => saidParts.save(options.cacheDir!));
  const checks = verdicts && { ...verdicts.counts, judgedFiles: [...verdicts.judgedFiles] };
  return {
    diagnostics,
    model,
    registry,
    artifacts,
    renderStats,
    checks,
    loaded,
    verdicts,
    emitted: emitted && { ...emitted.counts },
    saidParts: saidParts && { ...saidParts.counts },
  };
}

async function emitAll(
  model: Model,
  registry: Registry,
  kinds: KindTable,
  diagnostics: Diagnostics,
  progress: BuildProgress,
  prerender?: PrerenderOptions,
  kept?: EmittedCache,
  saidParts?: SaidParts,
): Promise<{ artifacts: ArtifactSet; renderStats?: PrerenderResult['stats'] }> {
  const artifacts = new ArtifactSet();
  const context = createEmitContext(model, registry, diagnostics, artifacts);
  context.saidParts = saidParts;
  const readsScope = (entry: RegistryEntry) => kinds[entry.kind]?.emitReadsScope === true;
  const scoped = scopeContext(context, readsScope);
  context.keepForScope = <T>(key: string, compute: (scoped: EmitContext) => T): T => {
    const taken = kept?.takeValue(key);
    if (taken) return taken.value as T;
    const messages: EmitMessage[] = [];
    const value = asKept(compute(scoped.contextFor((message) => messages.push(message))));
    // A value whose making said something is made again next time, so that it is said again.
    if (messages.length === 0) kept?.keepValue(key, value);
    return value;
  };
  const knownDigests = new Map<RegistryEntry, Digest>();
  /** A kind that reads only the scope: taken from the last good build in the same scope, or made and kept. */
  const emitScoped = (entry: RegistryEntry): string | Uint8Array => {
    const kind = kinds[entry.kind]!;
    const key = keyOf(entry);
    // A kind that streams files beside its artifact makes its stream as it is emitted: unless it can attach its
    // stream to a kept artifact again, it is emitted again; either way it is told its files' digests, so that none
    // is made to know them.
    const taken = kind.streamFolder && !kind.streamAgain ? undefined : kept?.take(key);
    if (taken) {
      for (const message of taken.messages) scoped.say(message);
      knownDigests.set(entry, taken.digest);
      if (kind.streamAgain) {
        kind.streamAgain(
          entry,
          taken.body,
          scoped.contextFor(() => undefined),
        );
        const known = kept?.streamDigests(key);
        if (known) artifacts.knowStreamDigests(entry, known);
      }
      return taken.body;
    }
    const messages: EmitMessage[] = [];
    const body = kind.emit(
      entry,
      scoped.contextFor((message) => messages.push(message)),
    );
    if (typeof body === 'string' && kept) knownDigests.set(entry, kept.keep(key, body, messages));
    const known = kind.streamFolder ? kept?.streamDigests(key) : undefined;
    if (known) artifacts.knowStreamDigests(entry, known);
    return body;
  };
  const ready = prerender ? await prerenderPages(model, kinds, context, diagnostics, prerender) : undefined;
  const total = registry.entries.filter((entry) => !entry.aliasOf).length;
  let emitted = 0;
  progress('emit', 0, total);
  const emitOne = (entry: RegistryEntry) => {
    progress('emit', ++emitted, total);
    try {
      const artifact = ready?.artifacts.get(entry) ?? {
        entry,
        body: readsScope(entry) ? emitScoped(entry) : kinds[entry.kind]!.emit(entry, context),
      };
      artifacts.set(artifact);
      // A digest the render cache or the kept artifacts know: the body is not hashed again.
      const digest = ready?.digests.get(entry) ?? knownDigests.get(entry);
      if (digest) artifacts.remember(artifact, digest);
    } catch (error) {
      diagnostics.error('emit', {
        ruleId: 'emitter-crash',
        reason: `Building ${entry.path} failed: ${error instanceof Error ? error.message : String(error)}.`,
        fix: 'This is a bug in the generator (content errors are reported at load); report it with this message.',
        place: entry.source,
      });
    }
  };
  const last = (entry: RegistryEntry) => kinds[entry.kind]!.emitLast === true;
  for (const entry of registry.entries) if (!entry.aliasOf && !last(entry)) emitOne(entry);
  // An alias repeats its target's bytes exactly.
  for (const entry of registry.entries) {
    if (!entry.aliasOf) continue;
    const target = artifacts.byPath(entry.aliasOf, entry.host);
    if (!target) continue;
    const alias = { entry, body: target.body };
    artifacts.set(alias);
    artifacts.remember(alias, artifacts.digest(target));
  }
  // Kinds that describe the other files (the deploy manifest, the edge table) read their bytes, so they come last.
  for (const entry of registry.entries) if (!entry.aliasOf && last(entry)) emitOne(entry);
  return { artifacts, renderStats: ready?.stats };
}

/** An entry's key among the kept artifacts: its host and file. */
const keyOf = (entry: RegistryEntry) => `${entry.host}:${entry.file}`;

export interface BuildOptions extends PipelineOptions {
  /** The site's output folder; other hosts go to `<outDir>-hosts/<host>/`. */
  outDir: string;
  fs?: OutputFileSystem;
  /**
   * The caller's own check of the build record (cache/build-record.ts), so that it is not made twice; a caller that
   * gives it has checked the given folders before it (files/given-folders.ts), which the build then does not again.
   */
  recordCheck?: RecordCheck;
  /** Told every file written (its path in the output folders and its size), the streamed files included. */
  onWritten?: (path: string, bytes: number) => void;
}

/** Runs the pipeline and, only when nothing failed, replaces the output folders. */
export async function build(options: BuildOptions): Promise<PipelineResult> {
  // An output folder is replaced whole: nothing is read or written before it is known to be one. A caller that
  // checked the build record checked the folders first (the record is kept in the cache and reads the content).
  const refused =
    options.recordCheck === undefined &&
    folderDiagnostics({ ...options, contentDir: contentDirOf(options), projectRoot: PROJECT_ROOT });
  if (refused) return { diagnostics: refused };
  const skippable = options.cacheDir !== undefined && !options.kinds && !options.fs;
  const record = skippable
    ? (options.recordCheck ?? (await checkBuildRecord(options.cacheDir!, buildInputsOf(options))))
    : undefined;
  if (record?.upToDate) {
    const diagnostics = new Diagnostics();
    diagnostics.replay(record.warnings ?? []);
    return { diagnostics, upToDate: true, notices: record.notices ?? [] };
  }
  const fingerprint = record?.fingerprint;
  const clock = stageClock(options.progress);
  // The trees in place are read only as the last good build recorded them: their unchanged files are linked. Their
  // stamps are taken beside the build, while it runs.
  const previousTaking = fingerprint ? previousOutput(options.cacheDir!, options.outDir) : undefined;
  const saving: Promise<void>[] = [];
  const result = await runChecked({ ...options, progress: clock.report, contentWalk: record?.contentWalk }, saving);
  // The caches are saved while the output is written; the build ends when both have (a save that fails says so).
  const saved = Promise.all(saving);
  try {
    return await writeBuilt(options, result, await previousTaking, fingerprint, clock);
  } finally {
    await saved;
    clock.enter(undefined);
  }
}

/** The write and record stages of a build whose pipeline ran (`result`): only when nothing failed. */
async function writeBuilt(
  options: BuildOptions,
  result: PipelineResult,
  previous: PreviousOutput | undefined,
  fingerprint: string | undefined,
  clock: ReturnType<typeof stageClock>,
): Promise<PipelineResult> {
  result.stageMs = clock.times;
  if (result.model) {
    const example = exampleIdentityFindings(result.model);
    result.notices = example.length > 0 ? [`[example-identity] ${exampleIdentityReport(example)}`] : [];
  }
  if (result.diagnostics.hasErrors || !result.artifacts) {
    previous?.stop?.();
    return result;
  }
  clock.enter('write');
  const trees = new Map<HostName, OutputTree>();
  const artifacts = result.artifacts;
  for (const artifact of artifacts.values()) {
    const host = artifact.entry.host;
    if (!trees.has(host)) {
      // The hashes the checks and the deploy manifest made: each text is hashed once per build. Every file of these
      // trees is an artifact (streamed files are hashed as they are made).
      const hashOf = (_file: string, artifact: TreeFile) => artifacts.digest(artifact as Artifact).hash;
      trees.set(host, { dir: hostTreeDir(options.outDir, host), files: new Map(), hashOf });
    }
    // The artifact itself: a kept page's bytes are read only if the file must be written.
    trees.get(host)!.files.set(artifact.entry.file, artifact);
  }
  // Streamed files (a context per page) are made again as they are written, into the staging folder of their tree:
  // only those whose digest is not what the tree in place holds.
  for (const stream of artifacts.streams()) {
    const tree = trees.get(stream.entry.host);
    if (tree) (tree.streams ??= []).push(stream);
  }
  // With no build into these trees on record, a tree holding what this build does not write is not replaced.
  if (!previous && !options.fs) {
    const streams = result.artifacts.streams();
    for (const [host, tree] of trees) {
      const folders = streams.filter((stream) => stream.entry.host === host).map((stream) => stream.folder);
      const problem = outputTreeProblem(tree.dir, [...tree.files.keys(), ...folders]);
      if (problem) reportFolderProblems([problem], result.diagnostics, 'write');
    }
    if (result.diagnostics.hasErrors) {
      return result;
    }
  }
  const streamed = result.artifacts.streams().length > 0;
  let written: WriteResult | undefined;
  try {
    const progress = clock.report;
    const hosts = [...trees.keys()];
    written = await writeTrees([...trees.values()], options.fs ?? nodeFileSystem, {
      onWritten: options.onWritten,
      // Streamed files are counted as they are made: their number is known only at the end.
      onProgress: progress && ((done) => progress('write', done, streamed ? 0 : result.artifacts!.values().length)),
      previous,
      journal: `${resolve(options.outDir)}.build-journal.json`,
    });
    result.folders = written.trees.map((w, i) => ({ ...w, host: hosts[i]! }));
  } catch (error) {
    result.diagnostics.error('write', {
      ruleId: 'write-failed',
      reason: `Writing the output failed: ${error instanceof Error ? error.message : String(error)}. ${error instanceof WriteIncomplete ? 'The new output is partly in place.' : 'The previous output is unchanged.'}`,
      fix: 'Check that the output folder is writable and the disk has room, then build again.',
      file: options.outDir,
    });
  }
  clock.enter('record');
  if (fingerprint && !result.diagnostics.hasErrors) {
    const record = () =>
      recordBuild(options.cacheDir!, options.outDir, fingerprint, {
        hashes: written?.hashes,
        linked: written?.linkedStamps,
        notices: result.notices,
        // Said again by a build skipped as up to date; a cache not kept is said by the build that could not keep it.
        warnings: result.diagnostics.list().filter((message) => !message.fatal && message.ruleId !== 'cache-not-saved'),
        inPlace: written?.inPlace &&
          previous?.recorded && {
            ...written.inPlace,
            trees: written.trees.map((tree) => tree.dir),
            files: written.files,
            recorded: previous.recorded,
          },
      });
    await keepCache(result.diagnostics, 'write', options.cacheDir!, 'the record of what this build wrote', record);
  }
  return { ...result, written: written && { files: written.files, linked: written.linked } };
}
