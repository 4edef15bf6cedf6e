// A tree check that judges published texts one at a time. As a tree validator it reads the artifacts held in memory;
// the files artifacts stream beside them (page contexts) are read once for all such checks together (see
// checkStreamedTexts), so that 200,000 context files are each made, parsed and cut into units once, not once per check.
import type { TreeValidator, ValidateContext } from '../../registry/types.js';
import { publishedTexts, streamedTexts, type ArtifactText } from './artifact-text.js';

/** Prepares what one run of the check shares (memos, the model's patterns), then judges one text at a time. */
export type TextCheck = (context: ValidateContext) => (item: ArtifactText) => void;

export interface TextTreeValidator extends TreeValidator {
  readonly textCheck: TextCheck;
}

/** `name`: the check's name in stage profiles and messages (the validator is made here, so it has none of its own). */
export function textTreeValidator(name: string, check: TextCheck): TextTreeValidator {
  const validator: TreeValidator = (context) => {
    const judge = check(context);
    for (const item of publishedTexts(context)) judgeKept(context, item, judge);
  };
  Object.defineProperty(validator, 'name', { value: name });
  return Object.assign(validator, { textCheck: check });
}

export function isTextTreeValidator(validator: TreeValidator): validator is TextTreeValidator {
  return typeof (validator as Partial<TextTreeValidator>).textCheck === 'function';
}

/**
 * Every streamed file through every given text check, in one pass. `guarded` runs a step and says whether it threw
 * (and reported it): a check that throws is left out for the rest of the stream, so one bug is one message.
 */
export function checkStreamedTexts(
  context: ValidateContext,
  validators: TreeValidator[],
  guarded: (file: string, run: () => void) => boolean,
): void {
  const checks = validators.filter(isTextTreeValidator);
  if (checks.length === 0 || context.artifacts.streams().length === 0) return;
  const judges: ((item: ArtifactText) => void)[] = [];
  for (const validator of checks) {
    let judge: ((item: ArtifactText) => void) | undefined;
    if (guarded('(build)', () => (judge = validator.textCheck(context))) && judge) judges.push(judge);
  }
  const failed = new Set<number>();
  // With kept verdicts, a streamed file all of whose verdicts are kept is not made at all, only its digest is read.
  const skip =
    context.verdicts && ((display: string, hash: string) => keptForAll(context, display, hash, judges.length));
  for (const item of streamedTexts(context, skip)) {
    const key = context.verdicts?.key(item.display, context.artifacts.digest(item.artifact).hash);
    judges.forEach((judge, i) => {
      if (!failed.has(i) && !guarded(item.display, () => judgeKept(context, item, judge, key))) failed.add(i);
    });
  }
}

/** Whether every check's verdict on a streamed file is kept from the last good build (then counted as kept for each). */
function keptForAll(context: ValidateContext, display: string, hash: string, checks: number): boolean {
  const verdicts = context.verdicts;
  const key = verdicts?.key(display, hash);
  if (!verdicts || key === undefined || !verdicts.kept(key)) return false;
  for (let i = 0; i < checks; i += 1)
    verdicts.judge(
      key,
      () => 0,
      () => undefined,
    );
  return true;
}

/** Judges a text, unless the last good build's verdict on the same text in the same scope was that it is fine. */
function judgeKept(
  context: ValidateContext,
  item: ArtifactText,
  judge: (item: ArtifactText) => void,
  key = context.verdicts?.key(item.display, context.artifacts.digest(item.artifact).hash),
): void {
  const verdicts = context.verdicts;
  if (!verdicts || key === undefined) {
    judge(item);
    return;
  }
  verdicts.judge(
    key,
    () => context.diagnostics.count,
    () => judge(item),
  );
}
