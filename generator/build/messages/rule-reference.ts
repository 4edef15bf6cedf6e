// The README's rule reference, written from the rule catalog: one table per area, between two markers.
import { RULE_AREAS, RULES, type RuleArea, type RuleDescription } from './rules.js';

export const RULE_REFERENCE_START =
  '<!-- rule-reference:start: generated from generator/build/messages/rules.ts by `npm run docs`; edit the catalog, not this -->';
export const RULE_REFERENCE_END = '<!-- rule-reference:end -->';

/** A table cell: one line, the table's separator escaped, and `<` outside code spans kept from reading as HTML. */
const cell = (text: string) =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .split('`')
    .map((part, i) => (i % 2 === 0 ? part.replace(/</g, '&lt;') : part))
    .join('`');

/** The reference in Markdown: per area a heading and a table of its rules, in the catalog's order. */
export function ruleReference(): string {
  const byArea = new Map<RuleArea, [string, RuleDescription][]>();
  for (const [id, rule] of Object.entries(RULES) as [string, RuleDescription][]) {
    byArea.set(rule.area, [...(byArea.get(rule.area) ?? []), [id, rule]]);
  }
  const sections = (Object.keys(RULE_AREAS) as RuleArea[])
    .filter((area) => byArea.has(area))
    .map((area) =>
      [
        `### ${RULE_AREAS[area]}`,
        '',
        '| Rule | What and why | Fix | Example |',
        '|---|---|---|---|',
        ...byArea
          .get(area)!
          .map(
            ([id, r]) => `| \`${id}\`<br>${cell(r.title)} | ${cell(r.what)} | ${cell(r.fix)} | ${cell(r.example)} |`,
          ),
      ].join('\n'),
    );
  return `${sections.join('\n\n')}\n`;
}

/** The README with its rule reference replaced by the catalog's; an error when the markers are missing. */
export function withRuleReference(readme: string): string {
  const start = readme.indexOf(RULE_REFERENCE_START);
  const end = readme.indexOf(RULE_REFERENCE_END);
  if (start < 0 || end < start) {
    throw new Error(`The README has no rule reference markers (${RULE_REFERENCE_START} … ${RULE_REFERENCE_END}).`);
  }
  return `${readme.slice(0, start + RULE_REFERENCE_START.length)}\n\n${ruleReference()}\n${readme.slice(end)}`;
}
