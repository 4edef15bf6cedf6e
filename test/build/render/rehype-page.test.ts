// The render stage's HTML plugins: headings with ids and self-links, tables and code that scroll in a focusable
// region, links to other origins marked.
import { describe, expect, it } from 'vitest';
import { pageParser, treeToHtml } from '../../../generator/build/render/processor.js';

const render = (markdown: string) => treeToHtml(pageParser.parse(markdown), 'https://www.example.com');

describe('page HTML', () => {
  it('gives headings stable ids from their words, and links sections to themselves', () => {
    expect(render('## Scopes and controls\n\n## Scopes and controls\n')).toBe(
      '<h2 id="scopes-and-controls"><a href="#scopes-and-controls">Scopes and controls</a></h2>\n' +
        '<h2 id="scopes-and-controls-1"><a href="#scopes-and-controls-1">Scopes and controls</a></h2>',
    );
  });

  it('puts a table in a named region a keyboard can scroll, and makes code blocks focusable', () => {
    const table = '| Scope | Control |\n|---|---|\n| a | b |\n\n';
    const html = render(`${table}## Scopes\n\n${table}${table}\`\`\`\nlong line\n\`\`\`\n`);
    expect(
      [...html.matchAll(/<div class="table-scroll" tabindex="0" role="region" aria-label="([^"]*)"><table>/g)].map(
        (m) => m[1],
      ),
    ).toEqual(['Table: Scope, …', 'Table in Scopes: Scope, …', 'Table in Scopes: Scope, … (2)']);
    // Focusable once: the highlighter's own tabindex is not written beside the page's.
    expect(html).toMatch(/<pre class="shiki[^"]*" tabindex="0"><code>/);
  });

  it('leaves a heading that holds a link as it is (a link cannot hold another)', () => {
    expect(render('## See [the guide](/docs)\n')).toBe('<h2 id="see-the-guide">See <a href="/docs">the guide</a></h2>');
  });

  it('marks links to other origins, not links within the site', () => {
    const html = render('[spec](https://modelcontextprotocol.io/) and [help](https://www.example.com/help)');
    expect(html).toContain(
      '<a href="https://modelcontextprotocol.io/" rel="external">spec<span class="visually-hidden"> (another site)</span></a>',
    );
    expect(html).toContain('<a href="https://www.example.com/help">help</a>');
  });

  it('marks them wherever they are: in a list, a quote, a table cell, a heading', () => {
    const html = render(
      '- [a](https://a.example.org/)\n\n> [b](https://b.example.org/)\n\n| Link |\n|---|\n| [c](https://c.example.org/) |\n\n## See [d](https://d.example.org/)\n',
    );
    expect(html.match(/rel="external"/g)).toHaveLength(4);
  });
});
