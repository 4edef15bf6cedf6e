// Terminal output shared by check, verify and dev: progress on stderr, colour only on a TTY (and never with NO_COLOR).
import type { WriteStream } from 'node:tty';

export interface Terminal {
  progress(message: string): void;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

export function terminal(stream: NodeJS.WriteStream | WriteStream = process.stderr, quiet = false): Terminal {
  const color = stream.isTTY === true && !process.env.NO_COLOR;
  const paint = (open: number, close: number) => (text: string) =>
    color ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  const dim = paint(2, 22);
  return {
    progress: (message) => {
      if (!quiet) stream.write(`${dim(message)}\n`);
    },
    red: paint(31, 39),
    green: paint(32, 39),
    yellow: paint(33, 39),
    dim,
    bold: paint(1, 22),
  };
}
