// The negation markers of the boundaries guard, in one place: a mention of an unpublished interface is allowed only
// next to one of these.
import { TextMemo } from '../text/memo.js';

/**
 * Words that make a sentence, list item, table row or JSON object say that something is NOT provided. Phrases
 * such as "does not provide", "not published", "not available", "must not", "no contract" are covered by their
 * word "not" / "no"; they are listed for the rule's documentation.
 */
export const NEGATION_WORDS = [
  'not',
  'no',
  'none',
  'never',
  'nor',
  'cannot',
  'without',
  'unavailable',
  'unpublished',
  'undocumented',
  'unsupported',
] as const;

export const NEGATION_PHRASES = [
  'does not provide',
  'is not provided',
  'not published',
  'not available',
  'not documented',
  'must not',
  'no contract',
] as const;

// Words ending in n't ("doesn't", "isn't", "can't") count too.
const MARKER = new RegExp(`(?:\\b(?:${NEGATION_WORDS.join('|')})\\b|n['’]t\\b)`, 'i');

/** Whether a text carries a negation marker. JSON/YAML key names count too: `notProvided`, `unpublished_apis`. */
export function hasNegation(text: string): boolean {
  // Short texts (JSON keys, table headers, status values) qualify thousands of units each: judged once.
  return text.length <= SHORT ? shortTexts.get(text, markerIn) : markerIn(text);
}

// Prose seldom holds an identifier: then splitting it would change nothing, and the copy is saved.
const markerIn = (text: string) => MARKER.test(IDENTIFIER.test(text) ? splitIdentifier(text) : text);
const SHORT = 40;
const shortTexts = new TextMemo<boolean>(50_000);

/** What splitIdentifier splits at. */
const IDENTIFIER = /[a-z][A-Z]|_/;

/** "notShown" → "not Shown", "unpublished_interfaces" → "unpublished interfaces". */
export function splitIdentifier(text: string): string {
  return text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
}

/**
 * How the rule explains itself in every message's fix: short, because it is repeated on every finding; the whole
 * rule (lists, tables, headings, JSON keys) is in README "Validation".
 */
export const NEGATION_RULE_TEXT =
  `A mention is allowed only where the same sentence, list item, table row or JSON object says it is not provided ` +
  `(a marker such as "not", "no", "never", "without", "unavailable"; the full rule: README, "The boundaries rule").`;
