// The text units of a published artifact, computed once per artifact and check run.
import type { SourcePlace } from '../../model/types.js';
import type { ArtifactText } from './artifact-text.js';
import { unitsOf, type TextUnit } from './units.js';

const cache = new WeakMap<ArtifactText, TextUnit[]>();

export function unitsOfArtifact(item: ArtifactText): TextUnit[] {
  let units = cache.get(item);
  if (!units) {
    units = unitsOf(item.text, item.format, item.json).sort((a, b) => a.offset - b.offset);
    cache.set(item, units);
  }
  return units;
}

/** The unit that holds an offset of the artifact's text (units sorted by offset: a binary search, not a scan). */
export function unitAt(units: TextUnit[], offset: number): TextUnit | undefined {
  let low = 0;
  let high = units.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (units[mid]!.offset <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  // Units do not nest, but a few may start at one offset (a JSON value's sentences): look back among those.
  for (let i = found; i >= 0 && i > found - 8; i--) {
    const unit = units[i]!;
    if (offset <= unit.offset + unit.text.length) return unit;
  }
  return undefined;
}

/** Where a unit's text (plus an index into it) is, exactly: JSON units through the artifact's pointer map. */
export function placeOfUnit(item: ArtifactText, unit: TextUnit, index = 0): SourcePlace {
  if (item.format === 'json' && unit.path && unit.inValue !== undefined) {
    return item.place(item.offsetAt(unit.path) + 1 + unit.inValue + index);
  }
  return item.place(unit.offset + index);
}
