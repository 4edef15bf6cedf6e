// What a compiled build loads: only what the shipped content needs. The edge function's runtime is bundled by the
// compile step (a build starts no esbuild), the grammars HTTP brings are not loaded for pages without an HTTP block,
// and linkify-it and js-yaml, which a build never calls, are left out of the bundles. What it leaves: V8's code of the
// pipeline it ran, for the next build.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleEdgeRuntime, COMPILED_EDGE_RUNTIME } from '../../../generator/build/emit/cdn/edge-runtime-code.js';
import { readCompileManifest } from '../../../generator/build/files/compile-manifest.js';
import { COMPILED_DIR, PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { changedInputs } from '../../../generator/tools/compile/inputs.js';
import { MODULE_COMPILE_CACHE_DIR } from '../../../generator/tools/compile/freshness.js';
import { PIPELINE_SCRIPT, scriptDigestFile } from '../../../generator/tools/compile/code-cache.js';

const SLOW = 240_000;

let root: string;
beforeAll(async () => {
  // The tests run from the sources: bring compiled/ up to date first if they were edited since the last compile.
  if (changedInputs(PROJECT_ROOT, readCompileManifest()).length > 0) {
    execFileSync('npm', ['run', '-s', 'compile'], { cwd: PROJECT_ROOT, stdio: 'ignore' });
  }
  root = await mkdtemp(join(tmpdir(), 'compiled-start-up-'));
}, SLOW);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The side-installed Node 22 (see README "Preview server"), which has a compile cache; Node 20 has none. */
const NODE_22 = join(PROJECT_ROOT, '.tools/node22/node_modules/node/bin/node');

function coldBuild(node: string, args: string[], name: string): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    execFile(
      node,
      [...args, '--out', join(root, name, 'dist'), '--cache', join(root, name, 'cache')],
      { cwd: PROJECT_ROOT },
      (error, _stdout, stderr) => (error ? reject(new Error(stderr)) : resolve()),
    ),
  );
}

/** The CommonJS modules and the ES modules read with require that a compiled cold build of the shipped content loaded. */
async function modulesOfColdBuild(): Promise<string[]> {
  const list = join(root, 'modules.txt');
  const preload = join(root, 'record-modules.mjs');
  await writeFile(
    preload,
    `import Module from 'node:module';\nimport { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(list)}, Object.keys(Module._cache).join('\\n')));\n`,
  );
  await coldBuild(
    process.execPath,
    ['--import', preload, join(COMPILED_DIR, 'generator/tools/cli/build.js')],
    'record',
  );
  return (await readFile(list, 'utf8')).split('\n');
}

describe('a compiled build', () => {
  it('sizes the edge function from the runtime the compile step bundled, which is the one the sources make now', () => {
    expect(JSON.parse(readFileSync(COMPILED_EDGE_RUNTIME, 'utf8'))).toEqual(bundleEdgeRuntime());
  });

  it(
    'of the shipped content loads no esbuild and no grammar it does not use',
    async () => {
      const modules = await modulesOfColdBuild();
      // The record holds what was loaded with require: the compiled validators, for one.
      expect(modules.some((file) => file.includes('/compiled/validators/'))).toBe(true);
      const left = ['/node_modules/esbuild/', '/node_modules/esprima/', '/dist/http.mjs', '/dist/typescript.mjs'];
      for (const file of left) expect(modules.filter((loaded) => loaded.includes(file))).toEqual([]);
    },
    SLOW,
  );

  it(
    "leaves V8's code of the pipeline it ran in the cache, for the next build of this compile",
    async () => {
      const digest = readFileSync(scriptDigestFile(PIPELINE_SCRIPT), 'utf8').trim();
      const cached = join(
        MODULE_COMPILE_CACHE_DIR,
        `pipeline.cjs-${digest.slice(0, 16)}-${process.version}-${process.arch}.v8`,
      );
      await rm(cached, { force: true });
      await coldBuild(process.execPath, [join(COMPILED_DIR, 'generator/tools/cli/build.js')], 'code-cache');
      expect(statSync(cached).size).toBeGreaterThan(100_000);
    },
    SLOW,
  );

  it.skipIf(!existsSync(NODE_22) && !process.env.CI)(
    "on Node 22, leaves the code Node compiled from its modules in Node's compile cache, for the next command",
    async () => {
      await rm(MODULE_COMPILE_CACHE_DIR, { recursive: true, force: true });
      await coldBuild(NODE_22, [join(COMPILED_DIR, 'generator/tools/cli/build.js')], 'node22');
      const cached = readdirSync(MODULE_COMPILE_CACHE_DIR, { recursive: true, withFileTypes: true });
      expect(cached.filter((entry) => entry.isFile()).length).toBeGreaterThan(5);
    },
    SLOW,
  );

  it.each([
    ['linkify-it', 'the fast path runs markdown-it with linkify off'],
    ['js-yaml', 'gray-matter only splits a page, with a YAML engine of its own'],
    ['@shikijs/langs-precompiled/dist/(?:http|graphql|typescript)', 'HTTP and what it embeds are loaded when needed'],
  ])('leaves %s out of the bundles (%s)', (name) => {
    // esbuild names each module it bundles in a comment line: `// node_modules/<package>/<file>`.
    const bundled = new RegExp(`^// (?:\\S*/)?node_modules/${name}/`, 'm');
    const bundles = [
      ...readdirSync(join(COMPILED_DIR, 'chunks'))
        .filter((file) => file.endsWith('.js'))
        .map((file) => join(COMPILED_DIR, 'chunks', file)),
      PIPELINE_SCRIPT,
    ];
    const holding = bundles.filter((file) => bundled.test(readFileSync(file, 'utf8')));
    expect(holding).toEqual([]);
  });
});
