// A tree check that judges published texts one at a time. As a tree validator it reads the artifacts held in memory;
// the files artifacts stream beside them (page contexts) are read once for all such checks together (see
// checkStreamedTexts), so that 200,000 context files are each made, parsed and cut into units once, not once per check.
import type { TreeValidator, ValidateContext, VerdictKey } from '../../registry/types.js';
import { publishedTexts, streamedTexts, type ArtifactText, type TextView } from './artifact-text.js';
import type { PartsView } from './artifact-units.js';
import { openSegments, placeInSegments, readingOf, segmentsOf, type Segment } from './text-parts.js';

/** Prepares what one run of the check shares (memos, the model's patterns), then judges one text at a time. */
export type TextCheck = (context: ValidateContext) => (item: ArtifactText) => void;

/**
 * A check whose findings in a text are its findings in each of the text's parts, each read alone (messages may be
 * said once per text: a part it found fine adds none). Of a text made in parts it is given only the parts whose
 * verdicts are not kept, as a `PartsView`, read through its stretches: it never reads the text whole. A check that
 * reads across parts (a sentence said in two of them) must not be one.
 */
export type PartCheck = (context: ValidateContext) => (item: TextView) => void;

export interface TextTreeValidator extends TreeValidator {
  readonly textCheck: TextCheck;
  /** Whether the check reads a part alone (see `PartCheck`). */
  readonly partWise: boolean;
}

/** `name`: the check's name in stage profiles and messages (the validator is made here, so it has none of its own). */
export function textTreeValidator(name: string, check: TextCheck): TextTreeValidator;
export function textTreeValidator(name: string, check: PartCheck, reads: { partWise: true }): TextTreeValidator;
export function textTreeValidator(
  name: string,
  check: TextCheck | PartCheck,
  reads?: { partWise: true },
): TextTreeValidator {
  const partWise = reads?.partWise === true;
  const validator: TreeValidator = (context) => {
    const judge = check(context);
    const { kept, open } = sortedTexts(context);
    // A text whose verdicts are all kept is only counted as kept: nothing is made for it, once per check.
    if (kept.length > 0) context.verdicts!.judgeAllKept(kept);
    for (const item of open) {
      const segments = partWise ? segmentsOf(context, item.artifact, item.format) : undefined;
      // Only a part-wise check is given segments, and it takes any text view.
      if (segments) judgeParts(context, item, segments, judge as (item: TextView) => void);
      else judgeKept(context, item, judge);
    }
  };
  Object.defineProperty(validator, 'name', { value: name });
  return Object.assign(validator, { textCheck: check as TextCheck, partWise });
}

/**
 * Judges the segments of a text made in parts whose verdicts are not kept, in one view: a message said once per
 * text (a URL reported at its first place) is said as judging the whole text says it, a kept segment having none.
 * When the view drew any message, none of its segments is kept as fine.
 */
function judgeParts(
  context: ValidateContext,
  item: ArtifactText,
  segments: Segment[],
  judge: (item: TextView) => void,
): void {
  const verdicts = context.verdicts;
  if (!verdicts) {
    judge(partsView(item, segments, segments));
    return;
  }
  const open = openSegments(verdicts, item.display, segments);
  if (open.length === 0) return;
  const before = context.diagnostics.count;
  judge(
    partsView(
      item,
      segments,
      open.map(({ segment }) => segment),
    ),
  );
  const found = context.diagnostics.count !== before;
  for (const { key } of open) {
    let asked = 0;
    verdicts.judge(key, () => (asked++ === 0 || !found ? 0 : 1), noJudgement);
  }
}

/** What judging a kept verdict runs: nothing (the last good build read the same bytes and found nothing). */
export const noJudgement = () => undefined;

/**
 * The published texts of a run, sorted once for all its checks: the keys of those every check found fine in the last
 * good build (kept: no check reads them), and the others, to judge. A text made in parts is always to judge: a check
 * that reads a part alone keeps its verdicts per part, and must ask for them.
 */
interface SortedTexts {
  kept: VerdictKey[];
  open: ArtifactText[];
}

const sorted = new WeakMap<ValidateContext, SortedTexts>();

function sortedTexts(context: ValidateContext): SortedTexts {
  let known = sorted.get(context);
  if (known) return known;
  known = { kept: [], open: [] };
  const verdicts = context.verdicts;
  for (const item of publishedTexts(context)) {
    const key = verdicts && keyOfText(context, item);
    const parted = key !== undefined && segmentsOf(context, item.artifact, item.format) !== undefined;
    if (key !== undefined && !parted && verdicts!.kept(key)) known.kept.push(key);
    else known.open.push(item);
  }
  sorted.set(context, known);
  return known;
}

/** A view of the open segments of a text made in parts: each a stretch read alone, placed in the whole file. */
export function partsView(item: ArtifactText, segments: readonly Segment[], open: readonly Segment[]): PartsView {
  return {
    entry: item.entry,
    format: item.format,
    display: item.display,
    run: item.run,
    place: (offset) => placeInSegments(segments, item.display, offset),
    offsetAt: () => 0,
    chunks: open.map((segment) => ({ offset: segment.offset, chunk: chunkOf(segment) })),
  };
}

const chunks = new WeakMap<Segment, PartsView['chunks'][number]['chunk']>();

function chunkOf(segment: Segment): PartsView['chunks'][number]['chunk'] {
  let chunk = chunks.get(segment);
  if (!chunk) {
    const reading = readingOf(segment);
    chunk = { text: segment.text, units: reading.units, blocks: reading.blocks };
    chunks.set(segment, chunk);
  }
  return chunk;
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
  for (let i = 0; i < checks; i += 1) verdicts.judge(key, () => 0, noJudgement);
  return true;
}

/** A text's key among the kept verdicts: looked up once per run, not once per check. */
function keyOfText(context: ValidateContext, item: ArtifactText): VerdictKey | undefined {
  const verdicts = context.verdicts;
  if (!verdicts) return undefined;
  item.verdictKey ??= verdicts.key(item.display, context.artifacts.digest(item.artifact).hash);
  return item.verdictKey;
}

/** Judges a text, unless the last good build's verdict on the same text in the same scope was that it is fine. */
export function judgeKept(
  context: ValidateContext,
  item: ArtifactText,
  judge: (item: ArtifactText) => void,
  key = keyOfText(context, item),
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
