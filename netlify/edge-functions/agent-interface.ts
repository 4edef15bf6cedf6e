// Netlify Edge Function: `/?mode=agent`, `/api/agent/page-context?path=` and Markdown negotiation, answered by the
// site's runtime from the table `npm run build` writes outside dist/ (so it is bundled, never uploaded). Every other
// request goes on to Netlify's static files and their `_headers`. The runtime is imported as the self-contained
// bundle `npm run bundle:edge` writes to lib/ (netlify.toml runs it after the build), because Deno does not resolve
// the project's `.js` import specifiers to its `.ts` sources.
import table from '../../dist-hosts/deploy/edge-table.json' with { type: 'json' };
import { netlifyEdgeConfig, netlifyEdgeFunction } from './lib/agent-interface-handler.js';

/** The JSON's inferred type is wider than the table's (a number, not its version literal). */
type Table = Parameters<typeof netlifyEdgeFunction>[0];

export default netlifyEdgeFunction(table as unknown as Table);

// Only the paths the handler answers (Netlify reads `config` by importing this module at deploy time); every other
// request is a static file, served without running the function.
export const config = netlifyEdgeConfig(table as unknown as Table);
