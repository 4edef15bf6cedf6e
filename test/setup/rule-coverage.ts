// Global setup of the test suite: every process the tests start notes the rule ids it raises (raised-rules.ts); when
// the whole suite ran and passed, every rule of the catalog must have been raised by some test, and nothing else.
// A run of some files or some tests only checks that what was raised is in the catalog.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { RAISED_RULES_DIR } from '../../generator/build/messages/raised-rules.js';
import { RULE_IDS, isRuleId } from '../../generator/build/messages/rules.js';

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'raised-rules-'));
  process.env[RAISED_RULES_DIR] = dir;
  return async () => {
    const raised = new Set(
      readdirSync(dir).flatMap((file) => readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean)),
    );
    rmSync(dir, { recursive: true, force: true });
    const problems = coverageProblems(raised, await wholeSuitePassed(project));
    if (problems.length === 0) return;
    process.stderr.write(`\nRule coverage failed:\n${problems.map((p) => `  ${p}`).join('\n')}\n\n`);
    process.exitCode = 1;
  };
}

/** What is wrong with the rule ids a run raised: any outside the catalog; after the whole suite, any rule not raised. */
export function coverageProblems(raised: ReadonlySet<string>, wholeSuite: boolean): string[] {
  const problems: string[] = [];
  const unknown = [...raised].filter((id) => !isRuleId(id));
  if (unknown.length > 0) {
    problems.push(`Raised but not in the rule catalog (generator/build/messages/rules.ts): ${unknown.join(', ')}.`);
  }
  const untested = wholeSuite ? RULE_IDS.filter((id) => !raised.has(id)) : [];
  if (untested.length > 0) {
    problems.push(
      `No test raises these rules of the catalog: ${untested.join(', ')}. Write a test that makes each one fire (or remove a rule the code no longer raises).`,
    );
  }
  return problems;
}

/** Every test file ran, no test name filter, nothing failed: only then is a rule no test raised a real gap. */
async function wholeSuitePassed(project: TestProject): Promise<boolean> {
  const { vitest } = project;
  if (vitest.config.testNamePattern !== undefined || vitest.state.getCountOfFailedTests() > 0) return false;
  const ran = new Set(vitest.state.getFiles().map((file) => file.filepath));
  const { testFiles } = await project.globTestFiles();
  return testFiles.every((file) => ran.has(file));
}
