// Hostile URLs: only http, https, mailto and site-relative links are published; any other scheme, however it is
// written (case, character references, autolinks, reference definitions, images), fails the build at its line.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { expandPage } from '../../../generator/build/render/expand.js';
import { pageParser } from '../../../generator/build/render/processor.js';
import type { Page } from '../../../generator/model/types.js';
import { markdownTwin } from '../../../generator/build/emit/guidance/validate-page.js';
import { llmsLinks } from '../../../generator/build/emit/guidance/validate-llms.js';
import { pagesKinds } from '../../../generator/build/emit/guidance/kinds.js';
import { appendLines, buildHostile, expectNoStackTrace } from '../../helpers/hostile.js';
import { type Loaded, loadShipped, runValidator } from '../../helpers/pages.js';

let loaded: Loaded;
beforeAll(async () => {
  loaded = await loadShipped();
}, 60_000);

/** A page as the loader gives it; its body starts on line 5 of its file. */
function pageOf(body: string): Page {
  return {
    id: 'help/test',
    path: '/help/test',
    twinPath: '/help/test.md',
    section: 'help',
    title: 'Test page',
    description: 'A page for the test.',
    order: 1,
    body,
    bodyLine: 5,
    source: { file: 'content/pages/help/test.md', line: 1, column: 1 },
  };
}

function expandMessages(body: string) {
  const diagnostics = new Diagnostics();
  expandPage({
    page: pageOf(body),
    tree: pageParser.parse(body),
    model: loaded.model,
    registry: loaded.registry,
    diagnostics,
  });
  return diagnostics.list();
}

describe('script URLs in a page', () => {
  it('javascript:, data: and vbscript: links fail the build at their line and nothing is written', async () => {
    let lines: number[] = [];
    const result = await buildHostile(async (contentDir) => {
      lines = await appendLines(join(contentDir, 'pages/docs/errors.md'), [
        '[x](javascript:alert(1))',
        '[e](JaVaScRiPt:alert(2))',
        '[n](&#106;avascript:alert(3))',
        '<javascript:alert(4)>',
        '[r][evil]',
        '![i](javascript:alert(6))',
        '[d](data:text/html;base64,PHNjcmlwdD5hbGVydCg3KTwvc2NyaXB0Pg==)',
        '[v](vbscript:msgbox(8))',
        '',
        '[evil]: javascript:alert(5)',
      ]);
    });
    expect(result.failed).toBe(true);
    expect(result.wrote).toBe(false);
    const unsafe = result.messages.filter((m) => m.ruleId === 'unsafe-url');
    // Every bad destination at its own line; the reference is reported at its definition.
    const expected = [0, 1, 2, 3, 5, 6, 7, 9].map((i) => lines[i]);
    expect(unsafe.map((m) => m.line).sort((a, b) => a! - b!)).toEqual(expected);
    for (const message of unsafe) expect(message.file).toBe('content/pages/docs/errors.md');
    expectNoStackTrace(result.report);
  });

  const refused: [string, string][] = [
    ['upper case', '[x](JAVASCRIPT:alert(1))'],
    ['a decimal reference with zeros', '[x](&#0000106;avascript:alert(1))'],
    ['a hexadecimal reference', '[x](&#x6A;avascript:alert(1))'],
    ['an upper-case hexadecimal reference', '[x](&#X6a;avascript:alert(1))'],
    ['a named reference for the colon', '[x](javascript&colon;alert(1))'],
    ['a tab inside the scheme (browsers drop it)', '[x](jav&#x09;ascript:alert(1))'],
    ['a newline inside the scheme', '[x](java&NewLine;script:alert(1))'],
    ['leading spaces in an angle-bracket destination', '[x](< javascript:alert(1)>)'],
    ['a leading tab reference', '[x](&Tab;javascript:alert(1))'],
    ['an autolink in upper case', '<JAVASCRIPT:alert(1)>'],
    ['a data: autolink', '<data:text/html,x>'],
    ['an image reference', '![i][img]\n\n[img]: javascript:alert(1)'],
    ['a data: image', '![i](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)'],
    ['an upper-case data: image', '![i](DATA:image/png;base64,AAAA)'],
    ['vbscript in mixed case', '[x](VBScript:msgbox(1))'],
    ['file:', '[x](file:///etc/passwd)'],
    ['blob:', '[x](blob:https://example.com/0b6c)'],
    ['filesystem:', '[x](filesystem:https://example.com/temporary/a)'],
    ['ftp:', '[x](ftp://example.com/a)'],
    ['tel:', '[x](tel:+15550100)'],
    ['a custom scheme', '[x](custom-scheme:/cb)'],
    ['a percent-encoded scheme letter (read as a scheme, refused)', '[x](%6Aavascript:alert(1))'],
    ['a scheme-relative link to another host', '[x](//evil.example/steal)'],
    ['a definition with a title', '[x][t]\n\n[t]: javascript:alert(1) "title"'],
    ['a link inside a table cell', '| a |\n| - |\n| [x](javascript:alert(1)) |'],
    ['a link inside a list item in a quote', '> - [x](javascript:alert(1))'],
  ];
  for (const [name, body] of refused) {
    it(`refuses ${name}`, () => {
      const messages = expandMessages(body).filter((m) => m.ruleId === 'unsafe-url');
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ file: 'content/pages/help/test.md', stage: 'emit', fatal: true });
      expect(messages[0]!.line).toBeGreaterThanOrEqual(5);
    });
  }

  const allowed: [string, string][] = [
    ['https', '[x](https://example.com/a?b=c#d)'],
    ['http in upper case', '[x](HTTP://EXAMPLE.COM/a)'],
    ['mailto', '[x](mailto:someone@example.com)'],
    ['mailto in upper case', '[x](MAILTO:someone@example.com)'],
    ['a root-relative site path', '[x](/help)'],
    ['a relative site path', '[x](reading-errors)'],
    ['a dotted relative path', '[x](./reading-errors)'],
    ['a fragment', '[x](#top)'],
    ['a placeholder address', '[x]({base_url}/mcp)'],
    ['a GFM web address', 'See www.example.com for more.'],
    ['a GFM e-mail address', 'Write to someone@example.com.'],
    ['a colon after the path', '[x](/help?at=10:30)'],
  ];
  for (const [name, body] of allowed) {
    it(`allows ${name}`, () => {
      expect(expandMessages(body).filter((m) => m.ruleId === 'unsafe-url')).toEqual([]);
    });
  }
});

