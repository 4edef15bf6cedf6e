// The URLs a built file links or loads: HTML URL attributes read as the HTML tokenizer reads a start tag, and Markdown
// destinations, each at the offset where its value is written.
import { describe, expect, it } from 'vitest';
import { htmlLinkTargets, markdownLinkTargets } from '../../../generator/build/text/link-targets.js';
import { unsafeUrlReason } from '../../../generator/build/text/safe-urls.js';

const at = (text: string, url: string, from = 0) => ({ url, offset: text.indexOf(url, from) });

describe('HTML link targets', () => {
  it('finds URL attributes in any quoting and any case, at the offset of their value', () => {
    const html = '<a href="/help">x</a><IMG SRC=\'/i.png\'><form Action=/send><blockquote cite="/c">';
    expect(htmlLinkTargets(html)).toEqual([at(html, '/help'), at(html, '/i.png'), at(html, '/send'), at(html, '/c')]);
  });

  it('skips attributes that are not URLs, attributes without a value, end tags and text', () => {
    expect(
      htmlLinkTargets('<a data-href="javascript:a" title="javascript:b" download href>href="/x"</a href="/y">'),
    ).toEqual([]);
    expect(htmlLinkTargets('')).toEqual([]);
  });

  it('reads a quoted value that holds ">" and an attribute written right after a quoted value', () => {
    const html = '<a title="a > b" href="/x"><img alt="i"src="/y">';
    expect(htmlLinkTargets(html)).toEqual([at(html, '/x'), at(html, '/y')]);
  });

  it('gives each image candidate of a srcset the offset of the attribute value', () => {
    const html = '<img srcset="/a.png 1x, /b.png 2x,/c.png">';
    const offset = html.indexOf('/a.png');
    expect(htmlLinkTargets(html)).toEqual([
      { url: '/a.png', offset },
      { url: '/b.png', offset },
      { url: '/c.png', offset },
    ]);
  });

  it('decodes character references as a browser does in an attribute value', () => {
    const urls = (html: string) => htmlLinkTargets(html).map((t) => t.url);
    expect(urls('<a href="/s?a=1&amp;b=2">')).toEqual(['/s?a=1&b=2']);
    expect(urls('<a href="&#106;avascript&colon;alert(1)">')).toEqual(['javascript:alert(1)']);
    expect(urls('<a href="java&Tab;script:x">')).toEqual(['java\tscript:x']);
    // In an attribute, a legacy reference without ";" followed by "=" or an alphanumeric stays as written.
    expect(urls('<a href="/s?a=1&copy=2">')).toEqual(['/s?a=1&copy=2']);
  });

  it('places a value that also occurs in its attribute name at the value', () => {
    expect(htmlLinkTargets('<a href="h">')).toEqual([{ url: 'h', offset: 9 }]);
  });

  it('reads attributes after a slash or after junk, as the HTML tokenizer does', () => {
    const urls = (html: string) => htmlLinkTargets(html).map((t) => t.url);
    expect(urls('<a/href="javascript:a">')).toEqual(['javascript:a']);
    expect(urls('<a title="t" / href=javascript:b>')).toEqual(['javascript:b']);
    expect(urls('<a "junk" href="javascript:c">')).toEqual(['javascript:c']);
    expect(urls('<img src=/d?x="y">')).toEqual(['/d?x="y"']);
  });

  it('reads a start tag that never closes without stalling, and finds nothing in it', () => {
    expect(htmlLinkTargets(`<a ${'b'.repeat(64)}`)).toEqual([]);
    expect(htmlLinkTargets(`<a ${'b=c '.repeat(64)}"`)).toEqual([]);
  });

  it('reads every tag that names a URL attribute in any case, and passes over those that name none', () => {
    // The Kelvin sign is a "k" once the name is lower-cased, as names are read.
    const html = '<td BAC\u212Aground="/b.png"><span class="code-string">"src"</span><A HREF="/a">';
    expect(htmlLinkTargets(html)).toEqual([at(html, '/b.png'), at(html, '/a')]);
  });

  it('hands the URL rule decoded values, so a reference cannot hide a scheme', () => {
    const [target] = htmlLinkTargets('<a href=" &#x4A;ava&#x09;script&#58;alert(1)">');
    expect(unsafeUrlReason(target!.url)).toContain('`javascript:`');
  });
});

describe('Markdown link targets', () => {
  it('finds inline destinations, autolinks and reference definitions, at their offsets', () => {
    const md =
      'See [a](/help) and ![i](  <https://x.example/i.png> "t").\nMail <mailto:a@b.example>.\n\n[r]: /ref\n   [s]: <https://s.example>\n';
    expect(markdownLinkTargets(md)).toEqual([
      at(md, '/help'),
      at(md, 'https://x.example/i.png'),
      at(md, 'mailto:a@b.example'),
      at(md, '/ref'),
      at(md, 'https://s.example'),
    ]);
  });

  it('takes an escaped bracket as text, and a bracket after an escaped backslash as syntax', () => {
    expect(markdownLinkTargets(String.raw`\[x\](javascript:a)`)).toEqual([]);
    expect(markdownLinkTargets(String.raw`\\[x\\](javascript:b)`).map((t) => t.url)).toEqual(['javascript:b']);
  });

  it('decodes character references in a destination', () => {
    const md = '[x](&#106;avascript:alert)';
    expect(markdownLinkTargets(md)).toEqual([{ url: 'javascript:alert', offset: 4 }]);
  });

  it('does not take text in angle brackets for an autolink unless it has a scheme of 2 to 32 characters', () => {
    expect(markdownLinkTargets('<b> <a:b> <not a link>')).toEqual([]);
  });

  it('places a reference definition whose label repeats its destination at the destination', () => {
    const md = '[/help]: /help';
    expect(markdownLinkTargets(md)).toEqual([{ url: '/help', offset: 9 }]);
  });

  it('does not read a footnote definition as a link reference definition', () => {
    expect(markdownLinkTargets('Text.[^1]\n\n[^1]: Source: the public contract.\n')).toEqual([]);
  });
});
