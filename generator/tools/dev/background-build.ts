// The dev loop's background completion: after the fast path served an edited page, the whole build runs again
// (llms-full.txt, page contexts, sitemaps, the deploy files, the whole-tree validation) in a child process, so the
// dev server keeps answering meanwhile. A process rather than a worker thread: a build reads thousands of files at
// once, and in a thread they would queue in this process's file system thread pool ahead of the watcher's and the
// fast path's reads; a process also runs at a lower priority than the server. With a kind table of its own (tests)
// the completion runs here, as functions cannot be sent.
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { setPriority } from 'node:os';
import { runnableFile } from '../../build/files/project-paths.js';
import { Diagnostics, type Stage } from '../../build/messages/diagnostics.js';
import type { Addresses } from '../../model/types.js';
import { runPipeline } from '../../build/pipeline.js';
import type { KindTable } from '../../build/registry/build-registry.js';
import type { ArtifactSet, ArtifactStream, HostName } from '../../build/registry/types.js';

export interface CompletionOptions {
  contentDir?: string;
  schemaDir?: string;
  addresses: Addresses;
  cacheDir?: string;
}

export interface CompletionJob {
  job: number;
  options: CompletionOptions;
}

type Message = ReturnType<Diagnostics['list']>[number];

export type CompletionAnswer =
  | {
      job: number;
      ok: true;
      messages: Message[];
      files: [HostName, string, string | Uint8Array][];
      streams: [HostName, string, string][];
    }
  | { job: number; ok: false; error: string };

/**
 * What the whole build found, and (when it passed) every file's bytes by `<host> <file>`, and the digest of each
 * stream by its entry's `<host> <file>` (a stream's files are too many to send: the served build's are kept when
 * their digest is the same).
 */
export interface Completion {
  diagnostics: Diagnostics;
  files?: Map<string, string | Uint8Array>;
  streams?: Map<string, string>;
}

export const fileKey = (host: HostName, file: string) => `${host} ${file}`;

/** One digest of every file a stream makes, paths and bytes in its order. */
export function streamDigest(stream: ArtifactStream): string {
  const hash = createHash('sha256');
  for (const { file, body } of stream.files()) hash.update(file).update('\0').update(body).update('\0');
  return hash.digest('hex');
}

/** The digests of a build's streams, as a completion answers them. */
export function streamDigests(artifacts: ArtifactSet): [HostName, string, string][] {
  return artifacts.streams().map((s) => [s.entry.host, s.entry.file, streamDigest(s)]);
}

/** The completion's process: the compiled entry point, or its source through tsx (tests, development). */
const WORKER_MODULE = runnableFile('generator/tools/dev/background-worker.ts');

/** Below the dev server's priority, so that serving an edit is not slowed down by completing the one before. */
const BACKGROUND_NICENESS = 10;

export class BackgroundBuilder {
  private worker?: ChildProcess;
  /** Set when the worker failed once: the completion then runs here, slower but still right. */
  private workerFailed = false;
  private closed = false;
  private jobs = 0;
  /** The latest run: runs go one after another (an abandoned one finishes before the next starts). */
  private last: Promise<unknown> = Promise.resolve();
  private readonly waiting = new Map<number, { resolve: (a: CompletionAnswer) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly options: CompletionOptions,
    private readonly kinds?: KindTable,
  ) {}

  /** Starts the worker ahead of the first edit, so that its module loading is not on an editor's wait. */
  warm(): void {
    if (!this.kinds && !this.workerFailed && !this.closed) this.ensureWorker();
  }

  run(): Promise<Completion> {
    const run = this.last.then(
      () => this.runNow(),
      () => this.runNow(),
    );
    this.last = run.catch(() => undefined);
    return run;
  }

  private async runNow(): Promise<Completion> {
    if (this.closed) throw new Error('the dev session is closed');
    if (this.kinds || this.workerFailed) return this.runHere();
    let answer: CompletionAnswer;
    try {
      answer = await this.ask();
    } catch (error) {
      if (this.closed) throw error;
      process.stderr.write(
        `dev: the background build worker failed (${error instanceof Error ? error.message : String(error)}); continuing without it\n`,
      );
      this.workerFailed = true;
      this.worker?.kill();
      this.worker = undefined;
      return this.runHere();
    }
    if (!answer.ok) throw new Error(answer.error);
    const diagnostics = new Diagnostics();
    for (const m of answer.messages) {
      const input = { ruleId: m.ruleId, reason: m.reason, place: { file: m.file, line: m.line, column: m.column } };
      if (m.fatal) diagnostics.error(m.stage as Stage, input);
      else diagnostics.warn(m.stage as Stage, input);
    }
    if (diagnostics.hasErrors) return { diagnostics };
    return {
      diagnostics,
      files: new Map(answer.files.map(([host, file, body]) => [fileKey(host, file), body])),
      streams: new Map(answer.streams.map(([host, file, digest]) => [fileKey(host, file), digest])),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (!worker || worker.exitCode !== null || worker.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.kill();
    await exited;
  }

  private async runHere(): Promise<Completion> {
    const result = await runPipeline({ env: 'preview', kinds: this.kinds, ...this.options });
    if (result.diagnostics.hasErrors || !result.artifacts) return { diagnostics: result.diagnostics };
    return {
      diagnostics: result.diagnostics,
      files: new Map(result.artifacts.values().map((a) => [fileKey(a.entry.host, a.entry.file), a.body])),
      streams: new Map(streamDigests(result.artifacts).map(([host, file, digest]) => [fileKey(host, file), digest])),
    };
  }

  private ask(): Promise<CompletionAnswer> {
    const worker = this.ensureWorker();
    const job = ++this.jobs;
    return new Promise((resolve, reject) => {
      this.waiting.set(job, { resolve, reject });
      worker.channel?.ref();
      worker.send({ job, options: this.options } satisfies CompletionJob);
    });
  }

  private ensureWorker(): ChildProcess {
    if (this.worker) return this.worker;
    const worker = fork(WORKER_MODULE.file, [], {
      execArgv: WORKER_MODULE.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    try {
      if (worker.pid !== undefined) setPriority(worker.pid, BACKGROUND_NICENESS);
    } catch {
      // Not allowed on this system: it runs at the same priority.
    }
    // An idle worker must not keep a process alive that is otherwise done (its channel is held while a job runs).
    worker.unref();
    worker.channel?.unref();
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
    };
    worker.on('message', (answer: CompletionAnswer) => {
      const waiter = this.waiting.get(answer.job);
      this.waiting.delete(answer.job);
      if (this.waiting.size === 0) worker.channel?.unref();
      waiter?.resolve(answer);
    });
    worker.on('error', failAll);
    worker.on('exit', (code, signal) => failAll(new Error(`the worker exited with ${signal ?? `code ${code}`}`)));
    this.worker = worker;
    return worker;
  }
}
