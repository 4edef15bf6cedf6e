// The artifacts of a build, as every stage after the emit looks them up: by host and file, in the order first set.
import { describe, expect, it } from 'vitest';
import { ArtifactSet, type RegistryEntry } from '../../../generator/build/registry/types.js';

const entry = (host: string, file: string) => ({ host, file, path: `/${file}` }) as RegistryEntry;

describe('ArtifactSet', () => {
  it('finds each artifact by its host and file, the same file of two hosts apart', () => {
    const artifacts = new ArtifactSet();
    const site = { entry: entry('site', 'index.html'), body: 'site' };
    const mcp = { entry: entry('mcp', 'index.html'), body: 'mcp' };
    artifacts.set(site);
    artifacts.set(mcp);
    expect(artifacts.get('site', 'index.html')).toBe(site);
    expect(artifacts.get('mcp', 'index.html')).toBe(mcp);
    expect(artifacts.get('site', 'missing.html')).toBeUndefined();
    expect(artifacts.get('deploy', 'index.html')).toBeUndefined();
    expect(artifacts.byPath('/index.html', 'mcp')).toBe(mcp);
  });

  it('keeps the order artifacts were first set in, an artifact set again keeping its place', () => {
    const artifacts = new ArtifactSet();
    const [a, b, c] = ['a.html', 'b.html', 'c.html'].map((file) => ({ entry: entry('site', file), body: file }));
    for (const artifact of [a!, b!, c!]) artifacts.set(artifact);
    const again = { entry: entry('site', 'b.html'), body: 'made again' };
    artifacts.set(again);
    expect(artifacts.values()).toEqual([a, again, c]);
    expect(artifacts.get('site', 'b.html')).toBe(again);
    // A copy: changing it changes nothing in the set.
    artifacts.values().pop();
    expect(artifacts.values()).toHaveLength(3);
  });

  it('keeps streams the same way: by host and file, in the order first set, one set again in its place', () => {
    const artifacts = new ArtifactSet();
    const stream = (host: string, folder: string) => ({
      entry: entry(host, `${folder}index.json`),
      folder,
      files: () => [],
      file: () => undefined,
    });
    artifacts.setStream(stream('site', 'a/'));
    artifacts.setStream(stream('site', 'b/'));
    artifacts.setStream({ ...stream('site', 'a/'), folder: 'a-again/' });
    expect(artifacts.streams().map((s) => s.folder)).toEqual(['a-again/', 'b/']);
    expect(artifacts.streamOf(entry('site', 'b/index.json'))?.folder).toBe('b/');
    expect(artifacts.streamOf(entry('mcp', 'b/index.json'))).toBeUndefined();
  });
});
