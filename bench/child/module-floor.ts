// Child process: the module floor of a cold build. Loads the modules a cold build of the shipped content loads (the
// command's stages, the build record, the pipeline with every stage it imports, from its script and V8's code cache as
// the command loads it, the progress line and the summary, and every compiled schema validator) and runs nothing. A
// whole build can be no faster than this process.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { VALIDATORS_DIR } from '../../generator/build/schemas/validators.js';
import type { CompiledIndex } from '../../generator/build/schemas/validators.js';

await Promise.all([
  import('../../generator/build/cache/build-record.js'),
  import('../../generator/tools/compile/code-cache.js').then(({ loadPipeline }) => loadPipeline({ keepCode: false })),
  import('../../generator/tools/terminal/progress.js'),
  import('../../generator/tools/terminal/build-summary.js'),
]);
// The validators are CommonJS, required by the build when a schema is first used: here, all of them.
const require = createRequire(import.meta.url);
for (const set of readdirSync(VALIDATORS_DIR)) {
  const index = JSON.parse(readFileSync(join(VALIDATORS_DIR, set, 'index.json'), 'utf8')) as CompiledIndex;
  for (const { module } of Object.values(index)) require(join(VALIDATORS_DIR, set, module));
}
