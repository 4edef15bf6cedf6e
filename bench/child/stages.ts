// Child process: where a build's time goes, stage by stage, kind by kind and validator by validator (for tuning).
import { CONTENT_SCHEMA_DIR } from '../../generator/build/files/project-paths.js';
import { parseArgs } from 'node:util';
import { loadContent } from '../../generator/build/content/load.js';
import { Diagnostics } from '../../generator/build/messages/diagnostics.js';
import { displayPath } from '../../generator/build/registry/display-path.js';
import { buildRegistry } from '../../generator/build/registry/build-registry.js';
import { kinds } from '../../generator/build/kinds.js';
import { createEmitContext } from '../../generator/build/emit/emit-context.js';
import { ArtifactSet, type ValidateContext } from '../../generator/build/registry/types.js';
import { treeValidators } from '../../generator/build/validate/tree-validators.js';
import {
  checkStreamedTexts,
  isTextTreeValidator,
  textTreeValidator,
} from '../../generator/build/validate/text/text-check.js';
import { printReport } from './report.js';

const { values } = parseArgs({ options: { content: { type: 'string' } } });
if (!values.content) throw new Error('usage: stages.ts --content DIR');
const times = new Map<string, number>();
const timed = <T>(label: string, work: () => T): T => {
  const start = performance.now();
  try {
    return work();
  } finally {
    times.set(label, (times.get(label) ?? 0) + performance.now() - start);
  }
};

const diagnostics = new Diagnostics();
const started = performance.now();
const loadStart = performance.now();
const model = await loadContent(
  { contentDir: values.content, schemaDir: CONTENT_SCHEMA_DIR, env: 'production' },
  diagnostics,
);
times.set('load', performance.now() - loadStart);
if (!model) throw new Error(diagnostics.report());
const registry = timed('registry', () => buildRegistry(model, kinds, diagnostics));
if (!registry) throw new Error(diagnostics.report());
const artifacts = new ArtifactSet();
const context = createEmitContext(model, registry, diagnostics, artifacts);
const ordered = [
  ...registry.entries.filter((e) => !kinds[e.kind]!.emitLast),
  ...registry.entries.filter((e) => kinds[e.kind]!.emitLast),
];
for (const entry of ordered) {
  const body = timed(`emit ${entry.kind}`, () =>
    entry.aliasOf ? artifacts.byPath(entry.aliasOf, entry.host)!.body : kinds[entry.kind]!.emit(entry, context),
  );
  artifacts.set({ entry, body });
}
const vctx: ValidateContext = { model, registry, diagnostics, artifacts, displayPath: (e) => displayPath(e) };
for (const entry of registry.entries) {
  const artifact = artifacts.get(entry.host, entry.file)!;
  for (const validator of kinds[entry.kind]!.validate ?? [])
    timed(`validate ${entry.kind} ${validator.name}`, () => validator(artifact, vctx));
}
for (const validator of treeValidators) timed(`tree ${validator.name}`, () => validator(vctx));
// The streamed files (page contexts) in their one pass, each text check timed on its own.
const streamed = treeValidators.filter(isTextTreeValidator).map((v) =>
  textTreeValidator(v.name, (c) => {
    const judge = v.textCheck(c);
    return (item) => timed(`tree streamed ${v.name}`, () => judge(item));
  }),
);
timed('tree streamed (all)', () =>
  checkStreamedTexts(vctx, streamed, (_file, run) => {
    run();
    return true;
  }),
);
const ms = performance.now() - started;
const top = [...times].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${Math.round(v)} ms ${k}`);
process.stderr.write(`${top.join('\n')}\n`);
printReport({
  ms,
  ok: !diagnostics.hasErrors,
  stages: Object.fromEntries([...times].map(([k, v]) => [k, Math.round(v)])),
});
