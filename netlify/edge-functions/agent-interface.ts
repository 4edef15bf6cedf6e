// Netlify Edge Function: `/?mode=agent`, `/api/agent/page-context?path=` and Markdown negotiation, answered by the
// shared edge handler from the table `npm run build` writes outside dist/ (so it is bundled, never uploaded).
// Every other request goes on to Netlify's static files and their `_headers`.
import table from '../../dist-hosts/deploy/edge-table.json' with { type: 'json' };
import { netlifyEdgeFunction } from '../../generator/edge/netlify.ts';
import type { EdgeTable } from '../../generator/edge/table.ts';

export default netlifyEdgeFunction(table as unknown as EdgeTable);

// Every path: the handler answers only its routes and hands the rest to `context.next()`.
export const config = { path: '/*' };
