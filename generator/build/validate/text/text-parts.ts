// A text the build made in parts (llms-full.txt: the introduction, then one part per guide), as the checks read it:
// in segments, each a part or a run of parts, whose blocks read alone as they read in the whole text. A check that
// reads a part alone judges only the segments whose verdict is not kept, and a finding is placed in the whole file.
import { createHash } from 'node:crypto';
import type { SourcePlace } from '../../../model/types.js';
import {
  type Artifact,
  isKeptBytes,
  type KeptVerdicts,
  type ValidateContext,
  type VerdictKey,
} from '../../registry/types.js';
import type { PartedText, PartPlace } from '../../cache/said-parts.js';
import { TextIndex } from '../../text/text-index.js';
import { decodeExactly } from '../../text/exact-utf8.js';
import { markdownBlocks, type Block } from '../../text/markdown-blocks.js';
import { markdownUnits, type TextUnit } from '../../text/units.js';
import type { TextFormat } from './artifact-text.js';

/** A part's first block reads nothing before it (a heading, first on its first line). */
const STARTS_ALONE = 1;
/** A part's blocks end with it: no block after it reads into it (no heading last, no code block left open, no list). */
const ENDS_ALONE = 2;

/** A run of parts read as one text: where it is, and its contentHash (a part's own, for a run of one). */
export interface Segment {
  offset: number;
  chars: number;
  /** The file's line it starts on. */
  line: number;
  hash: string;
  parts: PartPlace[];
  /** Its text: a slice of the file's. */
  text: string;
}

/**
 * A segment whose text is cut from the file when a check reads it (most segments' verdicts are kept). A class, so that
 * the 10,000 segments of a file share one getter rather than each hold a closure.
 */
class PartsSegment implements Segment {
  readonly offset: number;
  readonly line: number;
  private cut?: string;

  constructor(
    private readonly body: string | Uint8Array,
    readonly parts: PartPlace[],
    readonly chars: number,
    readonly hash: string,
  ) {
    this.offset = parts[0]!.offset;
    this.line = parts[0]!.line;
  }

  get text(): string {
    this.cut ??= between(this.body, this.parts[0]!, this.parts[this.parts.length - 1]!);
    return this.cut;
  }
}

const segmentsCache = new WeakMap<PartedText, Segment[]>();

/** The segments of a text this build made in parts; undefined for any other text (it is read whole). */
export function segmentsOf(
  context: ValidateContext,
  artifact: Artifact,
  format: TextFormat | undefined,
): Segment[] | undefined {
  // A text made in parts is one this build made: a kept page's bytes never are, and are not read to ask.
  if (format !== 'markdown' || isKeptBytes(artifact)) return undefined;
  const body = artifact.body;
  const parted = context.parts?.partsOf(body);
  if (!parted) return undefined;
  let segments = segmentsCache.get(parted);
  if (!segments) segmentsCache.set(parted, (segments = segmentsIn(body, parted.parts)));
  return segments;
}

/**
 * The text from the start of one part to the end of another: a slice of the file's text, or, for a file joined from
 * kept bytes, those bytes decoded (the file is never decoded whole to read a few parts).
 */
function between(body: string | Uint8Array, first: PartPlace, last: PartPlace): string {
  if (typeof body === 'string') return body.slice(first.offset, last.offset + last.chars);
  return decodeExactly(body.subarray(first.byteOffset, last.byteOffset + last.bytes));
}

function segmentsIn(body: string | Uint8Array, parts: readonly PartPlace[]): Segment[] {
  const segments: Segment[] = [];
  let run: PartPlace[] = [];
  const close = () => {
    const first = run[0]!;
    const last = run[run.length - 1]!;
    const chars = last.offset + last.chars - first.offset;
    const hash =
      run.length === 1
        ? first.hash
        : createHash('sha256')
            .update(run.map((p) => p.hash).join('\n'))
            .digest('hex')
            .slice(0, 32);
    segments.push(new PartsSegment(body, run, chars, hash));
    run = [];
  };
  for (const part of parts) {
    if (part.edges < 0) part.edges = edgesOf(part, between(body, part, part));
    const before = run[run.length - 1];
    if (before && !((before.edges & ENDS_ALONE) !== 0 && (part.edges & STARTS_ALONE) !== 0)) {
      run.push(part);
      continue;
    }
    if (before) close();
    run.push(part);
  }
  if (run.length > 0) close();
  return segments;
}

/** A part's blocks, when its edges were read in this run: its segment's reading takes them. */
const partBlocks = new WeakMap<PartPlace, Block[]>();

