// Tree checks of published prose: no sentence said twice in one file, no reference to a document the site does not
// publish (the same rule content is held to at load).
import { textTreeValidator } from '../text/text-check.js';
import { placeOfUnit, reportUnitFindings, unitAt, unitChunksOfArtifact } from '../text/artifact-units.js';
import { openSegments, placeInSegments, readingOf, segmentAt, segmentsOf, type Segment } from '../text/text-parts.js';
import type { ArtifactText } from '../text/artifact-text.js';
import type { ValidateContext } from '../../registry/types.js';
import type { TextUnit } from '../../text/units.js';
import { keyHash } from '../../text/key-hash.js';
import { HashIndex, NONE } from '../../text/hash-index.js';
import { comparableText, unpublishedReferenceFindings } from '../../text/prose-rules.js';
import { excerpt } from '../../boundaries/wording.js';

export const noRepeatedSentences = textTreeValidator('noRepeatedSentences', (context) => (item) => {
  // Structured data may repeat a value in two members; the rule is about prose a reader reads through.
  if (item.format !== 'markdown' && item.format !== 'html') return;
  const segments = segmentsOf(context, item.artifact, item.format);
  if (segments) {
    repeatedInParts(context, item, segments);
    return;
  }
  // A page's navigation (header, sidebar, "On this page", previous and next, footer) repeats its headings and the
  // site's page titles by design: the page's prose is what <main> holds, and its twin is checked whole.
  const [from, to] = item.format === 'html' ? mainRange(item.text) : [0, item.text.length];
  const seen = new Map<string, number>();
  for (const { offset, chunk } of unitChunksOfArtifact(item)) {
    if (offset + chunk.text.length <= from || offset >= to) continue;
    for (const unit of chunk.units) {
      const at = offset + unit.offset;
      if (at < from || at >= to) continue;
      const key = comparableText(unit.text);
      if (key === undefined) continue;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, at);
        continue;
      }
      context.diagnostics.error('validate', {
        ruleId: 'repeated-sentence',
        reason: `"${excerpt(unit.text)}" is said a second time in this file (first at line ${item.place(first).line}).`,
        fix: 'Say it once: remove the repetition from the page or the content text it comes from.',
        place: placeOfUnit(item, unit, 0, offset),
      });
    }
  }
});

/**
 * The same check on a text made in parts, read across them: each part's comparable sentences are kept with it as
 * hashes and offsets (a part whose verdicts are kept is not read again), so the check is a map of hashes; where two
 * hashes meet, the sentences' exact words are compared. With kept verdicts, only the hashes of the sentences of the
 * segments the last good build did not have are followed (see newSentences): a repeat needs one of them.
 */
