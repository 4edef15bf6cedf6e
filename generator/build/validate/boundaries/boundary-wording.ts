// Tree check: no published artifact presents an unpublished interface, an invented control or a shape the contract
// does not show.
import { textTreeValidator } from '../text/text-check.js';
import { reportUnitFindings, type UnitChunk } from '../text/artifact-units.js';
import { wordingFindings, type WordingFinding } from '../../boundaries/wording.js';

// Per stretch of text (one check run, so one model): a header or footer every page repeats is judged once.
const findings = new WeakMap<UnitChunk, WordingFinding[]>();

export const boundaryWording = textTreeValidator(
  'boundaryWording',
  (context) => (item) =>
    reportUnitFindings(context, item, (chunk) => {
      let found = findings.get(chunk);
      if (!found) findings.set(chunk, (found = wordingFindings(chunk.units, context.model)));
      return found;
    }),
  { partWise: true },
);
