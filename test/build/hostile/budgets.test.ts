// Budgets, not hangs: a page too large or nested too deeply is refused at its line before it is parsed, and a page or
// YAML file that still takes too long is stopped by the time budget and reported at its file.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SCHEMA_DIR } from '../../../generator/build/files/project-paths.js';
import { loadContent } from '../../../generator/build/content/load.js';
import { MAX_NESTING_DEPTH, MAX_PAGE_BYTES } from '../../../generator/build/content/limits.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { renderTexts } from '../../../generator/build/render/render-page.js';
import type { Model, Page } from '../../../generator/model/types.js';
import { copyContent } from '../../helpers/content.js';
import { appendLines, buildHostile, expectNoStackTrace } from '../../helpers/hostile.js';
import { type Loaded, loadShipped } from '../../helpers/pages.js';

let contentDir = '';
afterEach(async () => {
  if (contentDir) await rm(join(contentDir, '..'), { recursive: true, force: true });
  contentDir = '';
});

async function loadWithBody(body: string) {
  contentDir = await copyContent();
  const path = join(contentDir, 'pages/docs/errors.md');
  const text = await readFile(path, 'utf8');
  const bodyLine = text.split('\n').length + 1;
  await writeFile(path, `${text}\n${body}\n`);
  const diagnostics = new Diagnostics();
  const model = await loadContent({ contentDir, schemaDir: CONTENT_SCHEMA_DIR, env: 'production' }, diagnostics);
  return { model, messages: diagnostics.list(), report: diagnostics.report(), bodyLine };
}

const nestedList = (depth: number) => Array.from({ length: depth }, (_, i) => `${' '.repeat(2 * i)}- item`).join('\n');

describe('nesting and size', () => {
  it('a page of 1,000 nested list levels (1 MB) fails at once, at the page', { timeout: 60_000 }, async () => {
    const result = await buildHostile(async (dir) => {
      await appendLines(join(dir, 'pages/docs/errors.md'), [nestedList(1000)]);
    });
    expect(result.failed).toBe(true);
    expect(result.messages.map((m) => [m.file, m.ruleId])).toEqual([
      ['content/pages/docs/errors.md', 'page-too-large'],
    ]);
    expectNoStackTrace(result.report);
  });

  it('a 2,000-deep blockquote is refused at its line as too deep, not a crash of the build', async () => {
    let lines: number[] = [];
    const result = await buildHostile(async (dir) => {
      lines = await appendLines(join(dir, 'pages/docs/errors.md'), [`${'>'.repeat(2000)} deep`]);
    });
    expect(result.failed).toBe(true);
    expect(result.messages).toMatchObject([
      { file: 'content/pages/docs/errors.md', line: lines[0], ruleId: 'nesting-too-deep' },
    ]);
    expectNoStackTrace(result.report);
  });

  const deep = MAX_NESTING_DEPTH + 1;
  const kinds: [string, string, number][] = [
    ['a list nested by indentation', nestedList(deep), deep - 1],
    [
      'an ordered list nested by indentation',
      Array.from({ length: deep }, (_, i) => `${' '.repeat(3 * i)}1. item`).join('\n'),
      -1,
    ],
    ['list markers on one line', `${'- '.repeat(deep)}x`, 0],
    ['quotes with spaces', `${'> '.repeat(deep)}x`, 0],
    ['quotes and lists mixed', `${'> - '.repeat(deep)}x`, 0],
    ['quotes line by line', Array.from({ length: deep }, (_, i) => `${'> '.repeat(i + 1)}x`).join('\n'), deep - 1],
    ['a list indented with tabs', Array.from({ length: deep }, (_, i) => `${'\t'.repeat(i)}- item`).join('\n'), -1],
    ['container directives', Array.from({ length: deep }, () => ':::note').join('\n'), deep - 1],
    ['link brackets', `${'['.repeat(deep)}x${']'.repeat(deep)}`, 0],
    ['image brackets', `${'!['.repeat(deep)}x${'](y)'.repeat(deep)}`, 0],
    ['text directive labels', `${':x['.repeat(deep)}y${']'.repeat(deep)}`, 0],
    ['brackets over several lines of one paragraph', Array.from({ length: deep }, () => '[').join('\n'), deep - 1],
  ];
  for (const [name, body, lineInBody] of kinds) {
    it(`refuses ${name} deeper than ${MAX_NESTING_DEPTH}, at its line`, async () => {
      const { messages, report, bodyLine } = await loadWithBody(body);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ file: 'content/pages/docs/errors.md', ruleId: 'nesting-too-deep' });
      if (lineInBody >= 0) expect(messages[0]!.line).toBe(bodyLine + lineInBody);
      expectNoStackTrace(report);
    });
  }

  it('reads a page nested as deep as real pages are, and a fence holding deep indentation', async () => {
    const code = ['```json', ...Array.from({ length: 60 }, (_, i) => `${' '.repeat(2 * i)}[`), '```'].join('\n');
    const { messages } = await loadWithBody(
      `${nestedList(6)}\n\n> - > quote in a list in a quote\n\n[![logo](/brand/logo.svg)](/help)\n\n${code}`,
    );
    expect(messages).toEqual([]);
  });

  it('a fence that does not open a fence hides nothing from the depth measure', async () => {
    const { messages } = await loadWithBody(`    \`\`\`\n${'> '.repeat(deep)}x`);
    expect(messages.map((m) => m.ruleId)).toEqual(['nesting-too-deep']);
  });

  it('a page over the size limit is refused at the page before it is parsed', async () => {
    const { messages } = await loadWithBody('word '.repeat(Math.ceil(MAX_PAGE_BYTES / 5)));
    expect(messages).toMatchObject([{ file: 'content/pages/docs/errors.md', ruleId: 'page-too-large' }]);
  });

  it('a YAML file over the size limit is refused at the file', async () => {
    contentDir = await copyContent();
    const path = join(contentDir, 'service.yaml');
    await writeFile(path, `${await readFile(path, 'utf8')}${'# padding padding padding padding\n'.repeat(200_000)}`);
    const diagnostics = new Diagnostics();
    await loadContent({ contentDir, schemaDir: CONTENT_SCHEMA_DIR, env: 'production' }, diagnostics);
    expect(diagnostics.list()).toMatchObject([{ file: 'content/service.yaml', ruleId: 'yaml-too-large' }]);
  });
});

