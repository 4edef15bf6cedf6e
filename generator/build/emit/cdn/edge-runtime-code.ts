// The edge function's runtime code, bundled as the platforms bundle it, by which the deployment budgets size the
// function. The compile step bundles it once (compiled/edge-runtime.json), so that a build does not start esbuild;
// run from the sources, or when that file cannot be read, it is bundled here, once per process.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { COMPILED_DIR, PROJECT_ROOT, RUNS_COMPILED } from '../../files/project-paths.js';

/** The edge function wrappers, one per platform; the function's size is the larger of the two. */
const EDGE_RUNTIME_ENTRIES = ['netlify.ts', 'cloudflare.ts'].map((file) =>
  join(PROJECT_ROOT, 'generator', 'runtime', 'edge', file),
);

/** The compile step's bundle of each wrapper, in the order of EDGE_RUNTIME_ENTRIES (a JSON array of strings). */
export const COMPILED_EDGE_RUNTIME = join(COMPILED_DIR, 'edge-runtime.json');

// esbuild (a native binary and its driver) is loaded only when a bundle is made here.
const require = createRequire(import.meta.url);

/** Each wrapper bundled with the runtime it imports (the edge table is added to it by the platform's bundler). */
export function bundleEdgeRuntime(): string[] {
  const { buildSync } = require('esbuild') as typeof import('esbuild');
  return EDGE_RUNTIME_ENTRIES.map(
    (entry) =>
      buildSync({
        entryPoints: [entry],
        // The bundle names its modules by their paths from here: the same bytes whatever folder a command runs in.
        absWorkingDir: PROJECT_ROOT,
        bundle: true,
        format: 'esm',
        platform: 'neutral',
        target: 'es2022',
        write: false,
        logLevel: 'silent',
      }).outputFiles[0]!.text,
  );
}

let code: string[] | undefined;

/** The bundled wrappers: the compile step's when this runs compiled (compiled/ is then current), else made here. */
export function edgeRuntimeCode(): string[] {
  code ??= (RUNS_COMPILED ? compiledEdgeRuntime() : undefined) ?? bundleEdgeRuntime();
  return code;
}

function compiledEdgeRuntime(): string[] | undefined {
  try {
    const parsed = JSON.parse(readFileSync(COMPILED_EDGE_RUNTIME, 'utf8')) as unknown;
    const whole =
      Array.isArray(parsed) &&
      parsed.length === EDGE_RUNTIME_ENTRIES.length &&
      parsed.every((text) => typeof text === 'string');
    return whole ? parsed : undefined;
  } catch {
    // Not compiled yet, or being replaced by a compile at this moment: bundled here instead, to the same bytes.
    return undefined;
  }
}
