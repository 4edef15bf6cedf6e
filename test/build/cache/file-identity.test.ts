// A file the cache folder wrote, known by one stat: taken as written while its settled stat is the identity noted
// after writing it, and checked by its checksum otherwise.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAsWritten, writtenIdentity } from '../../../generator/build/cache/file-identity.js';

let work = '';
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'file-identity-'));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

/** An instant well after any file written by the test. */
const LATER = BigInt(Date.now() + 60_000) * 1_000_000n;

describe('a file as written', () => {
  it('is the one written while its stat is the identity noted, settled before the instant given', async () => {
    const path = join(work, 'kept.bin');
    await writeFile(path, 'kept bytes');
    const identity = writtenIdentity(path);
    expect(isAsWritten(path, identity, LATER)).toBe(true);
    // Not settled before the instant: a change within the clock's step could leave the same stat.
    expect(isAsWritten(path, identity, 0n)).toBe(false);
    expect(isAsWritten(path, 'another identity', LATER)).toBe(false);
    expect(isAsWritten(path, undefined, LATER)).toBe(false);
  });

  it('is not, once written again (same size) or removed', async () => {
    const path = join(work, 'kept.bin');
    await writeFile(path, 'kept bytes');
    const identity = writtenIdentity(path);
    await writeFile(path, 'KEPT BYTES');
    expect(isAsWritten(path, identity, LATER)).toBe(false);
    await rm(path);
    expect(isAsWritten(path, identity, LATER)).toBe(false);
  });
});
