// The text units of a published artifact, computed once per artifact and check run. An HTML page is read in
// stretches cut at its landmarks (header, navigation, main, footer): a stretch that many pages repeat is read once per
// check run, and the checks keep their verdicts per stretch, so a site's header and footer are judged once, not once
// per page.
import type { SourcePlace } from '../../../model/types.js';
import type { ArtifactText, TextView } from './artifact-text.js';
import type { ValidateContext } from '../../registry/types.js';
import type { RuleId } from '../../messages/rules.js';
import {
  blankedRanges,
  blankedSlice,
  blankHtml,
  htmlCuts,
  htmlCutsIn,
  scanHtml,
  unitsOf,
  type HtmlState,
  type TextUnit,
} from '../../text/units.js';
import { markdownBlocks, type Block } from '../../text/markdown-blocks.js';

/** Units of one stretch of an artifact, with offsets in the stretch. Stretches read alike are one object. */
export interface UnitChunk {
  /** The stretch's text as published. */
  text: string;
  units: TextUnit[];
  /** A Markdown stretch's blocks, when it was read in blocks (the parts of a text made in parts). */
  blocks?: Block[];
}

/** Some parts of a text made in parts, as a check that reads a part alone is given them: only through its stretches. */
export interface PartsView extends TextView {
  text?: undefined;
  chunks: PlacedChunk[];
}

const isPartsView = (item: TextView): item is PartsView => Array.isArray((item as Partial<PartsView>).chunks);

/** The texts of a view's parts, each with the offset it starts at in the whole file. */
export function partTexts(item: PartsView | TextView): { offset: number; text: string }[] {
  return unitChunksOfArtifact(item).map(({ offset, chunk }) => ({ offset, text: chunk.text }));
}

export interface PlacedChunk {
  /** Where the stretch starts in the artifact's text. */
  offset: number;
  chunk: UnitChunk;
}

const chunksCache = new WeakMap<ArtifactText, PlacedChunk[]>();
const unitsCache = new WeakMap<ArtifactText, TextUnit[]>();

/** The artifact's units in stretches, in order of their offsets (of a view of some parts, those parts'). */
export function unitChunksOfArtifact(item: TextView): PlacedChunk[] {
  if (isPartsView(item)) return item.chunks;
  return wholeChunks(item as ArtifactText);
}

function wholeChunks(item: ArtifactText): PlacedChunk[] {
  let chunks = chunksCache.get(item);
  if (!chunks) {
    chunks =
      item.format === 'html'
        ? htmlChunks(item)
        : [
            {
              offset: 0,
              chunk: {
                text: item.text,
                units: unitsOf(
                  item.text,
                  item.format,
                  item.json,
                  item.format === 'markdown' ? blocksOfArtifact(item) : undefined,
                ).sort((a, b) => a.offset - b.offset),
              },
            },
          ];
    chunksCache.set(item, chunks);
  }
  return chunks;
}

const blocksCache = new WeakMap<ArtifactText, Block[]>();

/** A Markdown artifact's blocks, read once for its units and its JSON code blocks. */
export function blocksOfArtifact(item: ArtifactText): Block[] {
  let blocks = blocksCache.get(item);
  if (!blocks) blocksCache.set(item, (blocks = markdownBlocks(item.text)));
  return blocks;
}

/** Every unit of the artifact with its offset in the artifact's text, in order. */
export function unitsOfArtifact(item: ArtifactText): TextUnit[] {
  let units = unitsCache.get(item);
  if (!units) {
    const chunks = unitChunksOfArtifact(item);
    units =
      chunks.length === 1 && chunks[0]!.offset === 0
        ? chunks[0]!.chunk.units
        : chunks.flatMap(({ offset, chunk }) => chunk.units.map((u) => ({ ...u, offset: u.offset + offset })));
    unitsCache.set(item, units);
  }
  return units;
}

/** The unit that holds an offset of the artifact's text, with the offset its stretch starts at. */
export function unitAtOffset(item: ArtifactText, offset: number): { unit: TextUnit; base: number } | undefined {
  const chunks = unitChunksOfArtifact(item);
  let low = 0;
  let high = chunks.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (chunks[mid]!.offset <= offset) low = mid;
    else high = mid - 1;
  }
  // Units never cross a cut, and a URL never starts at one (a cut is a "<"): the unit is in this stretch or nowhere.
  const { offset: base, chunk } = chunks[low]!;
  const unit = unitAt(chunk.units, offset - base);
  return unit && { unit, base };
}

