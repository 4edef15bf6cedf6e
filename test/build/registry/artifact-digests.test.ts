// Each text of a build is hashed once: an artifact's digest is made when first asked for, and a stream's files are
// made once for every reader that needs only their digests (the deploy manifest, the budgets, kept verdicts, the
// writer), however many ask.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ArtifactSet, type ArtifactStream, type RegistryEntry } from '../../../generator/build/registry/types.js';

const entry = { host: 'site', file: '_agent/page-context.json', path: '/_agent/page-context.json' } as RegistryEntry;

/** A stream of `n` files that counts how many it made. */
function countingStream(n: number): ArtifactStream & { made: number } {
  const stream = {
    entry,
    folder: '_agent/page-context/',
    made: 0,
    *files() {
      for (let k = 0; k < n; k += 1) {
        stream.made += 1;
        yield { file: `_agent/page-context/${k}.json`, body: `{"k":${k}}` };
      }
    },
    file: (file: string) => `{"k":${Number(file.match(/(\d+)\.json$/)![1])}}`,
  };
  return stream;
}

describe('digests of a build', () => {
  it("give an artifact's SHA-256 and its size in UTF-8 bytes, made once", () => {
    const set = new ArtifactSet();
    const artifact = { entry, body: 'Café' };
    const digest = set.digest(artifact);
    expect(digest.sha256).toBe(createHash('sha256').update(Buffer.from('Café', 'utf8')).digest('hex'));
    expect(digest.bytes).toBe(5);
    expect(digest.hash).toBe(digest.sha256.slice(0, 32));
    expect(set.digest(artifact)).toBe(digest);
  });

  it("make a stream's files once for every reader of their digests, in the stream's order", () => {
    const set = new ArtifactSet();
    const stream = countingStream(4);
    set.setStream(stream);
    const digested = set.streamOf(entry)!;
    const first = digested.digests();
    expect(stream.made).toBe(4);
    expect([...first.keys()]).toEqual([0, 1, 2, 3].map((k) => `_agent/page-context/${k}.json`));
    expect(first.get('_agent/page-context/2.json')!.sha256).toBe(createHash('sha256').update('{"k":2}').digest('hex'));
    expect(digested.digests()).toBe(first);
    expect(stream.made).toBe(4);
  });

  it('take the digests from a full pass of a reader of the texts, and complete a pass that stopped early', () => {
    const set = new ArtifactSet();
    const stream = countingStream(3);
    set.setStream(stream);
    const digested = set.streamOf(entry)!;
    for (const _ of digested.files()) break;
    expect(stream.made).toBe(1);
    expect(digested.digests().size).toBe(3);
    expect(stream.made).toBe(4);

    const other = countingStream(3);
    set.setStream(other);
    const again = set.streamOf(entry)!;
    expect([...again.files()].length).toBe(3);
    expect(again.digests().size).toBe(3);
    expect(other.made).toBe(3);
  });
});
