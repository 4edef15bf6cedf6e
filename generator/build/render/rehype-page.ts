// The render stage's own HTML plugins, run after the Markdown tree becomes HTML: wide tables and code scroll in a
// region of their own that a keyboard can reach, and links that leave the site are marked as such.
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';

/** Set on the file a page is converted with: the site's own origin, whose links are not external. */
export interface PageFileData {
  siteOrigin?: string;
}

/**
 * Each table in a region that scrolls on its own (the page never scrolls sideways), named by the section it is in
 * and its first header cell, each name once per page; a code block is focusable so that a keyboard can scroll it.
 */
export function rehypeScrollRegions() {
  return (tree: Root) => {
    let section = '';
    const names = new Set<string>();
    visit(tree, 'element', (node, index, parent) => {
      if (/^h[1-6]$/.test(node.tagName)) {
        section = textOf(node).trim();
        return;
      }
      if (node.tagName === 'pre') {
        node.properties.tabIndex = 0;
        return;
      }
      if (node.tagName !== 'table' || !parent || index === undefined) return;
      const first = firstHeaderOf(node);
      const base = `Table${section ? ` in ${section}` : ''}${first ? `: ${first}, …` : ''}`;
      let name = base;
      for (let n = 2; names.has(name); n++) name = `${base} (${n})`;
      names.add(name);
      const wrapper: Element = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: name },
        children: [node],
      };
      parent.children[index] = wrapper as ElementContent;
      return 'skip';
    });
  };
}

function textOf(node: Element): string {
  let text = '';
  visit(node, 'text', (t) => {
    text += t.value;
  });
  return text;
}

function firstHeaderOf(table: Element): string {
  let first = '';
  visit(table, 'element', (cell) => {
    if (cell.tagName !== 'th') return;
    first = textOf(cell).trim();
    return false;
  });
  return first;
}

/** Links to another origin get rel="external" and words a screen reader says; the stylesheet shows an arrow. */
export function rehypeMarkExternalLinks() {
  return (tree: Root, file: VFile) => {
    const own = (file.data as PageFileData).siteOrigin;
    visit(tree, 'element', (node) => {
      if (node.tagName !== 'a') return;
      const href = String(node.properties.href ?? '');
      if (!/^https?:\/\//i.test(href)) return;
      let origin: string;
      try {
        origin = new URL(href).origin;
      } catch {
        return;
      }
      if (origin === own) return;
      node.properties.rel = ['external'];
      node.children.push({
        type: 'element',
        tagName: 'span',
        properties: { className: ['visually-hidden'] },
        children: [{ type: 'text', value: ' (another site)' }],
      });
    });
  };
}
