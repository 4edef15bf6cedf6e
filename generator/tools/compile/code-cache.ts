// The pipeline as a compiled command runs it: one CommonJS script (compiled/scripts/pipeline.cjs, made by the compile
// step), compiled by V8 from the code it compiled in an earlier run. Node 20 keeps no compiled code of ES modules
// between runs, so each run compiled, for the first time, every function it called: 65–85 ms of a one-page edit of
// 1,000 pages. V8's cache holds the functions a run has called, when it is made after that run; a later run reads it
// instead of compiling them again. The script holds its own copy of every module it imports: what a command passes
// it from modules it loaded before (the build record's check, a progress callback) is data and functions, never a
// class the pipeline would compare by identity.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import vm from 'node:vm';
import { COMPILED_DIR, RUNS_COMPILED } from '../../build/files/project-paths.js';
import { checkedBody, withChecksum, writeWholeSync } from '../../build/cache/whole-file.js';
import { MODULE_COMPILE_CACHE_DIR } from './freshness.js';

type Pipeline = typeof import('../../build/pipeline.js');

/** The pipeline and every module it imports, bundled as one CommonJS script (the compile step's, without a map). */
export const PIPELINE_SCRIPT = join(COMPILED_DIR, 'scripts', 'pipeline.cjs');

/**
 * The script's SHA-256, written beside it by the compile step. V8 checks a cache against its script's length only:
 * the cache's file is named by the script's digest, so a new compile of the same length is never served old code.
 */
export const scriptDigestFile = (script: string) => `${script}.sha256`;

/** How a script's code was had: from the cache, or compiled (then cached at exit). */
export type CodeOrigin = 'cache' | 'compiled';

/**
 * The pipeline: from its script and the code cache when compiled, else (from the sources) imported. Without a cache
 * for this compile, the code this process ran is cached when it exits: the first build after a compile makes it.
 * `keepCode: false` for a process that only loads the pipeline, whose cache would hold little of what a build runs.
 */
export async function loadPipeline({ keepCode = true } = {}): Promise<Pipeline> {
  // Node maps no script run through vm back to its sources: `node --enable-source-maps` gets the modules, which it does.
  if (RUNS_COMPILED && !process.sourceMapsEnabled) {
    const loaded = runCachedScript(PIPELINE_SCRIPT, MODULE_COMPILE_CACHE_DIR);
    if (loaded) {
      if (loaded.origin === 'compiled' && keepCode) process.once('exit', loaded.keep);
      return loaded.exports as Pipeline;
    }
  }
  return import('../../build/pipeline.js');
}

/**
 * Runs a CommonJS script with V8's code for it from `cacheDir` when that cache is whole and V8 takes it. Returns its
 * exports, where they came from, and `keep`, which caches the code of every function the script has run so far (to
 * be called once the run is done). Undefined when the script or its digest cannot be read.
 */
export function runCachedScript(
  file: string,
  cacheDir: string,
): { exports: unknown; origin: CodeOrigin; keep: () => void } | undefined {
  let source: string;
  let digest: string;
  try {
    source = readFileSync(file, 'utf8');
    digest = readFileSync(scriptDigestFile(file), 'utf8').trim();
  } catch {
    return undefined;
  }
  if (!/^[0-9a-f]{64}$/.test(digest)) return undefined;
  const stem = `${basename(file)}-`;
  const compile = `${stem}${digest.slice(0, 16)}-`;
  // Node's version and the machine's architecture name V8's code too: a cache of another Node is kept for it.
  const cacheFile = join(cacheDir, `${compile}${process.version}-${process.arch}.v8`);
  const cachedData = readChecked(cacheFile);
  // The wrapper Node gives a CommonJS module, on the script's first line (its line numbers stay the file's), in strict
  // mode as the ES modules it was compiled from: the compile step's first line comes before the bundle's own directive.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {'use strict';${source}\n})`;
  const script = new vm.Script(wrapped, {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    createRequire(file),
    module,
    file,
    dirname(file),
  );
  return {
    exports: module.exports,
    origin: cachedData !== undefined && !script.cachedDataRejected ? 'cache' : 'compiled',
    keep: () => keepCode(cacheFile, script, (name) => name.startsWith(stem) && !name.startsWith(compile)),
  };
}

/** A cache file's data when its own checksum holds: V8 does not check its payload's. */
function readChecked(cacheFile: string): Buffer | undefined {
  try {
    return checkedBody(readFileSync(cacheFile))?.body;
  } catch {
    return undefined;
  }
}

/**
 * Writes the script's code to the cache as the build cache's files are written (a run started meanwhile reads the old
 * file or the new one, whole), and removes the cache of every other compile of the script. A cache that cannot be written
 * costs the next run its compiling, nothing more: it is never an error.
 */
function keepCode(cacheFile: string, script: vm.Script, ofAnotherCompile: (name: string) => boolean): void {
  try {
    const dir = dirname(cacheFile);
    mkdirSync(dir, { recursive: true });
    writeWholeSync(cacheFile, Buffer.concat(withChecksum([script.createCachedData()]).pieces));
    for (const name of readdirSync(dir)) if (ofAnotherCompile(name)) rmSync(join(dir, name), { force: true });
  } catch {
    // Read-only node_modules, a full disk: the next run compiles as this one did.
  }
}
