// Terminal output shared by check, verify and dev: progress on stderr, colour only on a TTY (and never with NO_COLOR).
import type { WriteStream } from 'node:tty';
import picocolors from 'picocolors';

export interface Terminal {
  progress(message: string): void;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

export function terminal(stream: NodeJS.WriteStream | WriteStream = process.stderr, quiet = false): Terminal {
  // Decided per stream (stdout may be a pipe while stderr is a terminal), not by picocolors' process-wide guess.
  const colors = picocolors.createColors(stream.isTTY === true && !process.env.NO_COLOR);
  return {
    progress: (message) => {
      if (!quiet) stream.write(`${colors.dim(message)}\n`);
    },
    red: colors.red,
    green: colors.green,
    yellow: colors.yellow,
    dim: colors.dim,
    bold: colors.bold,
  };
}
