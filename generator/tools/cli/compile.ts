// `npm run compile` (and `npm ci`, through `prepare`): compiles generator/, bench/ and the schemas into compiled/.
// Run as a bundle of itself (package.json's `compile` script makes it with esbuild), since nothing is compiled yet.
import { compileProject } from '../compile/compile.js';

try {
  const result = await compileProject();
  process.stderr.write(
    `Compiled ${result.entries} entry points and ${result.validators} schema validators into compiled/ in ${(result.ms / 1000).toFixed(1)} s.\n`,
  );
} catch (error) {
  process.stderr.write(`The compile step failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
