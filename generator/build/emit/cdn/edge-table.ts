// The edge table the Netlify and Cloudflare handlers are bundled with: negotiated pages with their twins' bytes, and
// the data of the two query routes. Written outside dist/ so that it is never uploaded as content.
import type { EdgeTable, QueryRouteTable } from '../../../runtime/edge/table.js';
import { EDGE_TABLE_VERSION } from '../../../runtime/edge/table.js';
import type { EmitContext, Emitter } from '../../registry/types.js';
import { servingPlan, type ServedFile } from './serving-plan.js';

export const emitEdgeTable: Emitter = (_entry, context) => {
  const plan = context.memo('cdn:serving-plan', () => servingPlan(context.registry));
  const table: EdgeTable = {
    version: EDGE_TABLE_VERSION,
    pages: plan.negotiated.map((n) => ({
      path: n.path,
      twin: n.twin.path,
      body: text(n.twin, context),
      headers: n.twin.headers,
    })),
  };
  for (const route of plan.queryRoutes) {
    const entry: QueryRouteTable<never> = {
      route: route.route,
      data: JSON.parse(text(route.data, context)) as never,
      headers: route.headers,
    };
    if (route.data.entry.kind === 'agent-mode') table.agentMode = entry;
    if (route.data.entry.kind === 'page-context') table.pageContext = entry;
  }
  return `${JSON.stringify(table)}\n`;
};

function text(file: ServedFile, { artifacts }: EmitContext): string {
  const artifact = artifacts.get('site', file.file);
  if (!artifact) throw new Error(`${file.file} was not emitted`);
  return artifacts.text(artifact);
}
