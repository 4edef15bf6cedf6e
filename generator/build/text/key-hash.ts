// A short hash of a comparable key (a unit's words as a reader compares them): what is compared first when many keys
// are looked up, the exact keys being read only where hashes meet.

/** A key's FNV-1a hash cut to 30 bits: a small integer to the engine, so a map of them holds no boxed numbers. */
export function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  return hash & 0x3fffffff;
}
