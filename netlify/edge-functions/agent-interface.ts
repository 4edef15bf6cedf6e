// Netlify Edge Function: `/?mode=agent`, `/api/agent/page-context?path=` and Markdown negotiation, answered by the
// shared edge handler from the table `npm run build` writes outside dist/ (so it is bundled, never uploaded).
// Every other request goes on to Netlify's static files and their `_headers`. The handler is imported as the
// self-contained bundle `generator/cli/bundle-edge.ts` writes (netlify.toml runs it after the build), because Deno
// does not resolve the project's `.js` import specifiers to its `.ts` sources.
import table from '../../dist-hosts/deploy/edge-table.json' with { type: 'json' };
import { netlifyEdgeConfig, netlifyEdgeFunction } from '../../dist-edge/netlify-edge-handler.js';

export default netlifyEdgeFunction(table);

// Only the paths the handler answers (Netlify reads `config` by importing this module at deploy time); every other
// request is a static file, served without running the function.
export const config = netlifyEdgeConfig(table);
