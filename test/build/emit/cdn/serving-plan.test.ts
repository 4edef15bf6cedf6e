// The serving plan keeps each file's headers as the policy gives them, and shares what files have in common: a
// catalog's plan holds 200,000 lists, most of them the same pairs again.
import { describe, expect, it } from 'vitest';
import { servingPlan } from '../../../../generator/build/emit/cdn/serving-plan.js';
import { fileHeaders } from '../../../../generator/runtime/headers.js';
import { loadShipped } from '../public-pages/harness.js';

describe('the serving plan of the shipped content', async () => {
  const { registry } = await loadShipped();
  const plan = servingPlan(registry);
  const apiCatalog = plan.apiCatalog;
  const twins = new Set(
    plan.files.flatMap((f) => (f.entry.kind === 'html-page' && f.entry.twin ? [f.entry.twin] : [])),
  );

  it("gives every file the policy's headers, in the policy's order", () => {
    expect(plan.files.length).toBeGreaterThan(20);
    for (const file of plan.files) {
      expect(file.headers, file.path).toEqual(
        fileHeaders({ ...file.entry, isTwin: twins.has(file.entry.path), apiCatalog }),
      );
    }
  });

  it('shares one list between the files whose headers are the same and carry no Link', () => {
    const twinFiles = plan.files.filter((f) => twins.has(f.path));
    expect(twinFiles.length).toBeGreaterThan(2);
    for (const twin of twinFiles) expect(twin.headers).toBe(twinFiles[0]!.headers);
  });

  it("shares each pair between lists, a page's own Link aside", () => {
    const pages = plan.files.filter((f) => f.entry.kind === 'html-page' && f.entry.twin);
    expect(pages.length).toBeGreaterThan(2);
    const [first, second] = pages;
    const pair = (file: typeof first, name: string) => file!.headers.find(([n]) => n === name);
    expect(pair(first, 'Content-Type')).toBe(pair(second, 'Content-Type'));
    expect(pair(first, 'Cache-Control')).toBe(pair(second, 'Cache-Control'));
    expect(pair(first, 'Link')).not.toEqual(pair(second, 'Link'));
  });
});
