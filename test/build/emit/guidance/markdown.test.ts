// The Markdown twin emitter: the same expanded tree as the HTML page, written back as Markdown.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pageParser } from '../../../../generator/build/render/processor.js';
import { emitMarkdown } from '../../../../generator/build/emit/guidance/markdown.js';
import { emitHtmlPage } from '../../../../generator/build/emit/guidance/html-page.js';
import { loadShipped, type Loaded } from '../../../helpers/pages.js';

let loaded: Loaded;
beforeAll(async () => {
  loaded = await loadShipped();
}, 60_000);

describe('markdown', () => {
  it('starts with the page title and carries the model facts its directives name', () => {
    const twin = String(emitMarkdown(loaded.registry.get('/mcp.md')!, loaded.context()));
    expect(twin.startsWith('# MCP installation guide\n')).toBe(true);
    for (const control of loaded.model.mcpServer.controls) expect(twin).toContain(control.name);
    for (const scope of loaded.model.authentication.scopes) expect(twin).toContain(scope.name);
    expect(twin).not.toMatch(/^::/m);
  });

  it('says plainly that /mcp is installation guidance and the endpoint is on the MCP host, behind OAuth', () => {
    const twin = String(emitMarkdown(loaded.registry.get('/mcp.md')!, loaded.context()));
    const { base_url, mcp_url } = loaded.model.addresses;
    expect(twin).toContain('installation guidance');
    expect(twin).toContain(`Do not configure an MCP client with \`${base_url}/mcp\``);
    expect(twin).toContain(`The MCP endpoint is \`${mcp_url}/mcp\``);
    expect(twin).toContain('OAuth');
  });

  it('is parsed once per build: the HTML page and its twin share one expansion', () => {
    const context = loaded.context();
    const parse = vi.spyOn(pageParser, 'parse');
    try {
      emitHtmlPage(loaded.registry.get('/pricing')!, context);
      emitMarkdown(loaded.registry.get('/pricing.md')!, context);
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('emits twins-only pages (the authentication boundary) with the discovery chain in order', () => {
    const twin = String(emitMarkdown(loaded.registry.get('/auth.md')!, loaded.context()));
    const positions = loaded.model.authentication.discoveryChain.map((step) =>
      twin.indexOf(
        step.url.replace(/\{(\w+)\}/, (_, n: keyof typeof loaded.model.addresses) => loaded.model.addresses[n]),
      ),
    );
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('writes no escaped URLs (agents read the twin as text)', () => {
    for (const entry of loaded.registry.ofKind('markdown')) {
      expect(String(emitMarkdown(entry, loaded.context()))).not.toMatch(/https?\\:/);
    }
  });
});
