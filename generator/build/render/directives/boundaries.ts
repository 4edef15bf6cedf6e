// Directives that state what the public contract does not provide: unpublished interfaces, "not shown" items, non-endpoints.
import { code, link, list, paragraph, strong } from '../mdast-build.js';
import type { BlockDirective } from './types.js';
import { agentRules } from '../agent-rules.js';

export const unpublishedInterfaces: BlockDirective = {
  summary: 'The interfaces for which no contract is published, and the answer a client is given.',
  expand: (_, { model }) => [
    list(model.boundaries.unpublishedInterfaces.map((i) => [strong(i.name), ': not provided by the public contract.'])),
    paragraph(model.boundaries.builderRule),
    paragraph(`A client that asks for one of them is told: "${model.boundaries.unpublishedAnswer}"`),
  ],
};

export const notShown: BlockDirective = {
  summary: 'The items the contract does not show, each stated as not published (all, or `only="id id"`).',
  attributes: ['only'],
  expand: ({ only }, { model, fail }) => {
    let items = model.notShown;
    if (only !== undefined) {
      const wanted = only.split(/\s+/).filter(Boolean);
      const known = new Set(items.map((i) => i.id));
      const unknown = wanted.filter((id) => !known.has(id));
      if (unknown.length) {
        fail(
          'unknown-not-shown',
          `\`only\` names ${unknown.map((u) => `\`${u}\``).join(', ')}, which content/not-shown.yaml does not list.`,
          `Use ids from content/not-shown.yaml: ${[...known].join(', ')}.`,
        );
      }
      items = items.filter((i) => wanted.includes(i.id));
    }
    return [list(items.map((i) => [strong(i.subject), ': not published.']))];
  },
};

export const notEndpoints: BlockDirective = {
  summary:
    'The addresses that are not MCP endpoints (this guide among them), the real endpoint, and the legacy paths rule.',
  expand: (_, { model, fill }) => {
    const server = model.mcpServer;
    const endpoint = fill(`{${server.host}}${server.endpointPath}`);
    return [
      list(server.notEndpoints.map((n) => [code(fill(n.url)), ': ', fill(n.reason)])),
      paragraph(
        'The MCP endpoint is ',
        code(endpoint),
        ` (${server.transport}), behind ${model.authentication.protocol}. `,
        ...model.authentication.rules.filter((r) => r.id === 'bearer-required').map((r) => fill(r.text)),
      ),
      paragraph(server.legacyPaths.statement),
    ];
  },
};

export const boundaries: BlockDirective = {
  summary: 'The edge of the public contract: no inferred endpoints, no legacy MCP paths, the OpenAPI scope.',
  expand: (_, { model }) => {
    const b = model.boundaries;
    return [list([[b.inferredEndpoints], [b.legacyMcpPaths], [b.openapiScope]])];
  },
};

export const writeOperations: BlockDirective = {
  summary: 'Write operations, the Idempotency-Key policy and webhooks.',
  expand: (_, { model }) => {
    const b = model.boundaries;
    return [
      list([
        [b.writeOperations.statement],
        [code(b.writeOperations.idempotency.header), ': ', b.writeOperations.idempotency.rule],
        [b.webhooks.statement, ' ', b.webhooks.answer],
      ]),
    ];
  },
};

export const versioning: BlockDirective = {
  summary: 'The versioning facts.',
  expand: (_, { model }) => [list(model.boundaries.versioning.map((v) => [v]))],
};

export const discoveryChain: BlockDirective = {
  summary: 'The OAuth discovery chain, in the order a client follows it.',
  expand: (_, { model, fill }) => [
    list(
      model.authentication.discoveryChain.map((step) => {
        const url = fill(step.url);
        return [link(url, code(url)), `: ${step.title}`];
      }),
      true,
    ),
  ],
};

export const agentRulesList: BlockDirective = {
  summary: 'Every rule an AI agent follows (controls, authentication, pricing, boundaries, what is not published).',
  expand: (_, { model }) => [list(agentRules(model).map((r) => [r]))],
};
