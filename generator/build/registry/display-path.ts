// How messages name an emitted file: dist/<file> for the site, dist-hosts/<host>/<file> for the other hosts' trees.
import { hostTreeDir } from '../files/project-paths.js';
import type { RegistryEntry } from './types.js';

export function displayPath(entry: Pick<RegistryEntry, 'host' | 'file'>, outDir = 'dist'): string {
  return `${hostTreeDir(outDir, entry.host).split('\\').join('/')}/${entry.file}`;
}
