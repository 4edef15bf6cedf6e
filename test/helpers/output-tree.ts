// Reads a build's output folders (site and other hosts) into one map, to compare builds byte for byte.
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import fg from 'fast-glob';

export async function readOutput(outDir: string): Promise<Map<string, string>> {
  const root = dirname(outDir);
  const name = basename(outDir);
  const files = (await fg([`${name}/**`, `${name}-hosts/**`], { cwd: root, dot: true, onlyFiles: true })).sort();
  const tree = new Map<string, string>();
  for (const file of files) {
    // Keyed without the folder's own name, so that two output folders compare.
    tree.set(file.replace(name, '<out>'), (await readFile(join(root, file))).toString('base64'));
  }
  return tree;
}
