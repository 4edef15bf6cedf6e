// The Markdown twin emitter: the same expanded tree as the HTML page, written back as Markdown.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pageParsers } from '../../../../generator/build/render/parse-page.js';
import { emitMarkdown } from '../../../../generator/build/emit/guidance/markdown.js';
import { emitHtmlPage } from '../../../../generator/build/emit/guidance/html-page.js';
import { join } from 'node:path';
import { runPipeline } from '../../../../generator/build/pipeline.js';
import { copyContent, editFile, loadShipped, type Loaded } from '../../../helpers/pages.js';

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
    const fast = vi.spyOn(pageParsers, 'fast');
    const reference = vi.spyOn(pageParsers, 'reference');
    try {
      emitHtmlPage(loaded.registry.get('/pricing')!, context);
      emitMarkdown(loaded.registry.get('/pricing.md')!, context);
      expect(fast).toHaveBeenCalledTimes(1);
      expect(reference).not.toHaveBeenCalled();
    } finally {
      fast.mockRestore();
      reference.mockRestore();
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

describe('an address placeholder in prose', () => {
  it('is written as a plain address in the twin and llms-full.txt, never escaped (`http\\://`)', async () => {
    const temp = await copyContent();
    try {
      await editFile(join(temp.contentDir, 'pages', 'help.md'), (text) =>
        text.replace('Answers to the questions', 'The site lives at {base_url} for everyone. Answers to the questions'),
      );
      const result = await runPipeline({ env: 'preview', contentDir: temp.contentDir });
      expect(result.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
      const base = result.model!.addresses.base_url;
      const twin = String(result.artifacts!.byPath('/help.md', 'site')!.body);
      const full = String(result.artifacts!.byPath('/llms-full.txt', 'site')!.body);
      for (const text of [twin, full]) {
        expect(text).toContain('The site lives at');
        expect(text).not.toMatch(/https?\\:/);
        // A link to the address (GFM's autolink or the written-out form), never the escaped text.
        const at = base.replace(/[.:/]/g, '\\$&');
        expect(text).toMatch(new RegExp(`The site lives at (<${at}/?>|\\[${at}\\]\\(${at}/?\\)) for everyone`));
      }
    } finally {
      await temp.cleanup();
    }
  }, 60_000);
});
