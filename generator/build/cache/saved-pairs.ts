// A cache's entries saved as pairs of a name and a value, read back into a map. Pairs rather than an object keyed by
// name: read back, tens of thousands of pairs make a map at once, where each of an object's names would be looked up
// by a name the build made (the engine's table of every name first, about a microsecond each) or listed in order
// (as slow).

/**
 * The pairs' values by name; undefined when `pairs` is no list. A pair of another shape, or whose value `isValue`
 * refuses, is left out: what it named is made or judged again.
 */
export function mapOfPairs<V>(pairs: unknown, isValue: (value: unknown) => value is V): Map<string, V> | undefined {
  if (!Array.isArray(pairs)) return undefined;
  const map = new Map<string, V>();
  for (const pair of pairs as unknown[]) {
    if (Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && isValue(pair[1]))
      map.set(pair[0], pair[1]);
  }
  return map;
}
