// Guard: no artifact publishes an input or result shape the contract does not show (the controls' input parameters
// and results, the pricing call's response, the discovery documents' bodies): not in a JSON artifact, and not in a
// JSON code block of a Markdown artifact.
import { textTreeValidator } from '../text/text-check.js';
import { blocksOfArtifact, unitChunksOfArtifact } from '../text/artifact-units.js';
import type { ArtifactText } from '../text/artifact-text.js';
import { jsonCodeBlocks } from '../../text/units.js';
import { mayHoldShape, SHAPE_FIX, shapeFindings } from '../../boundaries/shapes.js';

export const noUnpublishedShapes = textTreeValidator(
  'noUnpublishedShapes',
  (context) => (item) => {
    if (item.json !== undefined && item.text !== undefined) {
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
      // Of a view of some parts, each part's code blocks (a part's blocks are read alone, as they read in the whole).
      const texts =
        item.text !== undefined
          ? [{ offset: 0, text: item.text, blocks: blocksOfArtifact(item as ArtifactText) }]
          : unitChunksOfArtifact(item).map(({ offset, chunk }) => ({ offset, text: chunk.text, blocks: chunk.blocks }));
      const found = texts.flatMap(({ offset, text, blocks }) =>
        jsonCodeBlocks(text, blocks).map((block) => ({ json: block.json, offset: block.offset + offset })),
      );
      for (const block of found) {
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
  },
  { partWise: true },
);
