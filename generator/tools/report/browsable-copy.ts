// The head's site as a folder a browser opens directly: the pages' links to the site's own files made relative, so a
// reviewer who downloads it clicks through the changed pages with no server and no deployment.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import type { Element, Root } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { ArtifactTree } from './artifact-tree.js';
import { fileForAddress, isPageFile, pageAddress } from './page-address.js';

/** The attributes that take a reader (or the page's own resources) to another file. */
const LINKS: Record<string, string> = {
  a: 'href',
  area: 'href',
  img: 'src',
  script: 'src',
  source: 'src',
  iframe: 'src',
};

/** Writes every file of the site's tree into `dir`; returns how many. */
export async function writeBrowsableCopy(tree: ArtifactTree, site: string, dir: string): Promise<number> {
  let written = 0;
  for (const [path, file] of tree) {
    if (!path.startsWith('dist/')) continue;
    const target = join(dir, path.slice('dist/'.length));
    await mkdir(dirname(target), { recursive: true });
    const body = isPageFile(path) ? browsable(new TextDecoder().decode(file.body), path, tree, site) : file.body;
    await writeFile(target, body);
    written++;
  }
  return written;
}

/** The page with each link to a file of the tree rewritten to that file's path, relative to the page. */
export function browsable(html: string, path: string, tree: ArtifactTree, site: string): string {
  const origin = new URL(site).origin;
  const page = new URL(pageAddress(path), site);
  const local = (value: unknown): string | undefined => {
    if (typeof value !== 'string' || value.startsWith('#')) return undefined;
    let url: URL;
    try {
      url = new URL(value, page);
    } catch {
      return undefined;
    }
    // A query is answered by a server (`/?mode=agent`); a folder has none.
    if (url.origin !== origin || url.search) return undefined;
    const file = fileForAddress(tree, url.pathname);
    if (!file) return undefined;
    return `${posix.relative(posix.dirname(path), file) || posix.basename(file)}${url.hash}`;
  };
  const tree_ = unified().use(rehypeParse).parse(html) as Root;
  visit(tree_, 'element', (element: Element) => {
    const attribute = LINKS[element.tagName] ?? (isStylesheetOrIcon(element) ? 'href' : undefined);
    if (!attribute) return;
    const rewritten = local(element.properties[attribute]);
    if (rewritten !== undefined) element.properties[attribute] = rewritten;
  });
  return unified().use(rehypeStringify).stringify(tree_);
}

function isStylesheetOrIcon(element: Element): boolean {
  const rel = element.properties.rel;
  return element.tagName === 'link' && Array.isArray(rel) && rel.some((r) => r === 'stylesheet' || r === 'icon');
}