describe('the time budget', () => {
  let loaded: Loaded;
  beforeAll(async () => {
    loaded = await loadShipped();
  }, 60_000);

  function pageOf(body: string): Page {
    return {
      id: 'help/reading-errors',
      path: '/help/reading-errors',
      twinPath: '/help/reading-errors.md',
      section: 'help',
      title: 'Test page',
      description: 'A page for the test.',
      order: 1,
      body,
      bodyLine: 5,
      source: { file: 'content/pages/help/reading-errors.md', line: 1, column: 1 },
    };
  }

  it('a page that renders past its time budget is stopped and reported at the page', () => {
    // A wide table: slow to parse, well within the size and depth limits.
    const row = (cell: string) => `|${`${cell}|`.repeat(400)}`;
    const body = [row('a'), row('-'), ...Array.from({ length: 60 }, () => row('b'))].join('\n');
    const context = loaded.context();
    const rendered = renderTexts(pageOf(body), context, { timeBudgetMs: 20 });
    expect(rendered.markdown).toBe('');
    expect(context.diagnostics.list()).toMatchObject([
      { file: 'content/pages/help/reading-errors.md', line: 1, ruleId: 'time-budget-exceeded' },
    ]);
  });

  it('a YAML file that parses past its time budget is stopped and reported at the file', async () => {
    contentDir = await copyContent();
    const path = join(contentDir, 'service.yaml');
    // Seconds of parsing against a budget the shipped files stay far inside even on a busy machine.
    const anchors = Array.from({ length: 50_000 }, (_, i) => `a${i}: &n${i} v`).join('\n');
    await writeFile(path, `${await readFile(path, 'utf8')}${anchors}\n`);
    const diagnostics = new Diagnostics();
    await loadContent({ contentDir, schemaDir: CONTENT_SCHEMA_DIR, env: 'production', timeBudgetMs: 300 }, diagnostics);
    expect(diagnostics.list()).toMatchObject([{ file: 'content/service.yaml', ruleId: 'time-budget-exceeded' }]);
  });

  it('an exception while rendering a page is reported at the page, without a stack trace', () => {
    const context = loaded.context();
    // A model without its authentication facts: the directive that lists the scopes cannot run.
    const broken = { ...context, model: { ...context.model, authentication: undefined } as unknown as Model };
    renderTexts(pageOf('::scopes\n'), broken);
    const messages = broken.diagnostics.list();
    expect(messages).toMatchObject([
      { file: 'content/pages/help/reading-errors.md', line: 1, ruleId: 'page-render-failed' },
    ]);
    expectNoStackTrace(messages[0]!.reason);
  });
});
