// Cloudflare Pages Function (middleware on every path): `/?mode=agent`, `/api/agent/page-context?path=` and Markdown
// negotiation, answered by the shared edge handler from the table `npm run build` writes outside dist/ (bundled by
// Cloudflare, never uploaded). Every other request goes on to the static files and their `_headers`.
import table from '../dist-hosts/deploy/edge-table.json' with { type: 'json' };
import { cloudflarePagesFunction } from '../generator/runtime/edge/cloudflare.js';
import type { ServingTable } from '../generator/runtime/site/table.js';

export const onRequest = cloudflarePagesFunction(table as unknown as ServingTable);
