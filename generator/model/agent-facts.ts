// The facts an agent-facing file can be required to carry (content/agent-facts.yaml): the one list of their ids.

export const AGENT_FACT_IDS = [
  'mcp-resource',
  'mcp-transport',
  'controls',
  'scopes',
  'discovery-chain',
  'pricing-call',
  'basic-rule',
  'errors',
] as const;

export type AgentFactId = (typeof AGENT_FACT_IDS)[number];

export function isAgentFactId(id: string): id is AgentFactId {
  return (AGENT_FACT_IDS as readonly string[]).includes(id);
}