describe('the built files are checked for unsafe URLs too', () => {
  const page = '/docs/errors';
  const htmlValidators = pagesKinds['html-page']!.validate!;
  const html = (body: string) =>
    htmlValidators
      .flatMap((validator) => runValidator(loaded, validator, page, body))
      .filter((m) => m.ruleId === 'unsafe-url');

  const hostile: [string, string][] = [
    ['an href', '<a href="javascript:alert(1)">x</a>'],
    ['a single-quoted href', "<a href='javascript:alert(1)'>x</a>"],
    ['an unquoted href', '<a href=javascript:alert(1)>x</a>'],
    ['a character reference and a tab', '<a href=" JaVa&#x09;Script&colon;alert(1)">x</a>'],
    ['an img src', '<img src="data:image/svg+xml,x">'],
    ['a srcset candidate', '<img src="/a.png" srcset="/a.png 1x, javascript:alert(1) 2x">'],
    ['a form action', '<form action="javascript:alert(1)"></form>'],
    ['a formaction', '<button formaction="vbscript:x">x</button>'],
    ['an xlink:href', '<svg><a xlink:href="javascript:alert(1)">x</a></svg>'],
    ['an iframe src', '<iframe src="javascript:alert(1)"></iframe>'],
    ['a scheme-relative src', '<script src="//evil.example/x.js"></script>'],
  ];
  for (const [name, tag] of hostile) {
    it(`reports ${name} in a built page at its line`, () => {
      const body = `<!doctype html>\n<html><body>\n<p>text</p>\n${tag}\n</body></html>\n`;
      const found = html(body);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ file: 'dist/docs/errors.html', line: 4 });
    });
  }

  it('passes the links a page really has', () => {
    const body =
      '<p><a href="https://www.example.com/help">a</a> <a href="/help">b</a> <a href="#x">c</a> <a href="mailto:a@example.com">d</a> <img src="/brand/logo.svg" alt=""></p>\n';
    expect(html(body)).toEqual([]);
  });

  it('reports a script URL in a built twin and in an llms file', () => {
    const twin = '# Errors\n\n[x](javascript:alert\\(1\\)) <vbscript:x>\n\n[r]: data:text/html,x\n';
    const twinFound = runValidator(loaded, markdownTwin, '/docs/errors.md', twin).filter(
      (m) => m.ruleId === 'unsafe-url',
    );
    expect(twinFound.map((m) => m.line)).toEqual([3, 3, 5]);
    const llms = '# Site\n\n> Summary.\n\n## Guides\n\n- [x](javascript:alert(1)): notes\n';
    const llmsFound = runValidator(loaded, llmsLinks, '/llms-full.txt', llms).filter((m) => m.ruleId === 'unsafe-url');
    expect(llmsFound).toMatchObject([{ file: 'dist/llms-full.txt', line: 7 }]);
  });
});
