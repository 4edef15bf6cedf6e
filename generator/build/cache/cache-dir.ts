// Where the build cache lives: node_modules/.cache/discovery-site (git-ignored, removed with node_modules).
import { join } from 'node:path';

export function defaultCacheDir(projectRoot: string): string {
  return join(projectRoot, 'node_modules', '.cache', 'discovery-site');
}
