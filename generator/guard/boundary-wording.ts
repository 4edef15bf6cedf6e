// Tree check: no published artifact presents an unpublished interface, an invented control or a shape the contract
// does not show.
import type { TreeValidator } from '../registry/types.js';
import { publishedTexts } from '../validate/text/artifact-text.js';
import { placeOfUnit, unitChunksOfArtifact, type UnitChunk } from '../validate/text/artifact-units.js';
import { wordingFindings, type WordingFinding } from './wording.js';

// Per stretch of text (one check run, so one model): a header or footer every page repeats is judged once.
const findings = new WeakMap<UnitChunk, WordingFinding[]>();

export const boundaryWording: TreeValidator = (context) => {
  for (const item of publishedTexts(context)) {
    for (const { offset, chunk } of unitChunksOfArtifact(item)) {
      let found = findings.get(chunk);
      if (!found) findings.set(chunk, (found = wordingFindings(chunk.units, context.model)));
      for (const finding of found) {
        context.diagnostics.error('validate', {
          ruleId: finding.ruleId,
          reason: finding.reason,
          fix: finding.fix,
          place: placeOfUnit(item, finding.unit, finding.index, offset),
        });
      }
    }
  }
};
