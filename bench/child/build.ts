// Child process: one build + validate of a content set with this project's generator, timed.
import { parseArgs } from 'node:util';
import { build } from '../../generator/build/pipeline.js';
import { kinds as defaultKinds } from '../../generator/build/kinds.js';
import type { KindTable } from '../../generator/build/registry/build-registry.js';
import { printReport } from './report.js';

// Kinds that content/discovery-resources.yaml names. Until every family has landed its kinds, the missing ones are
// stood in for by empty emitters so that the rest can be measured; the report lists them.
const NAMED_KINDS = [
  'openapi',
  'mcp-server-card',
  'a2a-agent-card',
  'agent-discovery',
  'api-catalog',
  'public-pages-catalog',
  'markdown',
  'llms-index',
  'llms-root',
  'llms-full',
  'html-page',
  'schema-feed',
  'schemamap',
  'entity',
  'agent-mode',
  'page-context',
  'robots',
  'sitemap',
  'static',
];

const { values } = parseArgs({
  options: { content: { type: 'string' }, out: { type: 'string' }, cache: { type: 'string' } },
});
if (!values.content || !values.out) throw new Error('usage: build.ts --content DIR --out DIR [--cache DIR]');

const stubbed = NAMED_KINDS.filter((k) => !defaultKinds[k]);
const kinds: KindTable = { ...defaultKinds };
for (const kind of stubbed) {
  kinds[kind] = { mediaType: 'text/plain', emit: () => '' };
  if (kind === 'html-page') kinds[kind].file = (path) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);
}

const started = performance.now();
const result = await build({
  env: 'production',
  contentDir: values.content,
  outDir: values.out,
  cacheDir: values.cache,
  // A table of our own only while kinds are missing (it also turns off the build cache's skip).
  ...(stubbed.length ? { kinds } : {}),
});
const ms = performance.now() - started;
const errors = result.diagnostics.list().filter((m) => m.fatal);
const errorRules = [...new Set(errors.map((m) => m.ruleId))];
printReport({
  ms,
  ok: !result.diagnostics.hasErrors,
  files: result.artifacts?.values().length ?? 0,
  stubbedKinds: stubbed,
  upToDate: result.upToDate === true,
  renderStats: result.renderStats,
  // The pipeline ran to its end (the time is a whole build's), even if it then refused to write.
  completed: true,
  errorRules,
  firstErrors: errors.slice(0, 3).map((m) => `${m.ruleId}: ${m.reason}`),
});
