// Fails the build when a served path would get one header from two rules of `_headers`: Netlify and Cloudflare Pages
// apply every matching rule and join such values with a comma, which corrupts Content-Type, Cache-Control or Link.
import type { Validator } from '../../registry/types.js';
import { servingPlan } from './serving-plan.js';

interface WrittenRule {
  line: number;
  pattern: string;
  matches: (path: string) => boolean;
  names: Set<string>;
}

/** The rules as both CDNs read them: an unindented path pattern (`*` a splat), then indented `Name: value` lines. */
function readRules(text: string): WrittenRule[] {
  const rules: WrittenRule[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.startsWith('/')) {
      const pattern = line.trim();
      const source = pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*');
      const regex = new RegExp(`^${source}$`);
      rules.push({ line: index + 1, pattern, matches: (path) => regex.test(path), names: new Set() });
    } else if (/^\s+[^\s#]/.test(line) && line.includes(':')) {
      rules.at(-1)?.names.add(line.slice(0, line.indexOf(':')).trim().toLowerCase());
    }
  });
  return rules;
}

export const checkHeadersNotJoined: Validator = (artifact, { artifacts, registry, diagnostics, displayPath }) => {
  const rules = readRules(artifacts.text(artifact));
  // Exact rules are looked up, splat rules tested: a file of thousands of exact rules stays fast to check.
  const exact = new Map<string, WrittenRule[]>();
  for (const rule of rules)
    if (!rule.pattern.includes('*')) exact.set(rule.pattern, [...(exact.get(rule.pattern) ?? []), rule]);
  const splats = rules.filter((rule) => rule.pattern.includes('*'));
  const file = displayPath(artifact.entry);
  const reported = new Set<number>();
  for (const served of servingPlan(registry).files) {
    const setBy = new Map<string, number>();
    const matching = [...(exact.get(served.path) ?? []), ...splats.filter((rule) => rule.matches(served.path))].sort(
      (a, b) => a.line - b.line,
    );
    for (const rule of matching) {
      for (const name of rule.names) {
        const first = setBy.get(name);
        if (first === undefined) {
          setBy.set(name, rule.line);
          continue;
        }
        if (reported.has(rule.line)) continue;
        reported.add(rule.line);
        diagnostics.error('validate', {
          ruleId: 'cdn-headers-joined',
          reason: `${served.path} gets ${name} from the rule at line ${first} and from this one; Netlify and Cloudflare Pages would join the two values with a comma.`,
          fix: 'Each header of a path must come from one rule: keep it off the wider rule, or fold the folder into one rule (generator/build/emit/cdn/header-rules.ts).',
          place: { file, line: rule.line, column: 1 },
        });
      }
    }
  }
};
