// How messages name an emitted file: dist/<file> for the site, dist-hosts/<host>/<file> for the other hosts' trees.
import { hostTreeDir } from '../files/project-paths.js';
import type { RegistryEntry } from './types.js';

export function displayPath(entry: Pick<RegistryEntry, 'host' | 'file'>, outDir = 'dist'): string {
  if (outDir !== 'dist') return `${treeOf(outDir, entry.host)}/${entry.file}`;
  // The same string for the same entry, whoever asks: the checks look each file up by it in several maps, and a
  // string made once is hashed once (a rebuild of 10,000 pages asks for each of 20,000 entries a dozen times).
  let known = displayed.get(entry);
  if (known === undefined) displayed.set(entry, (known = `${treeOf(outDir, entry.host)}/${entry.file}`));
  return known;
}

const displayed = new WeakMap<Pick<RegistryEntry, 'host' | 'file'>, string>();

/** Each host's tree as messages name it, by output folder and host: made once for the 20,000 entries that share it. */
const trees = new Map<string, Map<string, string>>();
function treeOf(outDir: string, host: string): string {
  let hosts = trees.get(outDir);
  if (!hosts) trees.set(outDir, (hosts = new Map()));
  let tree = hosts.get(host);
  if (tree === undefined) hosts.set(host, (tree = hostTreeDir(outDir, host).split('\\').join('/')));
  return tree;
}
