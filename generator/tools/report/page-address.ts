// Between a site page's address ("/help") and its file in a built tree ("dist/help.html"), both ways.
import type { ArtifactTree } from './artifact-tree.js';

export function isPageFile(path: string): boolean {
  return path.startsWith('dist/') && path.endsWith('.html');
}

/** "dist/help.html" → "/help", "dist/index.html" → "/", "dist/docs/index.html" → "/docs/". */
export function pageAddress(path: string): string {
  const address = path.slice('dist'.length, -'.html'.length);
  return address.endsWith('/index') ? address.slice(0, -'index'.length) : address;
}

/**
 * The file of the site's tree a request path is answered with, as a static host answers it: the file itself, else the
 * page (`.html`), else the folder's index page.
 */
export function fileForAddress(tree: ArtifactTree, pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (!path.startsWith('/') || path.split('/').includes('..')) return undefined;
  const candidates = path.endsWith('/')
    ? [`dist${path}index.html`]
    : [`dist${path}`, `dist${path}.html`, `dist${path}/index.html`];
  return candidates.find((c) => tree.has(c));
}
