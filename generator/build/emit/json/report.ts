// Reports a problem in an emitted JSON artifact: which file, which rule, the JSON pointer and its line, and the fix.
import type { ValidateContext } from '../../registry/types.js';
import type { JsonDocument } from './json-document.js';
import type { RuleId } from '../../messages/rules.js';

export interface ArtifactProblem {
  ruleId: RuleId;
  /** JSON pointer of the offending value ("" for the whole document). */
  pointer: string;
  reason: string;
  fix: string;
}

export function reportProblem(document: JsonDocument, context: ValidateContext, problem: ArtifactProblem): void {
  const file = context.displayPath(document.artifact.entry);
  context.diagnostics.error('validate', {
    ruleId: problem.ruleId,
    reason: `${file} at ${problem.pointer === '' ? '(document root)' : problem.pointer}: ${problem.reason}`,
    fix: problem.fix,
    place: { file, ...document.placeOf(problem.pointer) },
  });
}
