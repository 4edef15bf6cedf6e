// Builds the site in memory for the cdn tests, with the real kinds or, to test the cdn family on its own, placeholder
// emitters for the other families.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, runPipeline } from '../../../generator/build/pipeline.js';
import type { KindTable } from '../../../generator/build/registry/build-registry.js';
import type { KindName } from '../../../generator/model/kinds.js';
import { everyKind } from '../../helpers/stub-kinds.js';
import { cdnKinds } from '../../../generator/build/emit/cdn/kinds.js';
import { kinds as realKinds } from '../../../generator/build/kinds.js';
import { MEDIA_TYPES } from '../../../generator/build/registry/media-types.js';
import type { Registry } from '../../../generator/build/registry/registry.js';
import type { Model } from '../../../generator/model/types.js';
import type { ArtifactSet, KindDefinition } from '../../../generator/build/registry/types.js';
import {
  PAGE_CONTEXT_FOLDER,
  PAGE_CONTEXT_HASH,
  PAGE_CONTEXT_SHARD_FILES,
  type PageContextFiles,
  shardFile,
  shardOf,
  shardOfFile,
} from '../../../generator/runtime/query-routes/index.js';
import { shardBody } from '../../../generator/build/emit/public-pages/page-context-shards.js';
import { nodeFileSystem } from '../../../generator/build/files/file-system.js';
import { writeTrees, type OutputTree } from '../../../generator/build/write/write-tree.js';

const placeholderMediaTypes: Partial<Record<KindName, string>> = {
  openapi: MEDIA_TYPES.json,
  'mcp-server-card': MEDIA_TYPES.json,
  'a2a-agent-card': MEDIA_TYPES.json,
  'agent-discovery': MEDIA_TYPES.json,
  'api-catalog': MEDIA_TYPES.linkset,
  'public-pages-catalog': MEDIA_TYPES.json,
  markdown: MEDIA_TYPES.markdown,
  'llms-index': MEDIA_TYPES.text,
  'llms-root': MEDIA_TYPES.text,
  'llms-full': MEDIA_TYPES.text,
  'html-page': MEDIA_TYPES.html,
  'schema-feed': MEDIA_TYPES.jsonLd,
  schemamap: MEDIA_TYPES.xml,
  entity: MEDIA_TYPES.jsonLd,
  robots: MEDIA_TYPES.text,
  sitemap: MEDIA_TYPES.xml,
};

function placeholder(kind: KindName): KindDefinition {
  if (kind === 'agent-mode') {
    return {
      mediaType: MEDIA_TYPES.json,
      file: () => '_agent/agent-mode.json',
      answersQueryRoute: true,
      discovery: true,
      emitReadsScope: true,
      emit: (entry) => JSON.stringify({ route: entry.path, mode: 'agent', placeholder: "h\u00e9 $x 'q' \\ \"" }),
    };
  }
  if (kind === 'page-context') {
    return {
      mediaType: MEDIA_TYPES.json,
      file: () => '_agent/page-context.json',
      streamFolder: PAGE_CONTEXT_FOLDER,
      answersQueryRoute: true,
      discovery: true,
      emitReadsScope: true,
      emit: (entry, { registry, artifacts }) => {
        // Two shards, so that a page's context is found in the one its path hashes to.
        const contexts: PageContextFiles = { file: PAGE_CONTEXT_SHARD_FILES, shards: 2, hash: PAGE_CONTEXT_HASH };
        const data = { route: entry.path, baseUrl: registry.origin('site'), routeFamilies: [], contexts };
        const body = (path: string) => JSON.stringify({ path, title: `${path} $1 'quoted' \\ "x"`, rules: [] });
        const paths = registry.ofKind('html-page').map((p) => p.path);
        const shard = (k: number) =>
          shardBody(paths.filter((p) => shardOf(contexts, p) === k).map((p) => [p, body(p)] as [string, string]));
        artifacts.setStream({
          entry,
          folder: PAGE_CONTEXT_FOLDER,
          files: () => [0, 1].map((k) => ({ file: shardFile(contexts, k).slice(1), body: shard(k) })),
          file: (f) => {
            const k = shardOfFile(contexts, `/${f}`);
            return k === undefined ? undefined : shard(k);
          },
        });
        return JSON.stringify(data);
      },
    };
  }
  return {
    mediaType: placeholderMediaTypes[kind] ?? MEDIA_TYPES.octet,
    file: kind === 'html-page' ? (p) => (p === '/' ? 'index.html' : `${p.slice(1)}.html`) : undefined,
    // A placeholder reads its entry alone: the cdn kinds, which read only the scope, may read it.
    emitReadsScope: true,
    emit: (entry) => `placeholder ${entry.kind} for ${entry.path}\n`,
  };
}

