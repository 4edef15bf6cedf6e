// Tree check: every agent-facing file carries the facts content/agent-facts.yaml lists for it, each requirement met
// within one unit of its text (a sentence, list item or table row; in JSON, one object or string value).
import type { TreeValidator } from '../../registry/types.js';
import { AGENT_FACTS, type FactRequirement, type Needle } from '../../render/agent-facts.js';
import { isAgentFactId } from '../../../model/agent-facts.js';
import type { AgentFacts } from '../../../model/types.js';
import { publishedTexts, type ArtifactText } from '../text/artifact-text.js';
import { unitsOfArtifact } from '../text/artifact-units.js';
import { judgeKept } from '../text/text-check.js';

/** Markdown escapes and HTML entities undone, so that a needle matches the words as a reader sees them. */
function readable(text: string): string {
  return text
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1')
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The units a requirement may be met in, in the order of the file. */
function unitTexts(item: ArtifactText): string[] {
  if (item.json === undefined) return unitsOfArtifact(item).map((u) => readable(u.text));
  const texts: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) for (const v of value) visit(v, depth + 1);
    else if (value && typeof value === 'object') {
      // The whole document is no unit: that would let facts scattered through it pass as one.
      if (depth > 0) texts.push(JSON.stringify(value));
      for (const v of Object.values(value)) visit(v, depth + 1);
    }
  };
  visit(item.json, 0);
  return texts;
}

/** Where in a unit's text every needle is found (the furthest needle's start), or -1. */
function foundAt(text: string, needles: Needle[], after: number): number {
  let at = -1;
  for (const needle of needles) {
    const index = typeof needle === 'string' ? text.indexOf(needle, after) : text.slice(after).search(needle) + after;
    if (index < after) return -1;
    at = Math.max(at, index);
  }
  return at;
}

export const agentFactsPresent: TreeValidator = (context) => {
  const { model, registry, diagnostics } = context;
  const declared = model.agentFacts;
  if (!declared) return;
  const texts = publishedTexts(context);
  for (const file of declared.files) {
    const entry = registry.entries.find((e) => e.host === 'site' && (e.path === file.path || e.dataFor === file.path));
    const item =
      entry && texts.find((t) => t.entry === entry || (t.entry.host === entry.host && t.entry.file === entry.file));
    if (!item) {
      diagnostics.error('validate', {
        ruleId: 'agent-file-missing-fact',
        reason: `content/agent-facts.yaml lists facts for ${file.path}, but the site publishes no text at that path.`,
        fix: 'Name a path of the registry (content/discovery-resources.yaml, content/pages/).',
        place: file.source,
      });
      continue;
    }
    // Judged again only when the file's text, or the scope its facts come from, is not what the last good build had.
    judgeKept(context, item, (text) => factsOf(text, file));
  }

  function factsOf(item: ArtifactText, file: AgentFacts['files'][number]) {
    const units = unitTexts(item);
    file.facts.forEach((id, j) => {
      if (!isAgentFactId(id)) return;
      const fact = AGENT_FACTS[id];
      // For an ordered fact, each requirement is met after the one before: a later unit, or later in the same one.
      let unit = 0;
      let offset = 0;
      let first = true;
      for (const requirement of fact.requirements(model, registry)) {
        let found = false;
        for (let i = fact.ordered ? unit : 0; i < units.length; i++) {
          const at = foundAt(units[i]!, requirement.needles, fact.ordered && i === unit ? offset : 0);
          if (at < 0) continue;
          found = true;
          unit = i;
          offset = at + 1;
          break;
        }
        if (!found) {
          report(item, requirement, fact.title, fact.ordered && !first, file.factPlaces[j]!);
          break;
        }
        first = false;
      }
    });
  }

  function report(
    item: ArtifactText,
    requirement: FactRequirement,
    title: string,
    outOfOrder: boolean | undefined,
    declaredAt: { file: string; line?: number },
  ) {
    diagnostics.error('validate', {
      ruleId: 'agent-file-missing-fact',
      reason: `${item.display} does not carry ${title}: no ${item.json === undefined ? 'sentence, list item or table row' : 'object or value'} states ${requirement.what}${outOfOrder ? ' after the steps before it' : ''}. content/agent-facts.yaml${declaredAt.line ? `:${declaredAt.line}` : ''} lists this fact for it.`,
      fix:
        item.entry.kind === 'markdown' || item.entry.kind === 'html-page'
          ? `Pull the fact into the page with a directive (::agent-facts{only="…"}, ::controls, ::discovery-chain…), or rebuild after correcting the content it comes from.`
          : 'Rebuild from the content: this file writes the facts content/agent-facts.yaml lists for it.',
      place: item.place(0),
    });
  }
};