function repeatedInParts(context: ValidateContext, item: ArtifactText, segments: Segment[]): void {
  const followed = newSentences(context, item.display, segments);
  if (followed?.size === 0) return;
  // A sieve by the hash's low bits, so that the 100,000 sentences of the kept segments are passed over at a glance.
  const sieve = new Uint8Array(SIEVE);
  for (const hash of followed ?? []) sieve[hash & (SIEVE - 1)] = 1;
  const unitAtOffset = (offset: number): TextUnit => {
    const segment = segmentAt(segments, offset);
    return unitAt(readingOf(segment).units, offset - segment.offset)!;
  };
  const keys = new Map<number, string | undefined>();
  const keyAt = (offset: number) => {
    if (!keys.has(offset)) keys.set(offset, comparableText(unitAtOffset(offset).text));
    return keys.get(offset);
  };
  const sentences = segments.map(sentencesOf);
  let count = followed?.size ?? 0;
  if (!followed) for (const { hashes } of sentences) count += hashes.length;
  // The offset of the first sentence of each hash, in a table of integers: a file of 100,000 sentences is a pass over
  // integers. Sentences of other words that share a hash (rare): `more`.
  const firstAt = new HashIndex(count);
  const more = new Map<number, number[]>();
  for (let s = 0; s < segments.length; s++) {
    const { hashes, offsets } = sentences[s]!;
    const base = segments[s]!.offset;
    for (let i = 0; i < hashes.length; i++) {
      const hash = hashes[i]!;
      if (followed && (sieve[hash & (SIEVE - 1)] === 0 || !followed.has(hash))) continue;
      const at = base + offsets[i]!;
      const firstOfHash = firstAt.get(hash);
      if (firstOfHash === NONE) {
        firstAt.addFirst(hash, at);
        continue;
      }
      const key = keyAt(at);
      const first = [firstOfHash, ...(more.get(hash) ?? [])].find((offset) => keyAt(offset) === key);
      if (first === undefined) {
        const others = more.get(hash);
        if (others) others.push(at);
        else more.set(hash, [at]);
        continue;
      }
      const unit = unitAtOffset(at);
      context.diagnostics.error('validate', {
        ruleId: 'repeated-sentence',
        reason: `"${excerpt(unit.text)}" is said a second time in this file (first at line ${placeInSegments(segments, item.display, first).line}).`,
        fix: 'Say it once: remove the repetition from the page or the content text it comes from.',
        place: placeInSegments(segments, item.display, at),
      });
    }
  }
}

/** The sieve's slots: a power of two. */
const SIEVE = 1 << 16;

/**
 * The hashes of the sentences of the segments the last good build did not check together with the others (their
 * verdicts not kept), or undefined when no segment's verdicts are kept (every sentence is then followed). The kept
 * segments were all in the last good build's file, which had no sentence said twice: each of their keys is there
 * once, so any repeat now has one of its sentences in a segment that is new. A segment whose hash is twice in the file
 * is new too (the kept set says once).
 */
function newSentences(context: ValidateContext, display: string, segments: Segment[]): Set<number> | undefined {
  const verdicts = context.verdicts;
  if (!verdicts) return undefined;
  const times = new Map<string, number>();
  for (const { hash } of segments) times.set(hash, (times.get(hash) ?? 0) + 1);
  // The segments whose verdicts are not kept, as every check that reads a part alone is given them (one pass for all).
  const open = new Set(openSegments(verdicts, display, segments).map(({ segment }) => segment));
  const fresh = segments.filter((segment) => times.get(segment.hash) !== 1 || open.has(segment));
  // None kept (a first build): every sentence is followed, without a set of them all.
  if (fresh.length === segments.length) return undefined;
  const followed = new Set<number>();
  for (const segment of fresh) for (const hash of Array.from(sentencesOf(segment).hashes)) followed.add(hash);
  return followed;
}

/** A segment's comparable sentences: kept with its part, or read (and then kept with it). */
function sentencesOf(segment: Segment): { hashes: ArrayLike<number>; offsets: ArrayLike<number> } {
  const only = segment.parts.length === 1 ? segment.parts[0]! : undefined;
  if (only?.sentences) return only.sentences;
  const hashes: number[] = [];
  const offsets: number[] = [];
  for (const unit of readingOf(segment).units) {
    const key = comparableText(unit.text);
    if (key === undefined) continue;
    hashes.push(keyHash(key));
    offsets.push(unit.offset);
  }
  const sentences = { hashes, offsets };
  if (only) only.sentences = sentences;
  return sentences;
}

/** Where an HTML page's <main> element is (the whole text when it has none). */
function mainRange(html: string): [number, number] {
  const start = html.search(/<main[\s>]/);
  if (start < 0) return [0, html.length];
  const end = html.indexOf('</main>', start);
  return [start, end < 0 ? html.length : end];
}

export const noUnpublishedReferences = textTreeValidator(
  'noUnpublishedReferences',
  (context) => (item) => reportUnitFindings(context, item, (chunk) => unpublishedReferenceFindings(chunk.units)),
  { partWise: true },
);
