// Reads content/agent-facts.yaml into the model and checks its fact ids and its errors page.
import type { Diagnostics } from '../messages/diagnostics.js';
import type { AgentFacts, Model, SourcePlace } from '../../model/types.js';
import { AGENT_FACT_IDS, isAgentFactId } from '../../model/agent-facts.js';

type At = (key: string, ...segments: (string | number)[]) => SourcePlace;

interface RawAgentFacts {
  errorsGuide: string;
  files: { path: string; facts: string[] }[];
}

export function readAgentFacts(raw: RawAgentFacts, at: At): AgentFacts {
  return {
    errorsGuide: raw.errorsGuide,
    source: at('agentFacts'),
    files: raw.files.map((file, i) => ({
      ...file,
      source: at('agentFacts', 'files', i, 'path'),
      factPlaces: file.facts.map((_, j) => at('agentFacts', 'files', i, 'facts', j)),
    })),
  };
}

/** Fact ids the generator knows, and an errors page that exists; the paths are checked once the registry exists. */
export function checkAgentFacts(model: Model, diagnostics: Diagnostics): void {
  const facts = model.agentFacts;
  if (!facts) return;
  for (const file of facts.files) {
    file.facts.forEach((id, j) => {
      if (isAgentFactId(id)) return;
      diagnostics.error('load', {
        ruleId: 'unknown-agent-fact',
        reason: `\`${id}\` is not a fact an agent-facing file can be required to carry.`,
        fix: `Use one of: ${AGENT_FACT_IDS.join(', ')}.`,
        place: file.factPlaces[j]!,
      });
    });
  }
  if (!model.pages.some((p) => p.id === facts.errorsGuide)) {
    diagnostics.error('load', {
      ruleId: 'missing-page',
      reason: `\`errorsGuide\` names the page \`${facts.errorsGuide}\`, but content/pages/${facts.errorsGuide}.md does not exist.`,
      fix: 'Name the page that describes errors.',
      place: facts.source,
    });
  }
}
