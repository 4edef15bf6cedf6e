// Tree check: no published artifact presents an unpublished interface, an invented control or a shape the contract
// does not show.
import type { TreeValidator } from '../registry/types.js';
import { publishedTexts } from '../validate/text/artifact-text.js';
import { placeOfUnit, unitsOfArtifact } from '../validate/text/artifact-units.js';
import { wordingFindings } from './wording.js';

export const boundaryWording: TreeValidator = (context) => {
  for (const item of publishedTexts(context)) {
    for (const finding of wordingFindings(unitsOfArtifact(item), context.model)) {
      context.diagnostics.error('validate', {
        ruleId: finding.ruleId,
        reason: finding.reason,
        fix: finding.fix,
        place: placeOfUnit(item, finding.unit, finding.index),
      });
    }
  }
};
