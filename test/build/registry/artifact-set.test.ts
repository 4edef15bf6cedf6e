// The artifacts of a build, as every stage after the emit looks them up: by host and file, in the order first set.
import { describe, expect, it } from 'vitest';
import {
  type Artifact,
  ArtifactSet,
  type HostName,
  type RegistryEntry,
} from '../../../generator/build/registry/types.js';

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
  it('gives the artifact last set for a host and file however they are asked: in order, out of order, set again, missing', () => {
    const artifacts = new ArtifactSet();
    /** What a lookup by host and file must give: the last artifact set for them. */
    const expected = new Map<string, Artifact>();
    const put = (host: HostName, file: string, body: string) => {
      const artifact = { entry: entry(host, file), body };
      artifacts.set(artifact);
      expected.set(`${host}\0${file}`, artifact);
    };
    for (let i = 0; i < 300; i++) put(i % 7 === 0 ? 'mcp' : 'site', `page-${i % 250}.html`, `v${i}`);
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const all = [...expected.values()];
    let next = 0;
    for (let ask = 0; ask < 5000; ask++) {
      const r = random();
      // Mostly the next in the order set (the registry's, as the checks ask), sometimes any, sometimes none set.
      const wanted = r < 0.75 ? all[next++ % all.length]! : all[Math.floor(random() * all.length)]!;
      const host: HostName = r > 0.97 ? 'auth' : wanted.entry.host;
      const file = r > 0.95 && r <= 0.97 ? `missing-${ask}.html` : wanted.entry.file;
      // A name made here, as the checks make theirs, not the string the artifact holds.
      const asked = ['', file].join('');
      expect(artifacts.get(host, asked)).toBe(expected.get(`${host}\0${asked}`));
      if (ask === 2500) put('site', 'page-3.html', 'set again');
    }
  });
});
