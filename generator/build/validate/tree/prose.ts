// Tree checks of published prose: no sentence said twice in one file, no reference to a document the site does not
// publish (the same rule content is held to at load).
import { textTreeValidator } from '../text/text-check.js';
import { placeOfUnit, unitChunksOfArtifact } from '../text/artifact-units.js';
import { comparableText, unpublishedReferenceFindings } from '../../text/prose-rules.js';
import { excerpt } from '../../boundaries/wording.js';

export const noRepeatedSentences = textTreeValidator('noRepeatedSentences', (context) => (item) => {
  // Structured data may repeat a value in two members; the rule is about prose a reader reads through.
  if (item.format !== 'markdown' && item.format !== 'html') return;
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

/** Where an HTML page's <main> element is (the whole text when it has none). */
function mainRange(html: string): [number, number] {
  const start = html.search(/<main[\s>]/);
  if (start < 0) return [0, html.length];
  const end = html.indexOf('</main>', start);
  return [start, end < 0 ? html.length : end];
}

export const noUnpublishedReferences = textTreeValidator('noUnpublishedReferences', (context) => (item) => {
  for (const { offset, chunk } of unitChunksOfArtifact(item)) {
    for (const finding of unpublishedReferenceFindings(chunk.units)) {
      context.diagnostics.error('validate', {
        ruleId: finding.ruleId,
        reason: finding.reason,
        fix: finding.fix,
        place: placeOfUnit(item, finding.unit, finding.index, offset),
      });
    }
  }
});
