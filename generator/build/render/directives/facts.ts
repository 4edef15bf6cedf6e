// The ::agent-facts directive: the facts an agent needs to connect, written as the llms indexes write them.
import { AGENT_FACT_IDS, isAgentFactId } from '../../../model/agent-facts.js';
import { renderFacts } from '../agent-facts.js';
import type { BlockDirective } from './types.js';

export const agentFacts: BlockDirective = {
  summary:
    'The facts an agent needs to connect (content/agent-facts.yaml ids: all, or `only="mcp-resource errors"`), as the llms indexes write them.',
  attributes: ['only'],
  expand: ({ only }, { model, registry, fail }) => {
    const wanted = only === undefined ? [...AGENT_FACT_IDS] : only.split(/\s+/).filter(Boolean);
    const unknown = wanted.filter((id) => !isAgentFactId(id));
    if (unknown.length) {
      fail(
        'unknown-agent-fact',
        `\`only\` names ${unknown.map((u) => `\`${u}\``).join(', ')}, which is not a fact an agent-facing file carries.`,
        `Use ids of content/agent-facts.yaml: ${AGENT_FACT_IDS.join(', ')}.`,
      );
    }
    return renderFacts(wanted.filter(isAgentFactId), model, registry);
  },
};
