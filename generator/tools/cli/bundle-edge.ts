// `npm run bundle:edge`: writes the Netlify edge function's runtime bundle beside the function
// (netlify/edge-functions/lib/agent-interface-handler.js, git-ignored): code, not a built artifact, so outside the
// checked trees. netlify.toml runs it after the build.
import { fileURLToPath } from 'node:url';
import { bundleNetlifyHandler } from './edge-bundle.js';

const file = fileURLToPath(new URL('../../../netlify/edge-functions/lib/agent-interface-handler.js', import.meta.url));
await bundleNetlifyHandler(file);
process.stdout.write(`Wrote ${file}\n`);
