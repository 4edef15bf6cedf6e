// The report's length follows the change: a one-page edit reads in a minute, a layout change is one entry.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build/pipeline.js';
import { renderMarkdown } from '../../../generator/tools/report/markdown-report.js';
import { runCheck } from '../../../generator/tools/report/run-check.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

const LONG = 120_000;
let content: TempContent;
let base: string;

const options = () => ({
  env: 'production' as const,
  repoDir: content.root,
  contentDir: content.contentDir,
  schemaDir: content.schemaDir,
});

/** Runs `change` on the content, checks against the base folder, and puts the content back. */
async function checkAfter(file: string, change: (text: string) => string) {
  const path = join(content.contentDir, file);
  const original = await readFile(path, 'utf8');
  const edited = change(original);
  expect(edited).not.toBe(original);
  await writeFile(path, edited);
  try {
    return await runCheck({ ...options(), base });
  } finally {
    await writeFile(path, original);
  }
}

const lines = (markdown: string) => markdown.trimEnd().split('\n').length;

describe('the size of the report (the real generator)', () => {
  beforeAll(async () => {
    content = await copyContent('report-size-');
    base = join(content.root, 'base-dist');
    const result = await build({ ...options(), outDir: base });
    expect(result.diagnostics.hasErrors).toBe(false);
  }, LONG);
  afterAll(async () => {
    await content?.remove();
  });

  it(
    'a one-page content edit gives a report under 60 lines, the edit shown once for the page, twin and llms files',
    async () => {
      const report = await checkAfter('pages/help.md', (t) =>
        t.replace('that come up most', 'people and agents ask most'),
      );
      const markdown = renderMarkdown(report);
      expect(lines(markdown)).toBeLessThan(60);
      expect(report.shared).toHaveLength(1);
      expect(report.shared[0]!.files).toEqual(
        expect.arrayContaining(['dist/help.html', 'dist/help.md', 'dist/llms-full.txt']),
      );
      expect(markdown.match(/people and agents ask/g)).toHaveLength(1);
    },
    LONG,
  );

  it(
    'a layout change every page shares is one entry with the number of pages',
    async () => {
      // The base as an older generator would have built it: other words in every page's layout.
      const pages = (await readdir(base, { recursive: true })).filter((f) => f.endsWith('.html'));
      expect(pages.length).toBeGreaterThan(10);
      for (const page of pages) {
        const html = await readFile(join(base, page), 'utf8');
        const older = html.replace('>Skip to content<', '>Skip to the content<');
        expect(older).not.toBe(html);
        await writeFile(join(base, page), older);
      }
      try {
        const report = await runCheck({ ...options(), base });
        const pageChanges = report.artifacts.filter((a) => a.path.endsWith('.html'));
        expect(pageChanges).toHaveLength(pages.length);
        expect(report.shared.filter((s) => s.pages > 0)).toMatchObject([{ pages: pages.length }]);
        const markdown = renderMarkdown(report);
        expect(markdown).toContain(`**The same change in ${pages.length} pages**`);
        expect(markdown.match(/Skip to content/g)).toHaveLength(1);
        expect(lines(markdown)).toBeLessThan(40);
      } finally {
        for (const page of pages) {
          const html = await readFile(join(base, page), 'utf8');
          await writeFile(join(base, page), html.replace('>Skip to the content<', '>Skip to content<'));
        }
      }
    },
    LONG,
  );

  it(
    'a new page is one addition to each list it joins, not every later index changed',
    async () => {
      const page = join(content.contentDir, 'pages', 'docs', 'rate-limits.md');
      await writeFile(
        page,
        '---\ntitle: Rate limits\ndescription: Requests answered per minute.\norder: 4\n---\n\nA limit.\n',
      );
      try {
        const report = await runCheck({ ...options(), base });
        const catalog = report.artifacts.find((a) => a.path === 'dist/.well-known/public-pages.json');
        const edits = catalog?.summary?.format === 'json' ? catalog.summary.edits : [];
        expect(edits).toEqual([expect.objectContaining({ before: [], after: ['"/docs/rate-limits"'] })]);
        // Each page of the section lists the new one in its sidebar, and its neighbours link it as next or previous.
        expect(lines(renderMarkdown(report))).toBeLessThan(175);
      } finally {
        await rm(page);
      }
    },
    LONG,
  );
});
