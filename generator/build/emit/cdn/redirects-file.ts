// `_redirects`: the rules a redirect file can express. Netlify matches query parameters, so `/?mode=agent` can be a
// rewrite there; Cloudflare Pages cannot, and its Pages Function answers that route instead.
import type { Emitter } from '../../registry/types.js';
import { servingOf } from './serving-table.js';

export const emitRedirectsFile: Emitter = (_entry, context) => {
  const { agentMode } = servingOf(context).table;
  const lines = [
    '# Redirects and rewrites, generated from the registry by `npm run build`. Do not edit.',
    '#',
    '# NETLIFY ONLY: the rules below match a query parameter (`from  name=value  to  status`), which Netlify supports.',
    '# Cloudflare Pages does not match query parameters and skips these lines as invalid; there the Pages Function',
    '# (functions/_middleware.ts) answers these routes. On Netlify the Edge Function answers them first; these rules',
    '# keep them working if it is not deployed.',
    '#',
    '# No rule can answer /api/agent/page-context (its 400 and 404 answers depend on the parameter) or Markdown',
    '# negotiation (a redirect file cannot match the Accept header): the edge handlers do that on both CDNs.',
  ];
  // The runtime answers the agent-mode route with its data file, as this rewrite does.
  if (agentMode) {
    const route = new URL(agentMode.route, 'http://route.invalid');
    const query = [...route.searchParams].map(([name, value]) => `${name}=${value}`).join('  ');
    if (query) lines.push(`${route.pathname}  ${query}  ${agentMode.file}  200`);
  }
  return `${lines.join('\n')}\n`;
};
