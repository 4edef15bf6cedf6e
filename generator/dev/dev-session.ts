// The dev loop's state: rebuilds the content on request (one build at a time), keeps the last good build, and says
// what the latest attempt found. Never throws on bad content.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { hashFolder } from '../cache/fingerprint.js';
import type { Diagnostics } from '../messages/diagnostics.js';
import type { Addresses, Model } from '../model/types.js';
import { PROJECT_ROOT, runPipeline } from '../pipeline.js';
import type { KindTable } from '../registry/build-registry.js';
import type { Registry } from '../registry/registry.js';
import type { ArtifactSet } from '../registry/types.js';
import type { Problem } from './live-reload.js';
import type { ChangedFileWriter, WriteCounts } from './write-changed.js';

export interface GoodBuild {
  /** Counts good builds from 1; pages carry it to know when they are out of date. */
  id: number;
  model: Model;
  registry: Registry;
  artifacts: ArtifactSet;
}

export type BuildOutcome =
  | { ok: true; build: GoodBuild; ms: number; written?: WriteCounts; diagnostics: Diagnostics }
  | { ok: false; problems: Problem[]; ms: number; diagnostics?: Diagnostics };

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
  /** Fingerprint of the content and schemas the latest finished attempt read (issue 7's folder hash). */
  private lastInputs?: string;

  constructor(private readonly options: DevSessionOptions) {}

  onBuild(listener: (outcome: BuildOutcome) => void): void {
    this.listeners.push(listener);
  }

  /** Starts a build, or, when one is running, one more after it (edits that land mid-build are not lost). */
  rebuild(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        // Saves that leave every byte as it was (editors touching files, swap files) do not rebuild or reload.
        const inputs = await this.fingerprint();
        if (inputs !== undefined && inputs === this.lastInputs) continue;
        const outcome = await this.buildOnce();
        this.lastInputs = 'problems' in outcome && outcome.problems[0]?.ruleId === 'dev-build-crash' ? undefined : inputs;
        for (const listener of this.listeners) {
          // A failing listener (a host that cannot start, a terminal gone away) must not end the watch loop.
          try {
            listener(outcome);
          } catch (error) {
            process.stderr.write(`dev: ${error instanceof Error ? error.message : String(error)}\n`);
          }
        }
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async fingerprint(): Promise<string | undefined> {
    try {
      const hash = createHash('sha256');
      await hashFolder(hash, this.options.contentDir ?? join(PROJECT_ROOT, 'content'));
      hash.update('\0schemas\0');
      await hashFolder(hash, this.options.schemaDir ?? join(PROJECT_ROOT, 'schemas', 'content'));
      return hash.digest('hex');
    } catch {
      // A folder mid-rename cannot be hashed: build anyway, the build reports what is missing.
      return undefined;
    }
  }

  private async buildOnce(): Promise<BuildOutcome> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const { contentDir, schemaDir, kinds, addresses, cacheDir } = this.options;
      const result = await runPipeline({ env: 'preview', contentDir, schemaDir, kinds, addresses, cacheDir });
      if (result.diagnostics.hasErrors || !result.model || !result.registry || !result.artifacts) {
        this.problems = problemsOf(result.diagnostics);
        return { ok: false, problems: this.problems, ms: ms(), diagnostics: result.diagnostics };
      }
      const build: GoodBuild = {
        id: (this.current?.id ?? 0) + 1,
        model: result.model,
        registry: result.registry,
        artifacts: result.artifacts,
      };
      const written = this.options.writer ? await this.options.writer.write(result.artifacts) : undefined;
      this.current = build;
      this.problems = [];
      return { ok: true, build, ms: ms(), written, diagnostics: result.diagnostics };
    } catch (error) {
      // A crash of the generator on odd content must not end the dev loop: it is shown like a content error.
      this.problems = [
        {
          file: '(build)',
          ruleId: 'dev-build-crash',
          reason: `The build failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
        },
      ];
      return { ok: false, problems: this.problems, ms: ms() };
    }
  }
}

function problemsOf(diagnostics: Diagnostics): Problem[] {
  return diagnostics
    .list()
    .filter((m) => m.fatal)
    .map((m) => ({ file: m.file, line: m.line, column: m.column, ruleId: m.ruleId, reason: m.reason }));
}
