// `npm run bundle:edge`: writes the Netlify edge function's runtime bundle beside the function
// (netlify/edge-functions/lib/agent-interface-handler.js, git-ignored): code, not a built artifact, so outside the
// checked trees. netlify.toml runs it after the build.
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../build/files/project-paths.js';
import { whenCompiled } from '../compile/freshness.js';
import { parseCommandLine, usageMistake } from './args.js';

const HELP = `Usage: npm run bundle:edge

Bundles generator/runtime/edge/netlify.ts and everything it imports into one ES module for Netlify's
edge runtime: netlify/edge-functions/lib/agent-interface-handler.js.

Exit codes: 0 written, 1 not written, 2 usage error.`;

await whenCompiled();
let help = false;
try {
  help = parseCommandLine({ options: { help: { type: 'boolean', short: 'h', default: false } } }).values.help === true;
} catch (error) {
  process.exit(usageMistake(error, HELP));
}
if (help) {
  process.stdout.write(`${HELP}\n`);
} else {
  const { bundleNetlifyHandler } = await import('./edge-bundle.js');
  const file = join(PROJECT_ROOT, 'netlify', 'edge-functions', 'lib', 'agent-interface-handler.js');
  await bundleNetlifyHandler(file);
  process.stdout.write(`Wrote ${file}\n`);
}
