// npm run new: a page, a section or a sub-page scaffolded so that the content builds, and what to edit next.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPipeline } from '../../../generator/build/pipeline.js';
import { newPage, ScaffoldError } from '../../../generator/tools/scaffold/new-page.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

let content: TempContent;
beforeEach(async () => {
  content = await copyContent('new-');
});
afterEach(async () => {
  await content.remove();
});

const scaffold = (kind: 'page' | 'section', slug: string) =>
  newPage({ kind, slug, contentDir: content.contentDir, schemaDir: content.schemaDir });
const build = () => runPipeline({ env: 'production', contentDir: content.contentDir, schemaDir: content.schemaDir });
const errorsOf = (result: Awaited<ReturnType<typeof build>>) =>
  result.diagnostics
    .list()
    .filter((m) => m.fatal)
    .map((m) => `${m.ruleId} ${m.file}:${m.line} ${m.reason}`);

describe('npm run new', () => {
  it('a top-level page: its Markdown file and the resource lines that publish it; the site builds with it', async () => {
    const result = await scaffold('page', 'getting-started');
    expect(result.created).toEqual(['pages/getting-started.md']);
    expect(result.edited).toEqual(['discovery-resources.yaml', 'public-pages.yaml']);
    expect(result.next.join('\n')).toContain('content/pages/getting-started.md');
    const page = await readFile(join(content.contentDir, 'pages', 'getting-started.md'), 'utf8');
    expect(page).toMatch(/^---\ntitle: Getting started\ndescription: .+\n---\n/);
    const built = await build();
    expect(errorsOf(built)).toEqual([]);
    expect(built.registry!.get('/getting-started')?.kind).toBe('html-page');
    expect(built.registry!.get('/getting-started.md')?.kind).toBe('markdown');
  }, 60_000);

  it('a section: its page lists its sub-pages, with an llms index; a sub-page added to it comes last in order', async () => {
    await scaffold('section', 'guides');
    const sub = await scaffold('page', 'guides/first-steps');
    expect(sub.created).toEqual(['pages/guides/first-steps.md']);
    expect(sub.edited).toEqual([]);
    const second = await scaffold('page', 'guides/next-steps');
    expect(await readFile(join(content.contentDir, 'pages', 'guides', 'next-steps.md'), 'utf8')).toContain('order: 2');
    expect(second.next.join('\n')).toContain('order: 2');
    const built = await build();
    expect(errorsOf(built)).toEqual([]);
    expect(built.registry!.get('/guides/llms.txt')?.kind).toBe('llms-index');
    const twin = String(built.artifacts!.byPath('/guides.md', 'site')!.body);
    expect(twin.indexOf('First steps')).toBeGreaterThan(0);
    expect(twin.indexOf('First steps')).toBeLessThan(twin.indexOf('Next steps'));
  }, 60_000);

  it('refuses an existing page, a missing section (naming the closest) and a name that cannot be a path', async () => {
    await expect(scaffold('page', 'help')).rejects.toThrow(/already exists/);
    await expect(scaffold('page', 'halp/faq')).rejects.toThrow(
      /no section page content\/pages\/halp\.md\. Did you mean `help`\?/,
    );
    await expect(scaffold('page', 'Bad Name')).rejects.toBeInstanceOf(ScaffoldError);
    // Longer than a file name may be: refused in words, not met as the file system's ENAMETOOLONG.
    await expect(scaffold('page', 'a'.repeat(300))).rejects.toThrow(
      /^"a{60}…" cannot be a page name: .*at most 100 a part/,
    );
    await expect(scaffold('section', 'help/x')).rejects.toThrow(/top-level page/);
    // Nothing was written by the refusals.
    expect((await build()).diagnostics.hasErrors).toBe(false);
  }, 60_000);
});
