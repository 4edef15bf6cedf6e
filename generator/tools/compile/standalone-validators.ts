// The compile step's validators: each schema of each set compiled once, ahead of time, to standalone JavaScript
// (ajv's standalone code), so that no command compiles a schema when it starts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { schemaToCompile, VALIDATOR_SETS, type ValidatorSet } from '../../build/schemas/validator-sets.js';
import { type CompiledIndex, newAjv, validatorKey } from '../../build/schemas/validators.js';

const standaloneCode = createRequire(import.meta.url)('ajv/dist/standalone/index.js') as (
  ajv: ReturnType<typeof newAjv>,
  validate: ReturnType<ReturnType<typeof newAjv>['compile']>,
) => string;

/** One schema's validator module: CommonJS, as ajv writes it (it requires ajv's runtime helpers and formats). */
export interface ValidatorModule {
  set: ValidatorSet['id'];
  name: string;
  key: string;
  /** File name in the set's folder. */
  module: string;
  code: string;
}

/** Every validator of `sets`, made in memory (the compile step writes them; a test compares them with the written). */
export function makeValidators(sets: readonly ValidatorSet[] = VALIDATOR_SETS): ValidatorModule[] {
  const modules: ValidatorModule[] = [];
  for (const set of sets) {
    set.sources().forEach(({ name, file }, i) => {
      const text = readFileSync(file, 'utf8');
      // One ajv per schema, as at run time: a schema's validator does not depend on the others of its set.
      const ajv = newAjv(set, { code: { source: true } });
      const validate = ajv.compile(schemaToCompile(name, JSON.parse(text)));
      const header = `// ${set.id} schema "${name}", compiled by the compile step (generator/tools/compile/). Do not edit.\n`;
      modules.push({
        set: set.id,
        name,
        key: validatorKey(set, name, text),
        module: `${i}.cjs`,
        code: header + standaloneCode(ajv, validate),
      });
    });
  }
  return modules;
}

/** Writes the validators and each set's index into `dir`. */
export function writeValidators(dir: string, modules: ValidatorModule[]): void {
  const indexes = new Map<string, CompiledIndex>();
  for (const m of modules) {
    mkdirSync(join(dir, m.set), { recursive: true });
    writeFileSync(join(dir, m.set, m.module), m.code);
    const index = indexes.get(m.set) ?? {};
    index[m.name] = { key: m.key, module: m.module };
    indexes.set(m.set, index);
  }
  for (const [set, index] of indexes)
    writeFileSync(join(dir, set, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
}

/** The validators of `modules` that `dir` does not hold as they are made now: missing, or with other code or key. */
export function staleValidators(dir: string, modules: ValidatorModule[]): string[] {
  const stale: string[] = [];
  const indexes = new Map<string, CompiledIndex | undefined>();
  for (const m of modules) {
    if (!indexes.has(m.set)) indexes.set(m.set, readJson<CompiledIndex>(join(dir, m.set, 'index.json')));
    const recorded = indexes.get(m.set)?.[m.name];
    let code: string | undefined;
    try {
      code = readFileSync(join(dir, m.set, m.module), 'utf8');
    } catch {
      code = undefined;
    }
    if (recorded?.key !== m.key || recorded.module !== m.module || code !== m.code) stale.push(`${m.set} ${m.name}`);
  }
  return stale;
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}
