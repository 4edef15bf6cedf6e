// Collects positioned messages from every stage as vfile messages, and prints them the same way for all of them.
import { VFile } from 'vfile';
import { reporter } from 'vfile-reporter';
import type { SourcePlace } from '../../model/types.js';
import type { RuleId } from './rules.js';
import { noteRaised } from './raised-rules.js';

/** The stage a message comes from; printed as the message's `source`. */
export type Stage = 'load' | 'registry' | 'emit' | 'validate' | 'write';

export interface MessageInput {
  /** Permanent rule id (kebab-case), e.g. `unknown-scope`. */
  ruleId: RuleId;
  /** What happened, in one sentence. */
  reason: string;
  /** What to do about it. */
  fix?: string;
  place?: SourcePlace;
  /** The file the message is about, when `place` is not given. */
  file?: string;
}

/** A message as plain data: its file, place, rule, stage, whether it fails the build, and its reason with its fix. */
export interface ListedMessage {
  file: string;
  line?: number;
  column?: number;
  ruleId: RuleId;
  stage: string;
  fatal: boolean;
  reason: string;
}

export class Diagnostics {
  private readonly files = new Map<string, VFile>();

  private fileFor(path: string): VFile {
    let file = this.files.get(path);
    if (!file) {
      file = new VFile({ path });
      this.files.set(path, file);
    }
    return file;
  }

  private added = 0;

  /** How many messages were added so far (a check compares it before and after judging a text). */
  get count(): number {
    return this.added;
  }

  private add(stage: Stage, input: MessageInput, fatal: boolean): void {
    this.push({
      file: input.place?.file ?? input.file ?? '(build)',
      line: input.place?.line,
      column: input.place?.column,
      ruleId: input.ruleId,
      stage,
      fatal,
      reason: input.fix ? `${input.reason} Fix: ${input.fix}` : input.reason,
    });
  }

  /** Every message, new or replayed, is added here. */
  private push(listed: ListedMessage): void {
    this.added++;
    noteRaised(listed.ruleId);
    const place = listed.line !== undefined ? { line: listed.line, column: listed.column ?? 1 } : undefined;
    const message = this.fileFor(listed.file).message(listed.reason, {
      place,
      ruleId: listed.ruleId,
      source: listed.stage,
    });
    message.fatal = listed.fatal;
  }

  error(stage: Stage, input: MessageInput): void {
    this.add(stage, input, true);
  }

  warn(stage: Stage, input: MessageInput): void {
    this.add(stage, input, false);
  }

  /** Moves every message of another collector into this one (used when stages run separately). */
  merge(other: Diagnostics): void {
    for (const [path, file] of other.files) this.fileFor(path).messages.push(...file.messages);
  }

  get hasErrors(): boolean {
    return this.all().some((m) => m.fatal === true);
  }

  all() {
    return [...this.files.values()].flatMap((f) => f.messages);
  }

  /**
   * Messages listed before (by `list`), added again as they were: what a skipped build repeats of the last one (see
   * cache/build-record.ts).
   */
  replay(messages: readonly ListedMessage[]): void {
    for (const listed of messages) this.push(listed);
  }

  /** Messages as plain data, for tests and `--json`. */
  list(): ListedMessage[] {
    return [...this.files.entries()].flatMap(([file, vf]) =>
      vf.messages.map((m) => ({
        file,
        line: m.line ?? undefined,
        column: m.column ?? undefined,
        // Every message is added by `add`, which takes a catalogued id.
        ruleId: m.ruleId as RuleId,
        stage: m.source ?? '',
        fatal: m.fatal === true,
        reason: m.reason,
      })),
    );
  }

  report(options: { color?: boolean } = {}): string {
    const files = [...this.files.values()].filter((f) => f.messages.length > 0);
    if (files.length === 0) return '';
    return reporter(files, { color: options.color ?? false });
  }
}
