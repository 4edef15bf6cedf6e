import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SCHEMA_DIR } from '../../../generator/build/files/project-paths.js';
import { CONTENT_SET, schemaFiles, type ValidatorSet } from '../../../generator/build/schemas/validator-sets.js';
import { VALIDATORS_DIR } from '../../../generator/build/schemas/validators.js';
import {
  makeValidators,
  staleValidators,
  writeValidators,
} from '../../../generator/tools/compile/standalone-validators.js';

describe('the compiled validators', () => {
  it('are the ones the schemas make now (after changing a schema, run `npm run compile`)', () => {
    const modules = makeValidators();
    expect(modules.length).toBeGreaterThan(20);
    expect(staleValidators(VALIDATORS_DIR, modules)).toEqual([]);
  });

  it('are found stale when a schema changed after they were compiled', async () => {
    const root = await mkdtemp(join(tmpdir(), 'stale-validators-'));
    const schemas = join(root, 'schemas');
    await cp(CONTENT_SCHEMA_DIR, schemas, { recursive: true });
    const set: ValidatorSet = { ...CONTENT_SET, sources: () => schemaFiles(schemas) };
    const out = join(root, 'validators');
    writeValidators(out, makeValidators([set]));
    expect(staleValidators(out, makeValidators([set]))).toEqual([]);

    const file = join(schemas, 'errors.schema.json');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('"type": "object"', '"type": "object", "minProperties": 1'),
    );
    expect(staleValidators(out, makeValidators([set]))).toEqual(['content errors']);
  });
});
