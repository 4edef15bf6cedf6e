// Guard: no artifact publishes an input or result shape the contract does not show (the controls' input parameters
// and results, the pricing call's response, the discovery documents' bodies): not in a JSON artifact, and not in a
// JSON code block of a Markdown artifact.
import { textTreeValidator } from '../text/text-check.js';
import { blocksOfArtifact } from '../text/artifact-units.js';
import { jsonCodeBlocks } from '../../text/units.js';
import { mayHoldShape, SHAPE_FIX, shapeFindings } from '../../boundaries/shapes.js';

export const noUnpublishedShapes = textTreeValidator('noUnpublishedShapes', (context) => (item) => {
  if (item.json !== undefined) {
    if (!mayHoldShape(item.text)) return;
    for (const finding of shapeFindings(item.json, context.model)) {
      context.diagnostics.error('validate', {
        ruleId: 'unpublished-shape',
        reason: finding.reason,
        fix: SHAPE_FIX,
        place: item.place(item.offsetAt(finding.path, true)),
      });
    }
  } else if (item.format === 'markdown') {
    for (const block of jsonCodeBlocks(item.text, blocksOfArtifact(item))) {
      for (const finding of shapeFindings(block.json, context.model, { schemaMembers: false })) {
        context.diagnostics.error('validate', {
          ruleId: 'unpublished-shape',
          reason: `A JSON code block: ${finding.reason}`,
          fix: SHAPE_FIX,
          place: item.place(block.offset),
        });
      }
    }
  }
});
