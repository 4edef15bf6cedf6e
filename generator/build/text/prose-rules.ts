// Rules of prose an agent can trust, judged on text units wherever they are written (content) or published (built
// files): no count of controls, scopes or resources written as a word, no reference to a document the site does not
// publish.
import type { TextUnit } from './units.js';

export interface ProseFinding {
  ruleId: 'count-in-prose' | 'unpublished-reference';
  unit: TextUnit;
  /** Offset of the offending words inside the unit's text. */
  index: number;
  reason: string;
  fix: string;
}

const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|single|both|\\d+';
/** "three of its verified controls", "the four scopes", "2 resources". */
const COUNT = new RegExp(
  `\\b(${NUMBER_WORDS})\\b(?:\\s+(?:of\\s+)?(?:its|the|their|our|this|these|public|verified|read-only|supported|MCP|OAuth)){0,3}\\s+(controls?|scopes?|resources?)\\b`,
  'gi',
);

/** The site publishes no contract document: "contract section 5", "section 4.3 of the contract", "(contract 4.3)". */
const UNPUBLISHED_REFERENCE =
  /\bcontract(?:'s|’s)?\s+(?:section\s+)?\d+(?:\.\d+)*\b|\bsection\s+\d+(?:\.\d+)*\s+of\s+the\s+(?:public\s+)?contract\b|\bcontract\s+§\s*\d/gi;

export function countFindings(units: TextUnit[]): ProseFinding[] {
  const findings: ProseFinding[] = [];
  for (const unit of units) {
    for (const match of unit.text.matchAll(COUNT)) {
      // "one of the controls" names one control, not how many there are.
      if (/^one$/i.test(match[1]!) && /\bone\s+of\b/i.test(match[0])) continue;
      if (/^(?:single|one)$/i.test(match[1]!) && /^(?:single|one)\s+(?:control|scope|resource)\b/i.test(match[0]))
        continue;
      findings.push({
        ruleId: 'count-in-prose',
        unit,
        index: match.index,
        reason: `"${match[0]}" writes the number of ${match[2]!.toLowerCase().replace(/s?$/, 's')} as a word; it stays behind when the content adds or removes one.`,
        fix: 'Drop the count ("its controls are all read-only"), or let a directive list them (::controls, ::scopes, ::resources).',
      });
    }
  }
  return findings;
}

export function unpublishedReferenceFindings(units: TextUnit[]): ProseFinding[] {
  const findings: ProseFinding[] = [];
  for (const unit of units) {
    for (const match of unit.text.matchAll(UNPUBLISHED_REFERENCE)) {
      findings.push({
        ruleId: 'unpublished-reference',
        unit,
        index: match.index,
        reason: `"${match[0]}" refers to a section of a document the site does not publish; a reader cannot follow it.`,
        fix: 'Link the site page that says it (for example /docs/authentication), or drop the reference.',
      });
    }
  }
  return findings;
}

/** Fewer words than this is a label, a heading or a table header, which may well recur ("Read-only", "Errors"). */
export const REPEAT_MIN_WORDS = 6;

/**
 * The words of a unit as a reader compares them (list markers, table pipes, Markdown marks and case set aside), or
 * undefined for a heading or a unit too short to count as a repeated sentence.
 */
export function comparableText(text: string): string | undefined {
  if (/^#{1,6}\s/.test(text)) return undefined;
  // A word: a run of anything but white space and the marks set aside (one pass; every sentence of llms-full.txt).
  const words = text
    .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+/, '')
    .toLowerCase()
    .match(COMPARED_WORD);
  return words && words.length >= REPEAT_MIN_WORDS ? words.join(' ') : undefined;
}

const COMPARED_WORD = /[^\s|`*_\\]+/g;