/** The unit that holds an offset of the artifact's text (units sorted by offset: a binary search, not a scan). */
export function unitAt(units: TextUnit[], offset: number): TextUnit | undefined {
  let low = 0;
  let high = units.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (units[mid]!.offset <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  // Units do not nest, but a few may start at one offset (a JSON value's sentences): look back among those.
  for (let i = found; i >= 0 && i > found - 8; i--) {
    const unit = units[i]!;
    if (offset <= unit.offset + unit.text.length) return unit;
  }
  return undefined;
}

/** Where a unit's text (plus an index into it) is, exactly: JSON units through the artifact's pointer map. */
export function placeOfUnit(item: TextView, unit: TextUnit, index = 0, base = 0): SourcePlace {
  if (item.format === 'json' && unit.path && unit.inValue !== undefined) {
    return item.place(item.offsetAt(unit.path) + 1 + unit.inValue + index);
  }
  return item.place(base + unit.offset + index);
}

/** A stretch as read from one state: what it needs of that state, what it leaves, and its units. */
interface ChunkReading {
  /** The open lists' lead-ins and tables' headers it was read under, and whether inside a table head. */
  stack: string;
  /** The block before it, when it read it (a list or table opening first). */
  lastBlock?: string;
  chunk: UnitChunk;
  after: HtmlState;
  setsLastBlock: boolean;
}

// Per check run, so that nothing of a run's artifacts outlives it: stretches by their text.
const readings = new WeakMap<object, Map<number, ChunkReading[]>>();

const PROBE_LIMIT = 32;

/** A number from a stretch's length and some of its characters: its start, its end and a spread between. */
function probeOf(text: string, from: number, to: number): number {
  const length = to - from;
  let hash = length | 0;
  const mix = (at: number) => {
    hash = Math.imul(hash ^ text.charCodeAt(at), 16777619);
  };
  const ends = Math.min(24, length);
  for (let i = 0; i < ends; i++) {
    mix(from + i);
    mix(to - 1 - i);
  }
  const step = Math.max(1, Math.floor(length / 32));
  for (let at = from; at < to; at += step) mix(at);
  return hash;
}

function htmlChunks(item: ArtifactText): PlacedChunk[] {
  let byProbe = readings.get(item.run);
  if (!byProbe) readings.set(item.run, (byProbe = new Map()));
  // Blanked regions (scripts, comments) never hold a cut: a stretch of the blanked page is the stretch blanked. A page
  // without comments is not copied blanked: the ranges say what would be.
  const ranges = blankedRanges(item.text);
  const blanked = ranges ? undefined : blankHtml(item.text);
  const cuts = [0, ...(blanked !== undefined ? htmlCuts(blanked) : htmlCutsIn(item.text, ranges!)), item.text.length];
  const placed: PlacedChunk[] = [];
  let state: HtmlState = { leadIns: [], headers: [], lastBlock: '', inThead: false };
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = cuts[i]!;
    const to = cuts[i + 1]!;
    const text = item.text.slice(from, to);
    const stack =
      state.leadIns.length === 0 && state.headers.length === 0
        ? state.inThead
          ? 'thead'
          : ''
        : JSON.stringify([state.leadIns, state.headers, state.inThead]);
    // Looked up by a probe of a few characters, then compared whole: hashing every stretch of every page costs more
    // than comparing the few that share a probe.
    const probe = probeOf(item.text, from, to);
    const known = byProbe.get(probe);
    let reading = known?.find(
      (r) =>
        r.stack === stack && (r.lastBlock === undefined || r.lastBlock === state.lastBlock) && r.chunk.text === text,
    );
    if (!reading) {
      const before = state.lastBlock;
      const after: HtmlState = {
        leadIns: [...state.leadIns],
        headers: [...state.headers],
        lastBlock: before,
        inThead: state.inThead,
      };
      const scan = scanHtml(
        blanked !== undefined ? blanked.slice(from, to) : blankedSlice(item.text, from, to, ranges!),
        after,
      );
      reading = {
        stack,
        lastBlock: scan.readsLastBlock ? before : undefined,
        chunk: { text, units: scan.units },
        after,
        setsLastBlock: scan.setsLastBlock,
      };
      // A probe that many different stretches share stops collecting them, so a lookup compares a few at most.
      if (!known) byProbe.set(probe, [reading]);
      else if (known.length < PROBE_LIMIT) known.push(reading);
    }
    placed.push({ offset: from, chunk: reading.chunk });
    // A reading's state is not changed once read (the next scan starts from a copy), so it is passed on as it is.
    const { after } = reading;
    state = {
      leadIns: after.leadIns,
      headers: after.headers,
      lastBlock: reading.setsLastBlock ? after.lastBlock : state.lastBlock,
      inThead: after.inThead,
    };
  }
  return placed;
}

/** A finding at some words of a unit, as the prose and wording rules give them. */
export interface UnitFinding {
  ruleId: RuleId;
  unit: TextUnit;
  /** Offset of the offending words inside the unit's text. */
  index: number;
  reason: string;
  fix: string;
}

/** Reports every finding `findingsOf` gives in each stretch of the text, at its place in the published file. */
export function reportUnitFindings(
  context: Pick<ValidateContext, 'diagnostics'>,
  item: TextView,
  findingsOf: (chunk: UnitChunk) => readonly UnitFinding[],
): void {
  for (const { offset, chunk } of unitChunksOfArtifact(item)) {
    for (const finding of findingsOf(chunk)) {
      context.diagnostics.error('validate', {
        ruleId: finding.ruleId,
        reason: finding.reason,
        fix: finding.fix,
        place: placeOfUnit(item, finding.unit, finding.index, offset),
      });
    }
  }
}
