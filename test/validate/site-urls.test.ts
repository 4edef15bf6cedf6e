// The site-link check: every {base_url} URL and root-relative page link resolves to an emitted file.
import { describe, expect, it } from 'vitest';
import { siteUrlsResolve } from '../../generator/validate/tree/site-urls.js';
import { appendParagraph, checkWith, goodBuild, positionOf, replace } from './helpers.js';

describe('unresolved-site-url', () => {
  it('passes on the shipped build', async () => {
    expect(checkWith(await goodBuild(), [siteUrlsResolve])).toEqual([]);
  });

  it('reports an llms link to a path the build does not emit, at its line and column', async () => {
    const build = await goodBuild();
    let changed = '';
    const messages = checkWith(build, [siteUrlsResolve], {
      '/llms.txt': (text) => (changed = appendParagraph('- [Orders](https://www.example.com/orders.md): all orders')(text)),
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      ruleId: 'unresolved-site-url',
      file: 'dist/llms.txt',
      ...positionOf(changed, 'https://www.example.com/orders.md'),
    });
    expect(messages[0]!.reason).toContain('/orders.md');
  });

  it('reports a root-relative HTML link and a URL in a JSON string value', async () => {
    const messages = checkWith(await goodBuild(), [siteUrlsResolve], {
      '/mcp': replace('</main>', '<p><a href="/mcp/setup">Setup</a></p></main>'),
      '/.well-known/agent.json': replace('"https://www.example.com/openapi.json"', '"https://www.example.com/openapi.yaml"'),
    });
    expect(messages.map((m) => [m.ruleId, m.file])).toEqual(
      expect.arrayContaining([
        ['unresolved-site-url', 'dist/mcp.html'],
        ['unresolved-site-url', 'dist/.well-known/agent.json'],
      ]),
    );
  });

  it('accepts query routes, the agent-mode view and URL templates', async () => {
    const messages = checkWith(await goodBuild(), [siteUrlsResolve], {
      '/llms.txt': appendParagraph(
        'See https://www.example.com/api/agent/page-context?path=/pricing and https://www.example.com/?mode=agent and https://www.example.com/help/{slug}.',
      ),
    });
    expect(messages).toEqual([]);
  });
});
