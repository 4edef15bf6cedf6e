// Command-line options shared by the build and validate commands.
import { parseArgs } from 'node:util';
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
  const { values, positionals } = parseArgs({
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
