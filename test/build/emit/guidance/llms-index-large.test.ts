// A section too large for one llms.txt: the index keeps to the size limit, lists the first guides in order, and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { emitLlmsIndex } from '../../../../generator/build/emit/guidance/llms-index.js';
import { LLMS_TXT_MAX_CHARS, llmsStructure } from '../../../../generator/build/emit/guidance/validate-llms.js';
import { copyContent, loadShipped, type Loaded } from '../../../helpers/pages.js';

const PAGES = 400;
let work: Awaited<ReturnType<typeof copyContent>>;
let loaded: Loaded;

beforeAll(async () => {
  work = await copyContent();
  const long = 'A description long enough to make the index outgrow its limit quickly. '.repeat(3).trim();
  await Promise.all(
    Array.from({ length: PAGES }, (_, i) =>
      writeFile(
        join(work.contentDir, 'pages', 'help', `topic-${String(i).padStart(4, '0')}.md`),
        `---\ntitle: Topic ${i}\ndescription: ${long}\norder: ${1000 - i}\n---\n\nWords.\n`,
      ),
    ),
  );
  loaded = await loadShipped('production', work.contentDir);
}, 120_000);

afterAll(() => work?.cleanup());

describe('llms-index of a large section', () => {
  it('stays under the limit, lists the first guides in reading order and points at the section page', () => {
    const context = loaded.context();
    const text = String(emitLlmsIndex(loaded.registry.get('/help/llms.txt')!, context));
    expect(text.length).toBeLessThanOrEqual(LLMS_TXT_MAX_CHARS);

    const all = loaded.registry
      .ofKind('markdown')
      .filter((e) => e.group === 'help')
      .map((e) => loaded.registry.url(e));
    const listed = [...text.matchAll(/^- \[[^\]]*\]\(([^)]+)\)/gm)].map((m) => m[1]!).filter((u) => all.includes(u));
    expect(listed.length).toBeGreaterThan(10);
    expect(listed.length).toBeLessThan(all.length);
    expect(listed).toEqual(all.slice(0, listed.length));
    // The editors' order: a higher `order` comes later, whatever the file name.
    expect(listed[1]).toBe(loaded.registry.url('/help/connect-mcp-client.md'));

    expect(text).toContain(`lists ${listed.length} of the ${all.length} guides`);
    expect(text).toContain(`(${loaded.registry.url('/help')})`);
    expect(context.diagnostics.list()).toMatchObject([{ ruleId: 'llms-index-shortened', fatal: false }]);
  });

  it('still has the llms.txt structure', () => {
    const context = loaded.context();
    const entry = loaded.registry.get('/help/llms.txt')!;
    const body = String(emitLlmsIndex(entry, context));
    const artifacts = { text: () => body } as never;
    llmsStructure({ entry, body }, { ...context, artifacts, displayPath: () => 'dist/help/llms.txt' });
    expect(context.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
  });
});
