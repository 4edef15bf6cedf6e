// Install steps per MCP client: every configuration parses in its client's documented form, names only the
// contract's MCP endpoint and no secret, and the page, its twin and the MCP llms index carry the same steps.
import { beforeAll, describe, expect, it } from 'vitest';
import { emitHtmlPage } from '../../../generator/build/emit/guidance/html-page.js';
import { emitLlmsIndex } from '../../../generator/build/emit/guidance/llms-index.js';
import { emitMarkdown } from '../../../generator/build/emit/guidance/markdown.js';
import { mcpEndpoint } from '../../../generator/build/render/agent-rules.js';
import { allSnippets } from '../../../generator/build/render/mcp-client-steps.js';
import { pageParsers } from '../../../generator/build/render/parse-page.js';
import type { EnvironmentName } from '../../../generator/model/types.js';
import { loadShipped, type Loaded } from '../../helpers/pages.js';

const builds: Partial<Record<EnvironmentName, Loaded>> = {};
beforeAll(async () => {
  builds.production = await loadShipped('production');
  builds.preview = await loadShipped('preview');
}, 60_000);

/** What a snippet says once decoded the way its client decodes it: the command's words, or the configuration. */
function decoded(form: string, text: string): unknown {
  switch (form) {
    case 'claude-code-command':
      return text.split(/\s+/);
    case 'cursor-config':
    case 'vscode-config':
      return JSON.parse(text);
    case 'cursor-install-link': {
      const url = new URL(text);
      expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('cursor://anysphere.cursor-deeplink/mcp/install');
      const config = url.searchParams.get('config')!;
      return { name: url.searchParams.get('name'), config: JSON.parse(Buffer.from(config, 'base64').toString('utf8')) };
    }
    case 'vscode-install-link': {
      expect(text.startsWith('vscode:mcp/install?')).toBe(true);
      return JSON.parse(decodeURIComponent(text.slice('vscode:mcp/install?'.length)));
    }
    default:
      return text;
  }
}

describe.each(['production', 'preview'] as const)('MCP client steps (%s)', (env) => {
  it('writes each configuration in its client documented form, from the MCP endpoint', () => {
    const { model } = builds[env]!;
    const endpoint = mcpEndpoint(model);
    const name = model.mcpClients!.serverName;
    const snippets = allSnippets(model);
    const byClient = new Set(snippets.map((s) => s.client));
    for (const client of ['Claude Code', 'Claude Desktop', 'Cursor', 'VS Code']) expect(byClient).toContain(client);
    const expected: Record<string, unknown> = {
      endpoint,
      'claude-code-command': ['claude', 'mcp', 'add', '--transport', 'http', name, endpoint],
      'cursor-config': { mcpServers: { [name]: { url: endpoint } } },
      'cursor-install-link': { name, config: { url: endpoint } },
      'vscode-config': { servers: { [name]: { type: 'http', url: endpoint } } },
      'vscode-install-link': { name, type: 'http', url: endpoint },
    };
    expect(new Set(snippets.map((s) => s.form))).toEqual(new Set(Object.keys(expected)));
    for (const { form, snippet } of snippets) expect(decoded(form, snippet.text), form).toEqual(expected[form]);
  });

  it('names no address but the MCP endpoint, and no header, token or key', () => {
    const { model } = builds[env]!;
    for (const { form, snippet } of allSnippets(model)) {
      const text = JSON.stringify(decoded(form, snippet.text));
      for (const [url] of text.matchAll(/https?:\/\/[^\s"',\]]+/g)) expect(url, form).toBe(mcpEndpoint(model));
      expect(text, form).not.toMatch(/header|authorization|bearer|token|api.?key|secret/i);
    }
  });

  it('gives the same steps on the page, in its twin and in the MCP llms index', () => {
    const loaded = builds[env]!;
    const context = loaded.context();
    const html = String(emitHtmlPage(loaded.registry.get('/mcp')!, context));
    const twin = String(emitMarkdown(loaded.registry.get('/mcp.md')!, context));
    const llms = String(emitLlmsIndex(loaded.registry.get('/mcp/llms.txt')!, context));
    expect(context.diagnostics.list()).toEqual([]);
    const pageText = html
      .replace(/<[^>]*>/g, '')
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    for (const { snippet } of allSnippets(loaded.model)) {
      expect(twin).toContain(snippet.text.split('\n').join('\n   '));
      expect(llms).toContain(snippet.text.split('\n').join('\n   '));
      expect(pageText).toContain(snippet.text);
    }
    for (const client of loaded.model.mcpClients!.clients) {
      expect(html).toContain(`>${client.name}</a></h3>`);
      expect(twin).toContain(`### ${client.name}`);
      expect(llms).toContain(`**${client.name}**`);
      for (const step of client.steps) {
        const words = step.text.replace(/`/g, '');
        expect(pageText).toContain(words);
        expect(twin.replace(/`/g, '')).toContain(words);
        expect(llms.replace(/`/g, '')).toContain(words);
      }
      expect(html).toContain(`href="${client.documentation}" rel="external"`);
      expect(llms).toContain(`](${client.documentation})`);
    }
  });

  it('keeps the MCP llms index in the Markdown the fast parse path reads (its checks need no second parser)', () => {
    const loaded = builds[env]!;
    const llms = String(emitLlmsIndex(loaded.registry.get('/mcp/llms.txt')!, loaded.context()));
    expect(pageParsers.plain(llms)).toBeTruthy();
  });
});
