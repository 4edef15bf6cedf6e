// The URL rule: which URLs a published file may link or load, read as a browser's URL parser reads them.
import { describe, expect, it } from 'vitest';
import { unsafeUrlReason } from '../../../generator/build/text/safe-urls.js';

describe('the URL rule', () => {
  it.each([
    'https://a.example/x',
    'HTTP://A.EXAMPLE',
    'MailTo:help@a.example',
    '/help',
    'reading-errors',
    '#section',
    '?q=a:b',
    'docs/a:b',
    './x:y',
    '',
  ])('publishes %j', (url) => {
    expect(unsafeUrlReason(url)).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)', 'javascript'],
    ['JaVaScRiPt:alert(1)', 'javascript'],
    [' \u0001javascript:alert(1)', 'javascript'],
    ['javascript:alert(1)\u0000 ', 'javascript'],
    ['java\tscript:alert(1)', 'javascript'],
    ['java\r\nscript:alert(1)', 'javascript'],
    ['data:text/html,<b>x</b>', 'data'],
    ['VBScript:x', 'vbscript'],
    ['file:///etc/passwd', 'file'],
    ['C:\\Windows', 'c'],
    ['httpx://a.example', 'httpx'],
  ])('refuses %j for its scheme %s', (url, scheme) => {
    const reason = unsafeUrlReason(url);
    expect(reason).toContain(`uses the scheme \`${scheme}:\``);
  });

  it.each(['//evil.example/x', '\\\\evil.example', '/\\evil.example', ' \t//evil.example', '/\t/evil.example'])(
    'refuses the scheme-relative %j',
    (url) => {
      expect(unsafeUrlReason(url)).toContain('is scheme-relative');
    },
  );

  it('shows the URL with control characters and backticks as spaces, cut to 60 characters', () => {
    expect(unsafeUrlReason('java\u0001script:`x`')).toMatch(/^`java script: x ` uses the scheme/);
    const long = `data:${'a'.repeat(100)}`;
    expect(unsafeUrlReason(long)).toMatch(/^`data:a{54}…` /);
  });

  it('does not cut a character in two when it shortens the URL', () => {
    const reason = unsafeUrlReason(`data:${'a'.repeat(53)}😀😀😀${'a'.repeat(20)}`)!;
    expect(reason).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(reason).toMatch(/^`data:a{53}😀…`/);
  });
});
