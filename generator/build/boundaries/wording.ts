// The guard's wording rules, shared by the content check (positioned in content/) and the artifact check (in the
// built tree): a text unit must not present an unpublished interface, control or shape as available.
import type { Model } from '../../model/types.js';
import type { TextUnit } from '../text/units.js';
import { hasNegation, NEGATION_RULE_TEXT } from './negation.js';
import { findTerms, termSources } from './terms.js';
import { READ_VERBS, WRITE_VERBS } from '../../model/control-verbs.js';

export interface WordingFinding {
  ruleId: 'unpublished-interface' | 'unpublished-control' | 'unpublished-shape';
  unit: TextUnit;
  /** Offset of the offending words inside the unit's text. */
  index: number;
  reason: string;
  fix: string;
}

/**
 * Snake-case names that read as MCP tools (a verb, an underscore, an object): "create_member", "update_order".
 * Any such name that is not one of the contract's controls is an invented tool.
 */
const TOOL_NAME = new RegExp(`\\b(?:${[...READ_VERBS, ...WRITE_VERBS].join('|')})_[a-z0-9]+(?:_[a-z0-9]+)*\\b`, 'g');

/** Names of schema members that describe a control's or a call's input or result: the contract shows none. */
const SHAPE_WORD = /\b(?:inputSchema|outputSchema|input_schema|output_schema|resultSchema|responseSchema)\b/g;

/** JSON members whose values are identifiers, not prose (an OpenAPI operationId is not a tool). */
const IDENTIFIER_KEYS = new Set(['operationId', '$id', '$ref', '@id', '@type']);

export function negated(unit: TextUnit): boolean {
  return hasNegation(unit.text) || unit.context.some(hasNegation);
}

export function excerpt(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export type UnitFinding = Omit<WordingFinding, 'unit'>;

// Per set of boundaries: one case-insensitive search for any term, tool-like name or schema member. Most units hold
// none, and then neither their words nor their negation need judging. Kept by the boundaries, not the model: the dev
// server's fast path makes a model per save that shares them, and compiling the search costs more than the page.
const candidates = new WeakMap<Model['boundaries'], RegExp>();

function candidateSearch(model: Model): RegExp {
  let search = candidates.get(model.boundaries);
  if (!search) {
    const sources = [...termSources(model.boundaries), TOOL_NAME.source, SHAPE_WORD.source];
    candidates.set(model.boundaries, (search = new RegExp(sources.map((s) => `(?:${s})`).join('|'), 'i')));
  }
  return search;
}

export function wordingFindings(units: TextUnit[], model: Model): WordingFinding[] {
  const findings: WordingFinding[] = [];
  const search = candidateSearch(model);
  for (const unit of units) {
    // Judged on its words first: the negation is read only for a unit that would otherwise be reported.
    if (!search.test(unit.text)) continue;
    const key = unit.path?.[unit.path.length - 1];
    const found = textFindings(unit.text, typeof key === 'string' && IDENTIFIER_KEYS.has(key), model);
    if (found.length === 0 || negated(unit)) continue;
    for (const finding of found) findings.push({ ...finding, unit });
  }
  return findings;
}

function textFindings(text: string, identifier: boolean, model: Model): UnitFinding[] {
  const findings: UnitFinding[] = [];
  const controls = new Set(model.mcpServer.controls.map((c) => c.name));
  const controlList = [...controls].join(', ');
  for (const term of findTerms(text, model.boundaries)) {
    findings.push({
      ruleId: 'unpublished-interface',
      index: term.index,
      reason: `"${term.matched}" is presented as available (${term.name}), but the public contract publishes no ${term.name}: "${excerpt(text)}".`,
      fix: `Say that the public contract does not provide it, or remove the mention. ${NEGATION_RULE_TEXT}`,
    });
  }
  if (!identifier) {
    for (const match of text.matchAll(TOOL_NAME)) {
      if (controls.has(match[0])) continue;
      findings.push({
        ruleId: 'unpublished-control',
        index: match.index,
        reason: `\`${match[0]}\` reads as an MCP control, but the contract's only controls are ${controlList} (all read-only; no write tool is published).`,
        fix: `Name one of ${controlList}, or say that the control is not provided. ${NEGATION_RULE_TEXT}`,
      });
    }
  }
  for (const match of text.matchAll(SHAPE_WORD)) {
    findings.push({
      ruleId: 'unpublished-shape',
      index: match.index,
      reason: `\`${match[0]}\` publishes an input or result shape, but the contract does not show the input parameters or result shapes of the controls or the pricing call.`,
      fix: 'Remove the shape; say that it is not published (content/not-shown.yaml).',
    });
  }
  return findings;
}
