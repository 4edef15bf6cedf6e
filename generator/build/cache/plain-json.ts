// Which values a cache file gives back as they were: what JSON writes and reads unchanged.

/**
 * Whether JSON gives the value back as it is: plain objects and arrays of strings, finite numbers, booleans and null
 * (an object member may be undefined: JSON leaves it out, and reading it gives undefined again).
 */
export function isPlainJson(value: unknown, member = false): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (value === undefined) return member;
  if (Array.isArray(value)) return value.every((item) => isPlainJson(item));
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((item) => isPlainJson(item, true));
}
