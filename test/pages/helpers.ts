// Test helpers of the page family: a kind table that stands in for families not built yet, and temp content folders.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT, runPipeline } from '../../generator/pipeline.js';
import { kinds } from '../../generator/registry/kinds.js';
import type { KindTable } from '../../generator/registry/build-registry.js';
import { MEDIA_TYPES } from '../../generator/registry/media-types.js';
import type { EnvironmentName } from '../../generator/model/types.js';

/** Kinds content/discovery-resources.yaml names that other families build. */
const OTHER_FAMILIES_KINDS = [
  'openapi',
  'mcp-server-card',
  'a2a-agent-card',
  'agent-discovery',
  'api-catalog',
  'public-pages-catalog',
  'schema-feed',
  'schemamap',
  'entity',
  'agent-mode',
  'page-context',
  'robots',
  'sitemap',
];

/** The real kind table; a kind another family has not landed yet gets a stub emitting an empty JSON object. */
export function kindsWithStubs(): KindTable {
  const table: KindTable = { ...kinds };
  for (const kind of OTHER_FAMILIES_KINDS) {
    table[kind] ??= { mediaType: MEDIA_TYPES.json, emit: () => '{}' };
  }
  return table;
}

export function runShipped(env: EnvironmentName = 'production') {
  return runPipeline({ env, kinds: kindsWithStubs() });
}

/** A copy of the shipped content in a temp folder, for tests that break it. */
export async function copyContent(): Promise<{ dir: string; contentDir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'pages-test-'));
  const contentDir = join(dir, 'content');
  await cp(join(PROJECT_ROOT, 'content'), contentDir, { recursive: true });
  return { dir, contentDir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export async function editFile(path: string, edit: (text: string) => string): Promise<void> {
  await writeFile(path, edit(await readFile(path, 'utf8')));
}
