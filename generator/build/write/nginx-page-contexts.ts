// nginx's copy of the page contexts: each site path's context in a file of its own, made from the shards of a built
// dist/ (nginx as Debian builds it has no scripting module to pick an entry out of a shard), written all or nothing.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nodeFileSystem } from '../files/file-system.js';
import { AGENT_DATA_FILES } from '../emit/public-pages/kinds.js';
import { type PageContextShard, perPathContextFile, shardFile } from '../../runtime/query-routes/context-files.js';
import type { PageContextData } from '../../runtime/query-routes/types.js';
import type { StreamedFile } from '../registry/types.js';
import { writeTrees } from './write-tree.js';

/** What was written: how many contexts, into which folder. */
export interface NginxContextsWritten {
  dir: string;
  files: number;
}

/**
 * Writes every context of the built site in `dist` to `dir` (replacing it whole once all is written), at
 * `perPathContextFile(path)`: the bytes the route answers with, as the shard holds them. Undefined when the site has
 * no page-context route.
 */
export async function writeNginxPageContexts(dist: string, dir: string): Promise<NginxContextsWritten | undefined> {
  let data: PageContextData;
  try {
    data = JSON.parse(await readFile(join(dist, AGENT_DATA_FILES.pageContext), 'utf8')) as PageContextData;
  } catch {
    return undefined;
  }
  const { contexts } = data;
  let files = 0;
  // One shard in memory at a time, read when the writer reaches it.
  function* perPath(): Generator<StreamedFile> {
    for (let k = 0; k < contexts.shards; k += 1) {
      const text = readFileSync(join(dist, shardFile(contexts, k)), 'utf8');
      for (const [path, context] of Object.entries(JSON.parse(text) as PageContextShard)) {
        files += 1;
        yield { file: perPathContextFile(path).slice(1), body: JSON.stringify(context) };
      }
    }
  }
  await writeTrees([{ dir, files: new Map(), streams: [perPath] }], nodeFileSystem);
  return { dir, files };
}

export { CONTEXTS_VARIABLE, NGINX_PAGE_CONTEXT_FOLDER } from '../emit/cdn/nginx-config.js';
