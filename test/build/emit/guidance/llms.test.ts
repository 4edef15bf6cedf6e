// The llms emitters: root index, section indexes and llms-full, in the llmstxt.org structure and reading order.
import { beforeAll, describe, expect, it } from 'vitest';
import { emitLlmsRoot } from '../../../../generator/build/emit/guidance/llms-root.js';
import { emitLlmsIndex } from '../../../../generator/build/emit/guidance/llms-index.js';
import { emitLlmsFull } from '../../../../generator/build/emit/guidance/llms-full.js';
import { readingOrder } from '../../../../generator/build/emit/guidance/llms-format.js';
import type { Emitter, RegistryEntry } from '../../../../generator/build/registry/types.js';
import type { KindName } from '../../../../generator/model/kinds.js';
import { loadShipped, type Loaded } from '../../../helpers/pages.js';

let loaded: Loaded;
beforeAll(async () => {
  loaded = await loadShipped();
}, 60_000);

const emitAt = (path: string) => {
  const entry = loaded.registry.get(path)!;
  const emitters: Partial<Record<KindName, Emitter>> = {
    'llms-root': emitLlmsRoot,
    'llms-index': emitLlmsIndex,
    'llms-full': emitLlmsFull,
  };
  const emitter = emitters[entry.kind]!;
  return String(emitter(entry, loaded.context()));
};

/** The URLs of the `- [name](url)` items of one H2 section. */
function sectionLinks(text: string, section: string): string[] {
  const start = text.indexOf(`\n## ${section}\n`);
  if (start < 0) return [];
  const rest = text.slice(start + section.length + 5);
  const end = rest.indexOf('\n## ');
  return [...(end < 0 ? rest : rest.slice(0, end)).matchAll(/^- \[[^\]]*\]\(([^)]+)\)/gm)].map((m) => m[1]!);
}

describe('llms-root', () => {
  it('opens with the product identity and lists every section index in registry order', () => {
    const text = emitAt('/llms.txt');
    expect(text.startsWith(`# ${loaded.model.identity.name}\n\n> ${loaded.model.identity.summary}\n`)).toBe(true);
    const indexes = loaded.registry.ofKind('llms-index').map((e) => loaded.registry.url(e));
    expect(sectionLinks(text, 'AI indexes').filter((u) => indexes.includes(u))).toEqual(indexes);
  });

  it('lists every top-level Markdown guide in registry order, not alphabetically', () => {
    const text = emitAt('/llms.txt');
    const guides = loaded.registry
      .ofKind('markdown')
      .filter((e) => !e.page!.includes('/'))
      .map((e) => loaded.registry.url(e));
    expect(sectionLinks(text, 'Guides')).toEqual(guides);
    expect(guides).not.toEqual([...guides].sort());
  });
});

describe('llms-index', () => {
  it("lists the section page and its sub-pages in the editors' order", () => {
    const text = emitAt('/help/llms.txt');
    const subPages = loaded.model.pages.filter((p) => p.section === 'help').sort((a, b) => a.order - b.order);
    expect(sectionLinks(text, 'Guides')).toEqual([
      loaded.registry.url('/help.md'),
      ...subPages.map((p) => loaded.registry.url(p.twinPath)),
    ]);
  });

  it('/mcp/llms.txt says it is installation guidance, not an endpoint, and where the endpoint is', () => {
    const text = emitAt('/mcp/llms.txt');
    const { base_url, mcp_url } = loaded.model.addresses;
    expect(text).toContain('installation guidance');
    expect(text).toContain(`must not be configured with \`${base_url}/mcp\``);
    expect(text.toLowerCase()).toContain(`the mcp endpoint is \`${mcp_url}/mcp\``);
    expect(text).toContain(loaded.model.authentication.protocol);
  });

  it('lists the discovery documents of its group', () => {
    const text = emitAt('/api/llms.txt');
    const expected = loaded.registry.entries.filter(
      (e) => e.group === 'api' && e.inContract && !e.kind.startsWith('llms'),
    );
    expect(sectionLinks(text, 'Discovery documents')).toEqual(expected.map((e) => loaded.registry.url(e)));
  });
});

describe('llms-full', () => {
  it('holds every Markdown guide, each starting with its title and source URL', () => {
    const text = emitAt('/llms-full.txt');
    for (const entry of loaded.registry.ofKind('markdown')) {
      const page = loaded.model.pages.find((p) => p.id === entry.page)!;
      expect(text).toContain(`# ${page.title}\n\nSource: <${loaded.registry.url(entry)}>\n`);
    }
  });

  it("keeps a section's sub-pages right after their section page", () => {
    const text = emitAt('/llms-full.txt');
    const at = (path: string) => text.indexOf(`Source: <${loaded.registry.url(path)}>`);
    const subPages = loaded.model.pages.filter((p) => p.section === 'docs').sort((a, b) => a.order - b.order);
    const positions = [at('/docs.md'), ...subPages.map((p) => at(p.twinPath)), at('/ai.md')];
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe('readingOrder', () => {
  it('moves sub-pages after their section page and keeps everything else in registry order', () => {
    const e = (path: string, page?: string) => ({ path, page }) as RegistryEntry;
    const order = readingOrder([
      e('/a.md', 'a'),
      e('/help.md', 'help'),
      e('/z.md', 'z'),
      e('/help/2.md', 'help/2'),
      e('/help/1.md', 'help/1'),
    ]);
    expect(order.map((x) => x.path)).toEqual(['/a.md', '/help.md', '/help/2.md', '/help/1.md', '/z.md']);
  });
});
