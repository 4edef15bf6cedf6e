// The model as the caches' keys see it (page bodies left out): made from the pages once per build, whoever asks (the
// content checks' verdicts, the render context), and always what making it from the same model again gives.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Model, Page } from '../../../generator/model/types.js';
import { modelFacts } from '../../../generator/build/cache/fingerprint.js';
import { KeptPages } from '../../../generator/build/cache/kept-pages.js';
import { keptKeyOf } from '../../../generator/build/cache/page-keys.js';
import { loadProject } from '../../../generator/build/project.js';
import { renderContextKey } from '../../../generator/build/render/render-cache.js';
import { writeSyntheticContent } from '../../helpers/synthetic-content.js';

let work: string;
let model: Model;

beforeAll(async () => {
  let content: string;
  ({ work, content } = await writeSyntheticContent('model-facts-', 6));
  model = (await loadProject({ env: 'production', contentDir: content })).model!;
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The pages, each a view that counts how often any of its fields is read. */
function counted(pages: Page[]): { pages: Page[]; reads: () => number } {
  let reads = 0;
  const views = pages.map(
    (page) =>
      new Proxy(page, {
        get(target, property, receiver) {
          reads++;
          return Reflect.get(target, property, receiver) as unknown;
        },
      }),
  );
  return { pages: views, reads: () => reads };
}

describe('the model’s facts', () => {
  it('reads the pages once for every key made of the same pages (another address, another generator)', () => {
    const { pages, reads } = counted(model.pages);
    const viewed = { ...model, pages };
    const first = modelFacts(viewed);
    const once = reads();
    expect(once).toBeGreaterThan(0);
    const moved = { ...viewed, addresses: { ...viewed.addresses, base_url: 'https://elsewhere.example' } };
    expect(modelFacts(moved)).not.toBe(first);
    expect(modelFacts(viewed)).toBe(first);
    renderContextKey('a generator', moved);
    renderContextKey('another generator', viewed);
    expect(reads()).toBe(once);
  });

  it('is what making it again from a copy of the same model gives, and differs when a page’s facts do', () => {
    const facts = modelFacts(model);
    const copy = structuredClone(model);
    expect(modelFacts(copy)).toBe(facts);
    expect(modelFacts({ ...model, pages: model.pages.map((p) => ({ ...p, body: `${p.body}\nmore` })) })).toBe(facts);
    const retitled = model.pages.map((p, i) => (i === 2 ? { ...p, title: `${p.title}!` } : p));
    expect(modelFacts({ ...model, pages: retitled })).not.toBe(facts);
    const reordered = model.pages.map((p, i) => (i === 3 ? { ...p, order: p.order + 100 } : p));
    expect(modelFacts({ ...model, pages: reordered })).not.toBe(facts);
    const moved = model.pages.map((p, i) => (i === 4 ? { ...p, bodyLine: p.bodyLine + 1 } : p));
    expect(modelFacts({ ...model, pages: moved })).not.toBe(facts);
  });

  it('is the same whether the pages were read under a key (as a build with a cache reads them) or not', () => {
    const facts = modelFacts(model);
    const copy = structuredClone(model);
    const kept = new KeptPages('scope');
    for (const [i, page] of copy.pages.entries()) kept.read(`key-${i}`, page, true);
    expect(copy.pages.every((page) => keptKeyOf(page) !== undefined)).toBe(true);
    expect(modelFacts(copy)).toBe(facts);
    const retitled = structuredClone(model);
    retitled.pages[1]!.title += '!';
    for (const [i, page] of retitled.pages.entries()) kept.read(`key-${i}`, page, true);
    expect(modelFacts(retitled)).not.toBe(facts);
  });
});
