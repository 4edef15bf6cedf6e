// The compile step (`npm run compile`; `npm ci` runs it through `prepare`): every entry point of generator/ and
// bench/ bundled with the packages it uses into compiled/ (each at its source's path, `.js`; the code they share in
// compiled/chunks/), the pipeline once more as one script for V8's code cache (compiled/scripts/), every JSON Schema
// compiled to a standalone validator, and a manifest of what was read, by which each command knows whether compiled/
// is current.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { type CompileManifest, MANIFEST_FORMAT } from '../../build/files/compile-manifest.js';
import { COMPILE_MANIFEST, COMPILED_DIR, PROJECT_ROOT } from '../../build/files/project-paths.js';
import { VALIDATORS_DIR } from '../../build/schemas/validators.js';
import { bundleEdgeRuntime, COMPILED_EDGE_RUNTIME } from '../../build/emit/cdn/edge-runtime-code.js';
import { PIPELINE_SCRIPT, scriptDigestFile } from './code-cache.js';
import { recordInputs } from './inputs.js';
import { makeValidators, writeValidators } from './standalone-validators.js';

/**
 * The entry points: every command, every module started as a worker thread or a child process (`*-worker.ts`), and
 * the benchmark with its child scripts. Each is found at its own path in compiled/ (see runnableFile).
 */
export const ENTRY_POINTS: readonly RegExp[] = [
  /^generator\/tools\/cli\/(?!compile\.ts$)[^/]+\.ts$/,
  /^generator\/.*-worker\.ts$/,
  /^bench\/run\.ts$/,
  /^bench\/child\/[^/]+\.ts$/,
];

/** Shared code, split out of the entry points so that each command loads only what it imports, lazily or not. */
const CHUNKS = 'chunks';

/** What compiled/ holds, each replaced whole by a compile. */
const OUTPUTS = [
  'generator',
  'bench',
  CHUNKS,
  basename(dirname(PIPELINE_SCRIPT)),
  basename(VALIDATORS_DIR),
  basename(COMPILED_EDGE_RUNTIME),
  basename(COMPILE_MANIFEST),
];

/**
 * In an ES module `require` does not exist; the CommonJS packages bundled in (gray-matter, fast-glob…) call it for
 * Node's built-in modules, and a few for a module named at run time, which this one resolves from compiled/.
 */
const REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** In a CommonJS script `import.meta` does not exist: its `url` (which modules resolve files from) is the script's. */
const SCRIPT_URL = '__scriptUrl';
const SCRIPT_URL_BANNER = `const ${SCRIPT_URL} = require('node:url').pathToFileURL(__filename).href;`;

export interface CompileResult {
  entries: number;
  validators: number;
  ms: number;
}

/**
 * Packages that find files of their own at run time, from their own path: esbuild (its native binary) and
 * playwright-core (its driver and the scripts it injects). They are loaded from node_modules as they are.
 */
const SELF_LOCATING_PACKAGES = ['esbuild', 'playwright-core'];

/**
 * Packages the commands never call, replaced by a module that says so if they do: loading them costs start-up time.
 * linkify-it: markdown-it makes one in its constructor, and the fast path turns linkify off; js-yaml: gray-matter
 * loads it for its default engine, and the loader gives gray-matter its own.
 */
const PACKAGES_LEFT_OUT: Record<string, string> = {
  'linkify-it': join(PROJECT_ROOT, 'generator', 'tools', 'compile', 'linkify-off.ts'),
  'js-yaml': join(PROJECT_ROOT, 'generator', 'tools', 'compile', 'js-yaml-off.ts'),
};

/**
 * Packages left out of the bundles: the self-locating ones, and the development ones (Eleventy and autocannon, for
 * the benchmark; absent after `npm ci --omit=dev`).
 */
function externalPackages(): string[] {
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
  };
  return [...SELF_LOCATING_PACKAGES, ...Object.keys(pkg.devDependencies ?? {})];
}

/**
 * Compiles everything into a staging folder, then moves each output into place, the manifest last: a compile that
 * fails leaves the previous output and its manifest, and a command started meanwhile finds a whole tree.
 */
export async function compileProject(): Promise<CompileResult> {
  const started = performance.now();
  const staging = join(COMPILED_DIR, `.next-${process.pid}`);
  const old = join(COMPILED_DIR, `.old-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  // Recorded before anything is read: a file saved during the compile makes the next command compile again.
  const inputs = recordInputs(PROJECT_ROOT);
  const entries = Object.keys(inputs).filter((path) => ENTRY_POINTS.some((pattern) => pattern.test(path)));
  try {
    await build({
      entryPoints: entries.map((path) => join(PROJECT_ROOT, path)),
      outdir: staging,
      outbase: PROJECT_ROOT,
      // One file per entry point with its packages: a few files to load instead of a thousand small modules.
      bundle: true,
      // A lazy `import()` stays lazy: what only some paths need is its own chunk, loaded when asked for.
      splitting: true,
      chunkNames: `${CHUNKS}/[name]-[hash]`,
      external: externalPackages(),
      alias: PACKAGES_LEFT_OUT,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      banner: { js: REQUIRE_BANNER },
      // `node --enable-source-maps compiled/…` shows the TypeScript lines in a stack trace.
      sourcemap: 'linked',
      logLevel: 'error',
    });
    await compilePipelineScript(staging);
    const validators = makeValidators();
    writeValidators(join(staging, basename(VALIDATORS_DIR)), validators);
    // The deployment budgets size the edge function from this bundle; a build then never starts esbuild.
    writeFileSync(join(staging, basename(COMPILED_EDGE_RUNTIME)), JSON.stringify(bundleEdgeRuntime()));
    const manifest: CompileManifest = { format: MANIFEST_FORMAT, inputs };
    writeFileSync(join(staging, basename(COMPILE_MANIFEST)), `${JSON.stringify(manifest)}\n`);

    mkdirSync(old, { recursive: true });
    for (const name of OUTPUTS) {
      if (existsSync(join(COMPILED_DIR, name))) renameSync(join(COMPILED_DIR, name), join(old, name));
      renameSync(join(staging, name), join(COMPILED_DIR, name));
    }
    return { entries: entries.length, validators: validators.length, ms: performance.now() - started };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}

/**
 * The pipeline as one CommonJS script, with its SHA-256 beside it: what a compiled build runs, through V8's code cache
 * (code-cache.ts). One script, since V8 caches a script's code, not a module graph's.
 */
async function compilePipelineScript(staging: string): Promise<void> {
  const outfile = join(staging, relative(COMPILED_DIR, PIPELINE_SCRIPT));
  await build({
    entryPoints: [join(PROJECT_ROOT, 'generator', 'build', 'pipeline.ts')],
    outfile,
    bundle: true,
    external: externalPackages(),
    alias: PACKAGES_LEFT_OUT,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    define: { 'import.meta.url': SCRIPT_URL },
    banner: { js: SCRIPT_URL_BANNER },
    logLevel: 'error',
  });
  const digest = createHash('sha256').update(readFileSync(outfile)).digest('hex');
  writeFileSync(scriptDigestFile(outfile), `${digest}\n`);
}
