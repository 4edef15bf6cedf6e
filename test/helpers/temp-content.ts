// A throw-away copy of content/ and schemas/ for tests that edit content (never the real folders).
import { DEFAULT_CONTENT_DIR, PROJECT_ROOT } from '../../generator/build/files/project-paths.js';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempContent {
  root: string;
  contentDir: string;
  schemaDir: string;
  remove(): Promise<void>;
}

export async function copyContent(prefix = 'content-'): Promise<TempContent> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  await cp(DEFAULT_CONTENT_DIR, join(root, 'content'), { recursive: true });
  await cp(join(PROJECT_ROOT, 'schemas'), join(root, 'schemas'), { recursive: true });
  return {
    root,
    contentDir: join(root, 'content'),
    schemaDir: join(root, 'schemas', 'content'),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
