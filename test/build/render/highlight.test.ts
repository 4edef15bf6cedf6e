// Code highlighting at build time: both colour schemes in the HTML, the languages pages use, plain text for any
// other, and no highlighter made for a page without code.
import { describe, expect, it } from 'vitest';
import { highlighterLoaded } from '../../../generator/build/render/highlight.js';
import { pageParser, treeToHtml } from '../../../generator/build/render/processor.js';

const render = (markdown: string) => treeToHtml(pageParser.parse(markdown), 'https://www.example.com');

describe('code highlighting', () => {
  it('makes no highlighter for a page without code', () => {
    render('## Prose\n\nOnly `inline code`.\n');
    expect(highlighterLoaded()).toBe(false);
  });

  it.each([
    ['json', '{"scope": "svc.members.read", "count": 2}', '"scope"'],
    ['http', 'GET /api/v1/pricing HTTP/1.1\nAccept: application/json', 'Accept'],
    ['sh', 'claude mcp add --transport http example https://mcp.example.com/mcp', 'claude'],
    ['yaml', 'scope: svc.members.read # read only', 'scope'],
  ])('colours %s in the light scheme and the dark one', (language, code, token) => {
    const html = render(`\`\`\`${language}\n${code}\n\`\`\`\n`);
    expect(highlighterLoaded()).toBe(true);
    expect(html).toMatch(/^<pre class="shiki shiki-themes github-light-default github-dark-default"/);
    // The token is its own span, coloured in both schemes; the light colour is not the text's default.
    const span = new RegExp(`<span style="color:(#[0-9A-F]{6});--shiki-dark:#[0-9A-F]{6}">[^<]*${token}`).exec(html);
    expect(span, html).not.toBeNull();
    expect(span![1]).not.toBe('#1F2328');
  });

  it('shows a language it does not load, or none, as plain text in the code block colours', () => {
    for (const fence of ['```rust\nfn main() {}\n```\n', '```\nfn main() {}\n```\n']) {
      const html = render(fence);
      expect(html).toMatch(
        /^<pre class="shiki[^>]*><code><span class="line"><span>fn main\(\) \{\}<\/span><\/span><\/code><\/pre>$/,
      );
    }
  });
});
