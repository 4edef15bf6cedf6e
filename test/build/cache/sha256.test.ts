// The caches' SHA-256 of several parts (each followed by a NUL): texts alone are hashed in one call, texts and bytes
// part by part; both must be the hash of the same bytes, or every key made from texts would change meaning.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../generator/build/cache/fingerprint.js';

/** The definition: each part's UTF-8 bytes, then a NUL. */
function partByPart(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

describe('sha256 of parts', () => {
  it.each([
    [['']],
    [['', '']],
    [['render context', '{"a":1}']],
    [['café', 'naïve', '日本語', '😀']],
    // A lone surrogate at the end of one part and at the start of the next: NUL between them, never a pair.
    [['a\ud800', '\udc00b']],
    [['x\0y', '\0']],
  ])('hashes the texts %j as their bytes part by part', (parts) => {
    expect(sha256(...parts)).toBe(partByPart(...parts));
  });

  it('hashes texts and bytes together part by part', () => {
    const parts = ['kept', Buffer.from('bytes é'), 'after'];
    expect(sha256(...parts)).toBe(partByPart(...parts));
    expect(sha256('a', 'b')).not.toBe(sha256('ab'));
  });
});