/**
 * The real kinds; or, with `placeholdersOnly`, only the cdn family's real kinds over placeholders whose data holds
 * the characters nginx strings must escape ($ ' \\ "), the OAuth metadata left out.
 */
export function kindsWithPlaceholders(options: { placeholdersOnly?: boolean } = {}): KindTable {
  if (!options.placeholdersOnly) return realKinds;
  const kinds = [...(Object.keys(placeholderMediaTypes) as KindName[]), 'agent-mode', 'page-context'] as const;
  const placeholders = Object.fromEntries(kinds.map((kind) => [kind, placeholder(kind)]));
  return everyKind({ ...placeholders, static: realKinds.static, ...cdnKinds });
}

export interface TestBuild {
  registry: Registry;
  artifacts: ArtifactSet;
  model: Model;
  /** Messages of the build that come from the cdn family (others' checks may fail on placeholders). */
  cdnMessages: string[];
}

export async function buildInMemory(kinds: KindTable = kindsWithPlaceholders()): Promise<TestBuild> {
  const result = await runPipeline({ env: 'production', kinds });
  const list = result.diagnostics.list();
  if (!result.registry || !result.artifacts || !result.model) {
    throw new Error(`The build stopped before emitting:\n${result.diagnostics.report()}`);
  }
  const crashes = list.filter((m) => m.fatal && (m.stage === 'emit' || m.ruleId.startsWith('cdn-')));
  return {
    registry: result.registry,
    artifacts: result.artifacts,
    model: result.model,
    cdnMessages: crashes.map((m) => `${m.file}:${m.line ?? ''} ${m.ruleId} ${m.reason}`),
  };
}

/** Writes a build as `build` would: dist/ and dist-hosts/<host>/ under a fresh temporary folder. */
export async function writeBuild(build: TestBuild): Promise<{ root: string; dist: string; deploy: string }> {
  const root = mkdtempSync(join(tmpdir(), 'cdn-test-'));
  const dist = join(root, 'dist');
  const trees = new Map<string, OutputTree>();
  for (const artifact of build.artifacts.values()) {
    const host = artifact.entry.host;
    const dir = host === 'site' ? dist : join(`${dist}-hosts`, host);
    if (!trees.has(dir)) trees.set(dir, { dir, files: new Map() });
    trees.get(dir)!.files.set(artifact.entry.file, artifact.body);
  }
  for (const stream of build.artifacts.streams()) {
    const tree = trees.get(stream.entry.host === 'site' ? dist : join(`${dist}-hosts`, stream.entry.host))!;
    (tree.streams ??= []).push(() => stream.files());
  }
  await writeTrees([...trees.values()], nodeFileSystem);
  return { root, dist, deploy: join(`${dist}-hosts`, 'deploy') };
}

/** `npm run build` as a user runs it, into a fresh temporary folder: it must pass every check to be written. */
export async function freshBuild(): Promise<TestBuild & { root: string; dist: string }> {
  const root = mkdtempSync(join(tmpdir(), 'cdn-build-'));
  const dist = join(root, 'dist');
  const result = await build({ env: 'production', outDir: dist });
  if (result.diagnostics.hasErrors || !result.registry || !result.artifacts || !result.model) {
    throw new Error(`npm run build failed, so there is nothing to serve:\n${result.diagnostics.report()}`);
  }
  return { registry: result.registry, artifacts: result.artifacts, model: result.model, cdnMessages: [], root, dist };
}
