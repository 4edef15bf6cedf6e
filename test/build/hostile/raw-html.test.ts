// Raw HTML in pages: one policy for the HTML page, the twin and every llms file. Raw HTML is refused at its line
// (wherever it stands); HTML comments are editors' notes, left out of every published file; texts that reach an llms
// index are escaped for Markdown.
import { join } from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderTexts } from '../../../generator/build/render/render-page.js';
import type { Page } from '../../../generator/model/types.js';
import { appendLines, buildHostile, expectNoStackTrace } from '../../helpers/hostile.js';
import { type Loaded, loadShipped } from '../../helpers/pages.js';

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

function render(body: string) {
  const context = loaded.context();
  const rendered = renderTexts(pageOf(body), context);
  return { ...rendered, messages: context.diagnostics.list() };
}

describe('raw HTML in a page', () => {
  it('script, an event handler and an iframe fail the build at their lines; nothing is written', async () => {
    let lines: number[] = [];
    const result = await buildHostile(async (contentDir) => {
      lines = await appendLines(join(contentDir, 'pages/docs/errors.md'), [
        '<script>alert(1)</script>',
        '',
        '<img src=x onerror=alert(2)>',
        '',
        '<iframe src="https://evil.example"></iframe>',
      ]);
    });
    expect(result.failed).toBe(true);
    expect(result.wrote).toBe(false);
    expect(result.messages.filter((m) => m.ruleId === 'raw-html')).toMatchObject([
      { file: 'content/pages/docs/errors.md', line: lines[0], column: 1 },
      { file: 'content/pages/docs/errors.md', line: lines[2], column: 1 },
      { file: 'content/pages/docs/errors.md', line: lines[4], column: 1 },
    ]);
    expectNoStackTrace(result.report);
  });

  const positions: [string, string, number][] = [
    ['a block element', '<div>x</div>', 5],
    ['an inline element in a paragraph', 'Some <b onclick="x()">bold</b> text.', 5],
    ['a closing tag alone', 'Text </p> more.', 5],
    ['upper case', '<SCRIPT>alert(1)</SCRIPT>', 5],
    ['a list item', '- item\n- <img src=x onerror=alert(1)>', 6],
    ['a nested list item in a quote', '> - a\n>   - <span>x</span>', 6],
    ['a table cell', '| a |\n| - |\n| <svg onload=alert(1)> |', 7],
    ['a heading', '## A <i>heading</i>', 5],
    ['link text', '[<b>x</b>](/help)', 5],
    ['emphasis', '*a <u>b</u> c*', 5],
    ['a style block', '<style>body{display:none}</style>', 5],
    ['a srcset', '<img srcset="javascript:alert(1) 2x">', 5],
    ['a link element', '<a href="javascript:alert(1)">x</a>', 5],
    ['a processing instruction', '<?php echo 1; ?>', 5],
    ['a declaration', '<!DOCTYPE html>', 5],
    ['CDATA', '<![CDATA[x]]>', 5],
    ['a comment followed by a tag on its line', '<!-- note --><script>alert(1)</script>', 5],
    ['a tag split over two lines', 'Text <a\nhref="/x">y</a>', 5],
  ];
  for (const [name, body, line] of positions) {
    it(`refuses raw HTML in ${name}, at its line`, () => {
      const found = render(body).messages.filter((m) => m.ruleId === 'raw-html');
      expect(found.length).toBeGreaterThanOrEqual(1);
      expect(found[0]).toMatchObject({ file: 'content/pages/help/reading-errors.md', line, fatal: true });
    });
  }

  it('keeps character references as text: escaped in the HTML and the twin', () => {
    const { html, markdown, messages } = render('A &lt;script&gt;alert(1)&lt;/script&gt; example &amp; more.');
    expect(messages).toEqual([]);
    expect(html).not.toContain('<script');
    // Markdown escapes it with a backslash: text, not a tag.
    expect(markdown).not.toMatch(/(^|[^\\])<script/);
    expect(markdown).toContain('alert(1)');
  });

  it('leaves HTML comments out of the HTML and the twin, and reports nothing for them', () => {
    const body = [
      '<!-- An editor note: check the table. -->',
      '',
      'Text with <!-- an inline note --> inside.',
      '',
      '<!--',
      'A note over',
      'three lines.',
      '-->',
      '',
      'The end.',
    ].join('\n');
    const { html, markdown, messages } = render(body);
    expect(messages).toEqual([]);
    for (const text of [html, markdown]) {
      expect(text).not.toContain('<!--');
      expect(text).not.toContain('note');
      expect(text).toContain('The end.');
    }
    expect(markdown).toContain('Text with');
  });
});

describe('texts that reach the llms indexes', () => {
  it('a title and description with markup are escaped in the HTML, the twin and the llms files', async () => {
    const result = await buildHostile(async (contentDir) => {
      const path = join(contentDir, 'pages/docs/errors.md');
      const text = await readFile(path, 'utf8');
      await writeFile(
        path,
        text
          .replace(/^title: .*$/m, 'title: "</title><script>alert(1)</script> [x](javascript:alert(2))"')
          .replace(/^description: .*$/m, 'description: "<img src=x onerror=alert(3)> *emphasis* `code`"'),
      );
    });
    expect(result.messages).toEqual([]);
    for (const file of ['docs/errors.html', 'docs/errors.md', 'docs/llms.txt', 'llms-full.txt']) {
      const text = (await result.published(file))!;
      expect(text, file).toBeDefined();
      // In HTML no tag may open outside a quoted attribute value (where `<` is text); in Markdown every angle
      // bracket is escaped with a backslash (text, not a tag).
      if (file.endsWith('.html')) expect(text.replace(/"[^"]*"/g, '""'), file).not.toMatch(/<script|<img/);
      else {
        expect(text, file).not.toMatch(/(^|[^\\])<(script|img|\/title)/);
        // The title's brackets are escaped too: no link is made of it.
        expect(text, file).not.toMatch(/(^|[^\\])\]\(javascript:/);
      }
    }
    const index = (await result.published('docs/llms.txt'))!;
    // The title is still there, as text: an agent reads it as written.
    expect(index).toMatch(/\\<\/title>\\<script>alert\(1\)\\<\/script>/);
  });
});
