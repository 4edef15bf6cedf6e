// A short hash of a comparable key (a unit's words as a reader compares them): what is compared first when many keys
// are looked up, the exact keys being read only where hashes meet.

/** The bits a key hash keeps: 30, a small integer to the engine, so a map of them holds no boxed numbers. */
export const KEY_HASH_MASK = 0x3fffffff;

/** A key's FNV-1a hash cut to 30 bits (KEY_HASH_MASK). */
export function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  return hash & KEY_HASH_MASK;
}
