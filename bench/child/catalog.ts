// Child process: the public page catalog at scale. Every page of a large content set goes through load, registry,
// the catalog's own artifacts (sitemaps split with an index, page contexts, schema feed, catalog) and their
// validators, then to disk. Page bodies are not rendered here (that is the pages suite's subject).
import { CONTENT_SCHEMA_DIR } from '../../generator/build/files/project-paths.js';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadContent } from '../../generator/build/content/load.js';
import { Diagnostics } from '../../generator/build/messages/diagnostics.js';
import { displayPath } from '../../generator/build/registry/display-path.js';
import { buildRegistry, type KindTable } from '../../generator/build/registry/build-registry.js';
import { kinds as defaultKinds } from '../../generator/build/kinds.js';
import type { KindName } from '../../generator/model/kinds.js';
import { createEmitContext } from '../../generator/build/emit/emit-context.js';
import { ArtifactSet, type HostName, type ValidateContext } from '../../generator/build/registry/types.js';
import { nodeFileSystem } from '../../generator/build/files/file-system.js';
import { writeTrees, type OutputTree } from '../../generator/build/write/write-tree.js';
import type { DeployBudgets } from '../../generator/build/emit/cdn/deploy-budgets.js';
import { printReport } from './report.js';

/** The kinds whose output is one file per page; stood in for by empty files here. */
const PAGE_BODY_KINDS: KindName[] = ['html-page', 'markdown', 'llms-index', 'llms-root', 'llms-full'];
/** The catalog's artifacts, measured for real. */
const CATALOG_KINDS = [
  'sitemap',
  'page-context',
  'schema-feed',
  'schemamap',
  'public-pages-catalog',
  'agent-mode',
  'robots',
];

/**
 * With `--deploy`, the deployment files instead, from the page-context data they read: the CDN configuration, the
 * nginx configuration, the edge table and the budgets that measure them all (the deploy manifest, a line per file, is
 * left out); nothing is validated or written. A process of its own, so that the catalog's own peak is measured alone.
 */
const DEPLOY_KINDS = ['cdn-headers', 'cdn-redirects', 'cdn-routes', 'nginx-config', 'edge-table', 'deploy-budgets'];

const { values } = parseArgs({
  options: { content: { type: 'string' }, out: { type: 'string' }, deploy: { type: 'boolean' } },
});
if (!values.content || !values.out) throw new Error('usage: catalog.ts --content DIR --out DIR');

const kinds: KindTable = { ...defaultKinds };
for (const kind of PAGE_BODY_KINDS) kinds[kind] = { ...defaultKinds[kind]!, emit: () => '', validate: [] };

const stages: Record<string, number> = {};
/**
 * Per stage, in MiB: the resident memory at its end and the process's peak so far. The stage whose peak is higher than
 * the one before is where the peak was reached; the heap figure says how much of it live JavaScript objects held.
 */
const memory: Record<string, { rssMb: number; peakRssMb: number; heapUsedMb: number }> = {};
const mib = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
const lap = (() => {
  let last = performance.now();
  return (label: string) => {
    const now = performance.now();
    stages[label] = Math.round(now - last);
    last = now;
    const usage = process.memoryUsage();
    memory[label] = {
      rssMb: mib(usage.rss),
      peakRssMb: mib(process.resourceUsage().maxRSS * 1024),
      heapUsedMb: mib(usage.heapUsed),
    };
  };
})();

const started = performance.now();
const diagnostics = new Diagnostics();
const model = await loadContent(
  { contentDir: values.content, schemaDir: CONTENT_SCHEMA_DIR, env: 'production' },
  diagnostics,
);
lap('load');
const registry = model && buildRegistry(model, kinds, diagnostics);
lap('registry');
if (!model || !registry) {
  printReport({
    ms: performance.now() - started,
    ok: false,
    firstErrors: diagnostics
      .list()
      .slice(0, 3)
      .map((m) => m.reason),
  });
  process.exit(1);
}
const artifacts = new ArtifactSet();
const context = createEmitContext(model, registry, diagnostics, artifacts);
const catalogEntries = registry.entries.filter((e) =>
  values.deploy ? e.kind === 'page-context' : CATALOG_KINDS.includes(e.kind),
);
for (const entry of catalogEntries) artifacts.set({ entry, body: kinds[entry.kind]!.emit(entry, context) });
lap('emit');
if (values.deploy) {
  const deployEntries = DEPLOY_KINDS.flatMap((kind) => registry.entries.filter((e) => e.kind === kind));
  for (const entry of deployEntries) artifacts.set({ entry, body: kinds[entry.kind]!.emit(entry, context) });
  lap('deploy files');
  const budgets = JSON.parse(artifacts.text(artifacts.get('deploy', 'deploy-budgets.json')!)) as DeployBudgets;
  // What a deployment of this catalog would upload and bundle (pages and twins counted as the registry lists them).
  printReport({
    ms: performance.now() - started,
    ok: !diagnostics.hasErrors,
    deploy: budgets.measured,
    stages,
    memory,
  });
  process.exit(0);
}
const vctx: ValidateContext = { model, registry, diagnostics, artifacts, displayPath: (e) => displayPath(e) };
for (const entry of catalogEntries) {
  const artifact = artifacts.get(entry.host, entry.file)!;
  for (const validator of kinds[entry.kind]!.validate ?? []) {
    const at = performance.now();
    validator(artifact, vctx);
    const label = `validate ${entry.kind} ${validator.name || '(anonymous)'}`;
    stages[label] = (stages[label] ?? 0) + Math.round(performance.now() - at);
  }
}
lap('validate');
const trees = new Map<HostName, OutputTree>();
let bytes = 0;
for (const artifact of artifacts.values()) {
  const host = artifact.entry.host;
  if (!trees.has(host))
    trees.set(host, { dir: host === 'site' ? values.out : join(`${values.out}-hosts`, host), files: new Map() });
  trees.get(host)!.files.set(artifact.entry.file, artifact.body);
  bytes += typeof artifact.body === 'string' ? Buffer.byteLength(artifact.body) : artifact.body.length;
}
let streamedFiles = 0;
for (const stream of artifacts.streams()) {
  // Counted as they are written: the stream is made again for the writer, as build() does.
  (trees.get(stream.entry.host)!.streams ??= []).push(function* () {
    for (const file of stream.files()) {
      streamedFiles += 1;
      bytes += Buffer.byteLength(file.body);
      yield file;
    }
  });
}
await writeTrees([...trees.values()], nodeFileSystem);
lap('write');
const sitemaps = catalogEntries.filter((e) => e.kind === 'sitemap').length;
printReport({
  ms: performance.now() - started,
  ok: !diagnostics.hasErrors,
  files: artifacts.values().length + streamedFiles,
  pages: model.pages.length,
  sitemapFiles: sitemaps,
  outputMb: Math.round(bytes / 1024 / 102.4) / 10,
  stages,
  memory,
  firstErrors: diagnostics
    .list()
    .filter((m) => m.fatal)
    .slice(0, 3)
    .map((m) => `${m.ruleId}: ${m.reason}`),
});
