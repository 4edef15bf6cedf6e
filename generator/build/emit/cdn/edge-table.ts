// The edge table the Netlify and Cloudflare handlers are bundled with: the serving table's part they answer (the
// twins, the query routes, the addresses that are not MCP endpoints), with the bodies they send carried along. Written
// outside dist/ so that it is never uploaded as content.
import { createHash } from 'node:crypto';
import { answeredPaths } from '../../../runtime/edge/handler.js';
import type { ServingTable } from '../../../runtime/site/table.js';
import type { ArtifactSet, Emitter } from '../../registry/types.js';
import type { ServingPlan } from './serving-plan.js';
import { servingOf } from './serving-table.js';

export const emitEdgeTable: Emitter = (_entry, context) => {
  const { plan, table } = servingOf(context);
  return `${JSON.stringify(edgeTable(table, plan, context.artifacts))}\n`;
};

/**
 * The handlers answer a twin at its page's address and the agent-mode view themselves; every other file is the CDN's.
 * The table lists those files and the ones at the addresses the handlers run on (pages, the guides that are not MCP
 * endpoints), whose requests they hand on to the CDN.
 * Their bodies ride in the table (a page context is fetched from the CDN, one file per request), so a handler answers
 * them without a request to its own site; the runtime reads a body missing from the table as a static file, so the
 * table can stop carrying them without a change to the handlers.
 */
export function edgeTable(whole: ServingTable, plan: ServingPlan, artifacts: ArtifactSet): ServingTable {
  const carried = new Set([
    ...whole.negotiation.pages.map((p) => p.twin),
    ...(whole.agentMode ? [whole.agentMode.file] : []),
  ]);
  const bodies: NonNullable<ServingTable['bodies']> = {};
  for (const file of plan.files) {
    if (!carried.has(file.path)) continue;
    const artifact = artifacts.get('site', file.file);
    if (!artifact) throw new Error(`${file.file} was not emitted`);
    const body = artifacts.text(artifact);
    bodies[file.path] = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }
  // The files at the addresses the handlers run on, so that they know a file there from an unknown path.
  const answered = new Set(answeredPaths(whole));
  return { ...whole, files: whole.files.filter((f) => carried.has(f.path) || answered.has(f.path)), bodies };
}
