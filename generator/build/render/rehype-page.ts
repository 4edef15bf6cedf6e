// The render stage's own HTML plugin, run after the Markdown tree becomes HTML: wide tables and code scroll in a
// region of their own that a keyboard can reach, and links that leave the site are marked as such. One walk over the
// tree does both: every page of a build goes through it.
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { VFile } from 'vfile';

/** Set on the file a page is converted with: the site's own origin, whose links are not external. */
export interface PageFileData {
  siteOrigin?: string;
}

/**
 * Each table in a region that scrolls on its own (the page never scrolls sideways), named by the section it is in
 * and its first header cell, each name once per page; a code block is focusable so that a keyboard can scroll it.
 * Links to another origin get rel="external" and words a screen reader says; the stylesheet shows an arrow.
 */
export function rehypePageRegions() {
  return (tree: Root, file: VFile) => {
    const own = (file.data as PageFileData).siteOrigin;
    let section = '';
    const names = new Set<string>();
    const walk = (children: (RootContent | ElementContent)[]) => {
      for (let index = 0; index < children.length; index++) {
        const node = children[index]! as RootContent | ElementContent | Root;
        // The highlighter puts each code block in a fragment of its own: a root within the tree.
        if (node.type === 'root') walk(node.children);
        if (node.type !== 'element') continue;
        const tag = node.tagName;
        if (tag.length === 2 && tag[0] === 'h' && tag[1]! >= '1' && tag[1]! <= '6') {
          section = textOf(node).trim();
          markExternal(node, own);
          continue;
        }
        if (tag === 'pre') {
          node.properties.tabIndex = 0;
          continue;
        }
        if (tag === 'a') markLink(node, own);
        else if (tag === 'table') {
          children[index] = scrollRegion(node, section, names);
          markExternal(node, own);
          continue;
        }
        walk(node.children);
      }
    };
    walk(tree.children);
  };
}

/** The table in a focusable region named by its section and first header cell, once per page. */
function scrollRegion(table: Element, section: string, names: Set<string>): Element {
  const first = firstHeaderOf(table);
  const base = `Table${section ? ` in ${section}` : ''}${first ? `: ${first}, …` : ''}`;
  let name = base;
  for (let n = 2; names.has(name); n++) name = `${base} (${n})`;
  names.add(name);
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: name },
    children: [table],
  };
}

function textOf(node: Element): string {
  let text = '';
  for (const child of node.children) {
    if (child.type === 'text') text += child.value;
    else if (child.type === 'element') text += textOf(child);
  }
  return text;
}

function firstHeaderOf(node: Element): string {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'th') return textOf(child).trim();
    const found = firstHeaderOf(child);
    if (found) return found;
  }
  return '';
}

/** Marks the links within a node (a heading, a table) that leave the site. */
function markExternal(node: Element, own: string | undefined): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'a') markLink(child, own);
    else markExternal(child, own);
  }
}

function markLink(node: Element, own: string | undefined): void {
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
}

/**
 * The headings that become links to themselves: sections (h2 to h4) whose words hold no link of their own, as a link
 * cannot hold another.
 */
export function selfLinkedHeading(node: Element): boolean {
  return (node.tagName === 'h2' || node.tagName === 'h3' || node.tagName === 'h4') && !holdsLink(node);
}

function holdsLink(node: Element): boolean {
  return node.children.some((c) => c.type === 'element' && (c.tagName === 'a' || holdsLink(c)));
}
