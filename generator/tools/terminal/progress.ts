// The progress of a long build on stderr: nothing for the first two seconds; then, on a terminal, one line that
// shows the stage and its count and is rewritten in place; on a pipe or in CI, one line when each stage starts.
import type { BuildProgress, BuildStage } from '../../build/pipeline.js';

/** A build shorter than this shows no progress at all. */
export const PROGRESS_DELAY_MS = 2000;
/** The terminal's line is rewritten at most this often (a count moves once per page or file). */
const REDRAW_MS = 100;

const WHAT: Record<BuildStage, string> = {
  load: 'loading the content',
  render: 'rendering pages',
  emit: 'emitting artifacts',
  validate: 'validating artifacts',
  write: 'writing files',
};

export interface ProgressLine {
  report: BuildProgress;
  /** Clears the terminal's line (call before printing the build's result). */
  end(): void;
}

export interface ProgressOptions {
  /** Rewrites one line in place; otherwise one line per stage. Default: the stream is a terminal and not in CI. */
  live?: boolean;
  delayMs?: number;
  now?: () => number;
  label?: string;
}

export function progressLine(
  stream: NodeJS.WritableStream & { isTTY?: boolean },
  options: ProgressOptions = {},
): ProgressLine {
  const live = options.live ?? (stream.isTTY === true && !process.env.CI);
  const now = options.now ?? (() => performance.now());
  const delay = options.delayMs ?? PROGRESS_DELAY_MS;
  const label = options.label ?? 'build';
  const started = now();
  let stage: BuildStage | undefined;
  let announced: BuildStage | undefined;
  let drawn = false;
  let lastDraw = 0;
  const count = (done: number, total: number) =>
    total > 0
      ? ` ${done.toLocaleString('en')}/${total.toLocaleString('en')}`
      : done > 0
        ? ` ${done.toLocaleString('en')}`
        : '';
  return {
    report(next, done, total) {
      const changed = next !== stage;
      stage = next;
      const t = now();
      if (t - started < delay) return;
      if (!live) {
        if (announced === next) return;
        announced = next;
        stream.write(`${label}: ${WHAT[next]}${total > 0 ? ` (${total.toLocaleString('en')})` : ''}…\n`);
        return;
      }
      if (!changed && t - lastDraw < REDRAW_MS) return;
      lastDraw = t;
      drawn = true;
      stream.write(`\r\u001b[2K${label}: ${WHAT[next]}${count(done, total)} (${((t - started) / 1000).toFixed(1)} s)`);
    },
    end() {
      if (drawn) stream.write('\r\u001b[2K');
      drawn = false;
    },
  };
}
