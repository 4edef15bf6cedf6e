// Tree checks of published prose: no sentence said twice in one file, no reference to a document the site does not
// publish (the same rule content is held to at load).
import { textTreeValidator } from '../text/text-check.js';
import { placeOfUnit, unitChunksOfArtifact } from '../text/artifact-units.js';
import { comparableText, unpublishedReferenceFindings } from '../../text/prose-rules.js';
import { excerpt } from '../../boundaries/wording.js';

export const noRepeatedSentences = textTreeValidator('noRepeatedSentences', (context) => (item) => {
  // Structured data may repeat a value in two members; the rule is about prose a reader reads through.
  if (item.format !== 'markdown' && item.format !== 'html') return;
  const seen = new Map<string, number>();
  for (const { offset, chunk } of unitChunksOfArtifact(item)) {
    for (const unit of chunk.units) {
      const key = comparableText(unit.text);
      if (key === undefined) continue;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, offset + unit.offset);
        continue;
      }
      const at = item.place(first);
      context.diagnostics.error('validate', {
        ruleId: 'repeated-sentence',
        reason: `"${excerpt(unit.text)}" is said a second time in this file (first at line ${at.line}).`,
        fix: 'Say it once: remove the repetition from the page or the content text it comes from.',
        place: placeOfUnit(item, unit, 0, offset),
      });
    }
  }
});

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
