// Command-line options shared by the commands: build's and validate's, how every command reads a usage mistake, and
// how it ends.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { EnvironmentName } from '../../model/types.js';

export interface CommonOptions {
  env: EnvironmentName;
  outDir: string;
  contentDir?: string;
  /** The build cache folder (`--cache`, build only). */
  cacheDir?: string;
  json: boolean;
  help: boolean;
  positionals: string[];
}

export function parseCommonArgs(argv: string[], accepts: { cache?: boolean } = {}): CommonOptions {
  const { values, positionals } = parseCommandLine({
    args: argv,
    allowPositionals: true,
    options: {
      env: { type: 'string', default: 'production' },
      out: { type: 'string' },
      content: { type: 'string' },
      ...(accepts.cache ? { cache: { type: 'string' as const } } : {}),
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const env = values.env;
  if (env !== 'production' && env !== 'preview') {
    throw new UsageError(`--env must be "production" or "preview", not "${env}".`);
  }
  return {
    env,
    outDir: values.out ?? (env === 'production' ? 'dist' : 'dist-preview'),
    contentDir: values.content,
    cacheDir: typeof values.cache === 'string' ? values.cache : undefined,
    json: values.json ?? false,
    help: values.help ?? false,
    positionals,
  };
}

export class UsageError extends Error {}

/** `parseArgs`, its refusals turned into UsageErrors in plain words ("Unknown option --colour."). */
export function parseCommandLine<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(parseProblem(error));
  }
}

/** Node's parseArgs messages name the option in quotes and suggest '--' tricks; the usage printed after says more. */
export function parseProblem(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' <]+)/.exec(message)?.[1];
  const argument = /argument '([^']*)'/i.exec(message)?.[1];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unknown option ${option ?? message}.`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (option && /argument missing/.test(message)) return `Option ${option} needs a value.`;
      // A value that starts with a dash ("--runs -1") reads as another option unless it is joined with "=".
      if (option && /ambiguous/.test(message)) {
        return `Option ${option} needs a value; one that starts with a dash is written ${option}=<value>.`;
      }
      return `Option ${option ?? ''} takes no value.`.replace('  ', ' ');
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Unexpected argument "${argument ?? message}": this command takes options only.`;
    default:
      return message;
  }
}

/** A port number option: a whole number from 0 (any free port) to 65535. */
export function portOption(flag: string, raw: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port > 65535) {
    throw new UsageError(`--${flag} must be a port number (0 to 65535), not "${raw}".`);
  }
  return port;
}

/** An origin option (`http://localhost:4102`): http or https, scheme, host and port only; a trailing slash is let go. */
export function originOption(flag: string, raw: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  const given = raw.replace(/\/$/, '');
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== given) {
    throw new UsageError(
      `--${flag} must be an http or https origin, scheme, host and port (e.g. http://localhost:4102), not "${raw}".`,
    );
  }
  return given;
}

/** Prints a usage mistake and the command's usage on stderr; returns the usage exit code, 2. */
export function usageMistake(problem: unknown, help: string): 2 {
  const text = problem instanceof Error ? problem.message : String(problem);
  process.stderr.write(`${text}\n\n${help}\n`);
  return 2;
}

/**
 * Runs a command's `main` and exits with the code it returns. A failure no check foresaw is a bug of the command, not
 * of the input: it is printed whole, stack included, for the report that fixes it.
 */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `Unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
