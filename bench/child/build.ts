// Child process: one build + validate of a content set with this project's generator, timed.
import { parseArgs } from 'node:util';
import { loadPipeline } from '../../generator/tools/compile/code-cache.js';
import { printReport } from './report.js';

const { values } = parseArgs({
  options: { content: { type: 'string' }, out: { type: 'string' }, cache: { type: 'string' } },
});
if (!values.content || !values.out) throw new Error('usage: build.ts --content DIR --out DIR [--cache DIR]');

// Loaded as the build command loads it, before the clock starts: the time is the build's, its modules' excluded.
const { build } = await loadPipeline();
const started = performance.now();
const result = await build({
  env: 'production',
  contentDir: values.content,
  outDir: values.out,
  cacheDir: values.cache,
});
const ms = performance.now() - started;
const errors = result.diagnostics.list().filter((m) => m.fatal);
const errorRules = [...new Set(errors.map((m) => m.ruleId))];
printReport({
  ms,
  ok: !result.diagnostics.hasErrors,
  files: result.artifacts?.values().length ?? 0,
  upToDate: result.upToDate === true,
  renderStats: result.renderStats,
  checks: result.checks,
  written: result.written,
  loaded: result.loaded,
  emitted: result.emitted,
  saidParts: result.saidParts,
  stages: result.stageMs,
  // The pipeline ran to its end (the time is a whole build's), even if it then refused to write.
  completed: true,
  errorRules,
  firstErrors: errors.slice(0, 3).map((m) => `${m.ruleId}: ${m.reason}`),
});
