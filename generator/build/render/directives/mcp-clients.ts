// The `::mcp-clients` directive: install steps for each MCP client of content/mcp-clients.yaml.
import { clientStepsTree } from '../mcp-client-steps.js';
import type { BlockDirective } from './types.js';

export const mcpClients: BlockDirective = {
  summary:
    'Install steps for each MCP client of `mcp-clients.yaml` (a heading each), their configuration written from the MCP endpoint.',
  expand: (_, { model, fail }) => {
    if (!model.mcpClients) {
      fail(
        'no-mcp-clients',
        'The page asks for the MCP clients, but the content set has no `mcpClients` (content/mcp-clients.yaml).',
        'Restore content/mcp-clients.yaml, or remove `::mcp-clients` from the page.',
      );
      return [];
    }
    return clientStepsTree(model, model.mcpClients, 3);
  },
};