/** How a part's blocks meet the parts around it, read by the same block reader the checks use. */
function edgesOf(place: PartPlace, part: string): number {
  // A heading put after it must start a block of its own (no code block or list of the part runs into it), and the
  // part's last block must not be a heading (a heading's unit reads the block after it).
  const probe = `${part}\n\n# `;
  const blocks = markdownBlocks(probe);
  const last = blocks[blocks.length - 1];
  const beforeLast = blocks[blocks.length - 2];
  const endsAlone =
    last?.kind === 'heading' &&
    last.lines[0]?.offset === part.length + 2 &&
    beforeLast !== undefined &&
    beforeLast.kind !== 'heading';
  const startsAlone = blocks[0]?.kind === 'heading' && blocks[0].lines[0]?.offset === 0;
  // The part's own blocks are those before the heading put after it, when it started a block of its own.
  if (endsAlone) partBlocks.set(place, blocks.slice(0, -1));
  return (startsAlone ? STARTS_ALONE : 0) | (endsAlone ? ENDS_ALONE : 0);
}

/**
 * The verdicts on a segment: its key, and whether the last good build found it fine (then counted as kept once, by
 * the first check that asks: a segment is one text, however many checks read it).
 */
export function segmentVerdict(
  verdicts: KeptVerdicts,
  display: string,
  segment: Segment,
): { key: VerdictKey; kept: boolean } {
  const known = segmentVerdicts.get(segment);
  if (known?.verdicts === verdicts) return known;
  const key = verdicts.key(display, segment.hash);
  const kept = verdicts.kept(key);
  if (kept)
    verdicts.judge(
      key,
      () => 0,
      () => undefined,
    );
  const made = { verdicts, key, kept };
  segmentVerdicts.set(segment, made);
  return made;
}

const segmentVerdicts = new WeakMap<Segment, { verdicts: KeptVerdicts; key: VerdictKey; kept: boolean }>();

/** A segment whose verdicts are not kept, with the key its checks judge it under. */
export interface OpenSegment {
  segment: Segment;
  key: VerdictKey;
}

/**
 * The segments of a text whose verdicts are not kept, in order, found in one pass over the text's segments for all the
 * checks that read a part alone (a dozen): a rebuild after one edit keeps all but a few of 10,000 parts, and each check
 * is given the few rather than pass over every part's verdicts again.
 */
export function openSegments(verdicts: KeptVerdicts, display: string, segments: Segment[]): readonly OpenSegment[] {
  const known = openOf.get(segments);
  if (known?.verdicts === verdicts && known.display === display) return known.open;
  const open: OpenSegment[] = [];
  for (const segment of segments) {
    const verdict = segmentVerdict(verdicts, display, segment);
    if (!verdict.kept) open.push({ segment, key: verdict.key });
  }
  openOf.set(segments, { verdicts, display, open });
  return open;
}

const openOf = new WeakMap<Segment[], { verdicts: KeptVerdicts; display: string; open: OpenSegment[] }>();

/** A segment's blocks and units, read once per segment and check run. */
export interface SegmentReading {
  blocks: Block[];
  units: TextUnit[];
}

const readings = new WeakMap<Segment, SegmentReading>();

export function readingOf(segment: Segment): SegmentReading {
  let reading = readings.get(segment);
  if (!reading) {
    const only = segment.parts.length === 1 ? partBlocks.get(segment.parts[0]!) : undefined;
    const blocks = only ?? markdownBlocks(segment.text);
    reading = { blocks, units: markdownUnits(segment.text, blocks).sort((a, b) => a.offset - b.offset) };
    readings.set(segment, reading);
  }
  return reading;
}

const indexes = new WeakMap<Segment, TextIndex>();

/** The segment that holds an offset of the file. */
export function segmentAt(segments: readonly Segment[], offset: number): Segment {
  let low = 0;
  let high = segments.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (segments[mid]!.offset <= offset) low = mid;
    else high = mid - 1;
  }
  return segments[low]!;
}

/** Where an offset of the file is, found from the segment that holds it (the file's whole text is never indexed). */
export function placeInSegments(segments: readonly Segment[], display: string, offset: number): SourcePlace {
  const segment = segmentAt(segments, offset);
  let index = indexes.get(segment);
  if (!index) indexes.set(segment, (index = new TextIndex(segment.text)));
  const { line, column } = index.position(Math.min(offset - segment.offset, segment.text.length));
  return { file: display, line: segment.line + line - 1, column };
}
