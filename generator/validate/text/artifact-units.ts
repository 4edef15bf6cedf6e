// The text units of a published artifact, computed once per artifact and check run.
import type { ArtifactText } from './artifact-text.js';
import { unitsOf, type TextUnit } from './units.js';

const cache = new WeakMap<ArtifactText, TextUnit[]>();

export function unitsOfArtifact(item: ArtifactText): TextUnit[] {
  let units = cache.get(item);
  if (!units) {
    units = unitsOf(item.text, item.format, item.json, (path) => item.offsetAt(path));
    cache.set(item, units);
  }
  return units;
}

/** The unit that holds an offset of the artifact's text (the last one starting at or before it). */
export function unitAt(units: TextUnit[], offset: number): TextUnit | undefined {
  let best: TextUnit | undefined;
  for (const unit of units) {
    if (unit.offset <= offset && offset <= unit.offset + unit.text.length && (!best || unit.offset >= best.offset)) {
      best = unit;
    }
  }
  return best;
}
