// The page validators: each rejects a broken page at its place, and accepts what the emitters write.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  htmlPageHead,
  markdownTwin,
  noPlaceholders,
  pageReadingOrder,
} from '../../../../generator/build/emit/guidance/validate-page.js';
import { emitHtmlPage } from '../../../../generator/build/emit/guidance/html-page.js';
import { emitMarkdown } from '../../../../generator/build/emit/guidance/markdown.js';
import { loadShipped, runValidator, type Loaded } from '../../../helpers/pages.js';

let loaded: Loaded;
let html: string;
let twin: string;
beforeAll(async () => {
  loaded = await loadShipped();
  html = String(emitHtmlPage(loaded.registry.get('/docs')!, loaded.context()));
  twin = String(emitMarkdown(loaded.registry.get('/docs.md')!, loaded.context()));
}, 60_000);

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('htmlPageHead', () => {
  it('accepts an emitted page', () => {
    expect(runValidator(loaded, htmlPageHead, '/docs', html)).toEqual([]);
  });

  it('rejects a wrong canonical URL at its link', () => {
    const broken = html.replace(
      `rel="canonical" href="${loaded.registry.url('/docs')}"`,
      'rel="canonical" href="https://elsewhere.example/docs"',
    );
    expect(runValidator(loaded, htmlPageHead, '/docs', broken)).toMatchObject([{ ruleId: 'page-canonical', line: 1 }]);
  });

  it('rejects a page whose Markdown twin was not emitted', () => {
    const emitted = loaded.registry.entries.filter((e) => e.path !== '/docs.md');
    expect(runValidator(loaded, htmlPageHead, '/docs', html, emitted)).toMatchObject([
      { ruleId: 'page-markdown-alternate' },
    ]);
  });

  it('rejects a second H1 at its place', () => {
    const broken = html.replace('</main>', '<h1>Again</h1></main>');
    expect(runValidator(loaded, htmlPageHead, '/docs', broken)).toMatchObject([
      { ruleId: 'page-one-title', line: lineOf(broken, '<h1>Again') },
    ]);
  });
});

describe('markdownTwin', () => {
  it('accepts an emitted twin', () => {
    expect(runValidator(loaded, markdownTwin, '/docs.md', twin)).toEqual([]);
  });

  it('rejects a twin without its title, and a directive left in it', () => {
    expect(runValidator(loaded, markdownTwin, '/docs.md', `Intro\n\n::controls\n`)).toEqual([
      { file: 'dist/docs.md', line: 1, column: 1, ruleId: 'twin-title' },
      { file: 'dist/docs.md', line: 3, column: 1, ruleId: 'twin-directive' },
    ]);
  });
});

describe('noPlaceholders', () => {
  it('rejects a placeholder left in a published file, at its column', () => {
    expect(runValidator(loaded, noPlaceholders, '/docs.md', '# Docs\n\nSee {mcp_url}/mcp.\n')).toEqual([
      { file: 'dist/docs.md', line: 3, column: 5, ruleId: 'unfilled-placeholder' },
    ]);
  });

  it('accepts the emitted files', () => {
    expect(runValidator(loaded, noPlaceholders, '/docs', html)).toEqual([]);
    expect(runValidator(loaded, noPlaceholders, '/docs.md', twin)).toEqual([]);
  });
});

describe('pageReadingOrder', () => {
  it('accepts every emitted page', () => {
    for (const entry of loaded.registry.ofKind('html-page')) {
      const page = String(emitHtmlPage(entry, loaded.context()));
      expect(runValidator(loaded, pageReadingOrder, entry.path, page)).toEqual([]);
    }
  });

  it('rejects a page whose H1 comes after the first tenth of its text, at the H1', () => {
    const words = 'A link the layout puts first. '.repeat(100);
    const broken = html.replace('</header>', `<p>${words}</p></header>`);
    expect(runValidator(loaded, pageReadingOrder, '/docs', broken)).toMatchObject([
      { ruleId: 'page-title-late', line: lineOf(broken, '<h1') },
    ]);
  });

  it('rejects a layout of more than 12 KiB around the content', () => {
    const broken = html.replace('</footer>', `<ul>${'<li><a href="/docs">Docs</a></li>'.repeat(400)}</ul></footer>`);
    expect(runValidator(loaded, pageReadingOrder, '/docs', broken)).toMatchObject([{ ruleId: 'page-layout-size' }]);
  });
});
