// The URLs an artifact links to: absolute http(s) URLs, site paths in HTML and Markdown, and reading them on an origin.
import { describe, expect, it } from 'vitest';
import { absoluteUrls, isTemplate, pathOn, rootRelativeLinks, splitPath } from '../../../generator/build/text/urls.js';

const at = (text: string, url: string, written = url) => ({ url, offset: text.indexOf(written) });

describe('absolute URLs', () => {
  it('ends a URL at the punctuation, brackets and quotes around it, and decodes &amp;', () => {
    const text =
      'Read https://a.example/docs. Or http://b.example/x?y=1&amp;z=2, then (https://c.example/p) and *https://d.example*';
    expect(absoluteUrls(text)).toEqual([
      at(text, 'https://a.example/docs'),
      at(text, 'http://b.example/x?y=1&z=2', 'http://b.example'),
      at(text, 'https://c.example/p'),
      at(text, 'https://d.example'),
    ]);
  });

  it('reads URLs in Markdown links, HTML attributes and table cells', () => {
    const text = '[x](https://a.example/y) <a href="https://b.example/z">|https://c.example|';
    expect(absoluteUrls(text).map((u) => u.url)).toEqual([
      'https://a.example/y',
      'https://b.example/z',
      'https://c.example',
    ]);
  });

  it('finds nothing in a text without one', () => {
    expect(absoluteUrls('')).toEqual([]);
    expect(absoluteUrls('ftp://a.example and mailto:a@b.example and /help')).toEqual([]);
  });
});

describe('root-relative links', () => {
  it('finds HTML href and src values that are site paths, at their offsets', () => {
    const html = '<a href="/mcp.md">x</a><img src="/i.png"><a href="/s?a=1&amp;b=2"><a href="//cdn.example/x">';
    expect(rootRelativeLinks(html, 'html')).toEqual([
      at(html, '/mcp.md'),
      at(html, '/i.png'),
      at(html, '/s?a=1&b=2', '/s?a=1'),
    ]);
  });

  it('finds Markdown destinations that are site paths, without their title', () => {
    const md = '[x](/help) ![i](/i.png "t") [y](//cdn.example/x) [z](https://a.example/)';
    expect(rootRelativeLinks(md, 'markdown')).toEqual([at(md, '/help'), at(md, '/i.png')]);
  });

  it('finds none in formats without link syntax', () => {
    for (const format of ['json', 'xml', 'plain'] as const) {
      expect(rootRelativeLinks('<a href="/x"> [y](/z)', format)).toEqual([]);
    }
  });
});

describe('pathOn', () => {
  const origin = 'http://localhost:4100';

  it('gives the path, query and fragment of a URL on the origin', () => {
    expect(pathOn(origin, origin)).toBe('/');
    expect(pathOn(`${origin}/mcp.md`, origin)).toBe('/mcp.md');
    expect(pathOn(`${origin}?q=1`, origin)).toBe('/?q=1');
    expect(pathOn(`${origin}#top`, origin)).toBe('/#top');
  });

  it('refuses URLs on another port, host, scheme or user', () => {
    for (const url of [
      'http://localhost:41001/x',
      'http://localhost:4100.evil.example/x',
      'https://localhost:4100/x',
      'http://localhost:4100@evil.example/x',
      'http://localhost/x',
    ]) {
      expect(pathOn(url, origin)).toBeUndefined();
    }
  });
});

describe('isTemplate', () => {
  it('takes braces, written or percent-encoded in either case, for an RFC 6570 template', () => {
    expect(isTemplate('/products/{id}')).toBe(true);
    expect(isTemplate('/search{?q}')).toBe(true);
    expect(isTemplate('/products/%7Bid%7D')).toBe(true);
    expect(isTemplate('/products/%7bid%7d')).toBe(true);
    expect(isTemplate('/products/42?q=%20')).toBe(false);
  });
});

describe('splitPath', () => {
  it('splits the path from the query and drops the fragment', () => {
    expect(splitPath('/a/b?x=1#f')).toEqual({ path: '/a/b', query: 'x=1' });
    expect(splitPath('/a?b?c')).toEqual({ path: '/a', query: 'b?c' });
    expect(splitPath('/a#f?x')).toEqual({ path: '/a', query: '' });
  });

  it('reads an empty path as the root', () => {
    expect(splitPath('')).toEqual({ path: '/', query: '' });
    expect(splitPath('?x=1')).toEqual({ path: '/', query: 'x=1' });
    expect(splitPath('#top')).toEqual({ path: '/', query: '' });
  });

  it('decodes the path but keeps escaped delimiters and the query as written (RFC 3986)', () => {
    expect(splitPath('/caf%C3%A9')).toEqual({ path: '/café', query: '' });
    expect(splitPath('/a%2Fb%3Fc')).toEqual({ path: '/a%2Fb%3Fc', query: '' });
    expect(splitPath('/s?q=a%20b')).toEqual({ path: '/s', query: 'q=a%20b' });
  });

  it('keeps a malformed escape as written', () => {
    expect(splitPath('/bad%E0%A4%A').path).toBe('/bad%E0%A4%A');
    expect(splitPath('/100%').path).toBe('/100%');
  });
});
