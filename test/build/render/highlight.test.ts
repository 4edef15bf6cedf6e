// Code highlighting at build time: both colour schemes in the HTML, the languages pages use, plain text for any
// other, and no highlighter made for a page without code.
import { describe, expect, it, vi } from 'vitest';
import { highlighterLoaded, loadedLanguages } from '../../../generator/build/render/highlight.js';
import { pageParser, treeToHtml } from '../../../generator/build/render/processor.js';
import { THEME_STYLESHEET } from '../../../generator/build/emit/guidance/theme-style.js';

const render = (markdown: string) => treeToHtml(pageParser.parse(markdown), 'https://www.example.com');

describe('code highlighting', () => {
  it('makes no highlighter for a page without code', () => {
    render('## Prose\n\nOnly `inline code`.\n');
    expect(highlighterLoaded()).toBe(false);
  });

  // JSON, shell and YAML blocks first: HTTP's grammars (and JavaScript's, TypeScript's… which it embeds) are not loaded.
  const smallBlocks = [
    '```json\n{"scope": "svc.members.read", "count": 2, "ok": true}\n```\n',
    '```sh\nclaude mcp add --transport http example https://mcp.example.com/mcp # add it\n```\n',
    '```yml\nscope: svc.members.read # read only\nlist: [1, "two"]\n```\n',
    '```\nplain text\n```\n',
  ];
  let smallHtml: string[] = [];

  it('loads only the grammars the blocks name: a page of JSON, shell and YAML does not load HTTP and its languages', () => {
    // A page of JSON alone loads JSON alone.
    render(smallBlocks[0]!);
    expect(loadedLanguages()).toContain('json');
    for (const language of ['shellscript', 'sh', 'yaml', 'http']) expect(loadedLanguages()).not.toContain(language);
    smallHtml = smallBlocks.map(render);
    expect(loadedLanguages()).toEqual(expect.arrayContaining(['json', 'shellscript', 'sh', 'yaml', 'yml']));
    for (const language of ['http', 'graphql', 'javascript', 'typescript', 'xml'])
      expect(loadedLanguages()).not.toContain(language);
  });

  it('colours a block the same before and after the other grammars are loaded', () => {
    expect(render('```http\nGET /x HTTP/1.1\n```\n')).toContain('code-');
    expect(loadedLanguages()).toEqual(expect.arrayContaining(['http', 'graphql', 'javascript', 'js', 'typescript']));
    expect(smallBlocks.map(render)).toEqual(smallHtml);
  });

  it('colours the languages HTTP brings with it (JavaScript, TypeScript) too', () => {
    expect(render('```js\nconst a = 1;\n```\n')).toMatch(/<span class="code-keyword">const<\/span>/);
    expect(render('```ts\nlet b: number = 2;\n```\n')).toMatch(/<span class="code-[a-z-]+">let<\/span>/);
  });

  it.each([
    ['json', '{"scope": "svc.members.read", "count": 2}', '"scope"'],
    ['http', 'GET /api/v1/pricing HTTP/1.1\nAccept: application/json', 'Accept'],
    ['sh', 'claude mcp add --transport http example https://mcp.example.com/mcp', 'claude'],
    ['yaml', 'scope: svc.members.read # read only', 'scope'],
  ])('colours %s in the light scheme and the dark one', (language, code, token) => {
    const html = render(`\`\`\`${language}\n${code}\n\`\`\`\n`);
    expect(highlighterLoaded()).toBe(true);
    expect(html).toMatch(/^<pre class="shiki[^"]*" tabindex="0"><code>/);
    expect(html).not.toContain('style=');
    // The token is its own span, named by its role; the stylesheet colours the role in each scheme, apart from the text.
    const span = new RegExp(`<span class="code-([a-z-]+)">[^<]*${token}`).exec(html);
    expect(span, html).not.toBeNull();
    const [light, dark] = ['light', 'dark'].map((scheme) => {
      const block =
        scheme === 'light'
          ? THEME_STYLESHEET.split('@media')[0]!
          : /@media \(prefers-color-scheme:dark\)\{:root\{([^}]*)\}/.exec(THEME_STYLESHEET)![1]!;
      const colour = (name: string) => new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(block)?.[1];
      expect(colour(`code-${span![1]}`), `${scheme} --code-${span![1]}`).toBeDefined();
      expect(colour(`code-${span![1]}`)).not.toBe(colour('text'));
      return colour(`code-${span![1]}`);
    });
    expect(light).not.toBe(dark);
    expect(THEME_STYLESHEET).toContain(`.code-${span![1]}{color:var(--code-${span![1]})}`);
  });

  it('shows a language it does not load, or none, as plain text in the code block colours', () => {
    for (const fence of ['```rust\nfn main() {}\n```\n', '```\nfn main() {}\n```\n']) {
      const html = render(fence);
      expect(html).toMatch(
        /^<pre class="shiki[^>]*><code><span class="line"><span>fn main\(\) \{\}<\/span><\/span><\/code><\/pre>$/,
      );
    }
  });

  it('colours a block the same however slowly the machine runs: no clock decides where a token ends', () => {
    const block = '```sh\nclaude mcp add --transport http example https://mcp.example.com/mcp # add it\n```\n';
    const calm = render(block);
    // A busy machine: every reading of the clock is ten seconds after the last.
    let now = Date.now();
    const clocks = [
      vi.spyOn(Date, 'now').mockImplementation(() => (now += 10_000)),
      vi.spyOn(performance, 'now').mockImplementation(() => (now += 10_000)),
    ];
    try {
      expect(render(block)).toBe(calm);
    } finally {
      for (const clock of clocks) clock.mockRestore();
    }
    expect(calm).toMatch(/<span class="code-[a-z-]+">claude<\/span>/);
  });
});
