// `npx tsx generator/cli/bundle-edge.ts [--out DIR]`: writes the Netlify edge handler bundle to DIR-edge/ (default
// dist-edge/), where netlify/edge-functions/ imports it: code, not a built artifact, so outside the checked trees.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleNetlifyHandler } from '../edge/bundle.js';

/** Where the Netlify edge function imports the bundle from. */
export const NETLIFY_BUNDLE_FILE = 'netlify-edge-handler.js';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' } } });
const file = join(`${resolve(values.out!)}-edge`, NETLIFY_BUNDLE_FILE);
await bundleNetlifyHandler(file);
process.stdout.write(`Wrote ${file}\n`);
