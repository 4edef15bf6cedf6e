// Guard: no built file names a method and a path the contract does not publish ("POST /api/v1/webhooks"), whatever
// wrote it: the content guard reads the sources, this reads what is published.
import { textTreeValidator } from '../text/text-check.js';
import { placeOfUnit, unitChunksOfArtifact, type UnitChunk } from '../text/artifact-units.js';
import { negated } from '../../boundaries/wording.js';
import { type EndpointFinding, methodPathFindings, UNKNOWN_ENDPOINT_FIX } from '../../boundaries/contract-endpoints.js';

// Per stretch of text (one check run, so one model and registry): a header or footer every page repeats is judged once.
const findings = new WeakMap<UnitChunk, EndpointFinding[]>();

export const noInventedCalls = textTreeValidator(
  'noInventedCalls',
  (context) => {
    // The site's paths, gathered when a judged text first names a method and a path: after an edit only a few texts
    // are judged, and most name none (20,000 paths at 10,000 pages).
    let site: Set<string> | undefined;
    const isSitePath = (path: string) =>
      (site ??= new Set(context.registry.of('site').map((e) => e.path.split('?')[0] || '/'))).has(path);
    return (item) => {
      for (const { offset, chunk } of unitChunksOfArtifact(item)) {
        let found = findings.get(chunk);
        if (!found) findings.set(chunk, (found = methodPathFindings(chunk.units, context.model, isSitePath, negated)));
        for (const finding of found) {
          context.diagnostics.error('validate', {
            ruleId: 'unknown-endpoint',
            reason: finding.reason,
            fix: UNKNOWN_ENDPOINT_FIX,
            place: placeOfUnit(item, finding.unit, finding.index, offset),
          });
        }
      }
    };
  },
  { partWise: true },
);
