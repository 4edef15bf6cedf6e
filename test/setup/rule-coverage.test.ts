// The suite's rule coverage check: judged on the ids a run raised, and whether the run was the whole suite.
import { describe, expect, it } from 'vitest';
import { RULE_IDS } from '../../generator/build/messages/rules.js';
import { coverageProblems } from './rule-coverage.js';

describe('rule coverage', () => {
  it('passes a whole suite that raised every rule', () => {
    expect(coverageProblems(new Set(RULE_IDS), true)).toEqual([]);
  });

  it('names the rules a whole suite never raised', () => {
    const raised = new Set(RULE_IDS.filter((id) => id !== 'write-failed' && id !== 'emitter-crash'));
    const problems = coverageProblems(raised, true);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^No test raises these rules of the catalog: emitter-crash, write-failed\. /);
  });

  it('does not ask a run of some tests to raise every rule', () => {
    expect(coverageProblems(new Set(['unknown-scope']), false)).toEqual([]);
  });

  it('names a raised id the catalog lacks, in any run', () => {
    expect(coverageProblems(new Set(['unknown-scope', 'stub-rule']), false)).toEqual([
      'Raised but not in the rule catalog (generator/build/messages/rules.ts): stub-rule.',
    ]);
  });
});
