import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import matter from 'gray-matter';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR } from '../../../generator/build/files/project-paths.js';
import { runPipeline } from '../../../generator/build/pipeline.js';
import {
  ARTIFACT_SET,
  CONTENT_SET,
  OPENAPI_SET,
  schemaToCompile,
  type ValidatorSet,
} from '../../../generator/build/schemas/validator-sets.js';
import {
  compiledValidator,
  newAjv,
  VALIDATORS_DIR,
  validatorFor,
  validatorWhenUsed,
} from '../../../generator/build/schemas/validators.js';

/** The validator ajv compiles now, at run time, for a schema of a set: what the compiled one must equal. */
const compiledNow = (set: ValidatorSet, name: string, text: string) =>
  newAjv(set).compile(schemaToCompile(name, JSON.parse(text)));

/**
 * Broken variants of a document: each member removed, given a value of another type, or joined by an unknown
 * member, at every depth (at most `limit` variants, spread over the document).
 */
function brokenVariants(value: unknown, limit = 60): unknown[] {
  const variants: unknown[] = [];
  const visit = (node: unknown, replace: (next: unknown) => unknown) => {
    if (Array.isArray(node)) {
      variants.push(replace({}), replace([...node, { unexpected: true }]));
      node.forEach((child, i) => {
        visit(child, (next) => replace(node.map((c, j) => (j === i ? next : c))));
      });
    } else if (node !== null && typeof node === 'object') {
      variants.push(replace([]), replace({ ...node, unexpectedMember: 1 }));
      for (const key of Object.keys(node)) {
        const { [key]: _removed, ...rest } = node as Record<string, unknown>;
        variants.push(replace(rest));
        visit((node as Record<string, unknown>)[key], (next) => replace({ ...node, [key]: next }));
      }
    } else {
      variants.push(replace(typeof node === 'string' ? 42 : 'not-this-type'), replace(null));
      if (typeof node === 'string') variants.push(replace(''), replace('not a uri or date'));
    }
  };
  visit(value, (next) => next);
  const step = Math.max(1, Math.floor(variants.length / limit));
  return variants.filter((_, i) => i % step === 0);
}

/** Runs both validators on every document and expects the same verdict and the same errors, member for member. */
function expectSameErrors(set: ValidatorSet, name: string, documents: unknown[]): number {
  const text = readFileSync(set.sources().find((s) => s.name === name)!.file, 'utf8');
  const compiled = compiledValidator(set, name, text);
  // The compile step ran (npm ci's prepare, or npm run compile) and the schema has not changed since.
  expect(compiled, `${set.id} ${name}: no compiled validator; run npm run compile`).toBeDefined();
  const now = compiledNow(set, name, text);
  let failing = 0;
  for (const document of documents) {
    const verdict = compiled!(document);
    expect(verdict).toBe(now(document));
    expect(compiled!.errors ?? null).toEqual(now.errors ?? null);
    if (!verdict) failing++;
  }
  return failing;
}

describe('compiled validators', () => {
  it('give the errors ajv gives at run time, for every content schema and broken content', async () => {
    let failing = 0;
    for (const { name } of CONTENT_SET.sources()) {
      const documents: unknown[] = [];
      if (name === 'page') {
        for (const file of ['index.md', 'help.md', 'docs/errors.md']) {
          documents.push(matter(await readFile(join(DEFAULT_CONTENT_DIR, 'pages', file), 'utf8')).data);
        }
      } else {
        documents.push(parse(await readFile(join(DEFAULT_CONTENT_DIR, `${name}.yaml`), 'utf8')));
      }
      failing += expectSameErrors(
        CONTENT_SET,
        name,
        documents.flatMap((d) => [d, ...brokenVariants(d)]),
      );
    }
    // The variants do break the documents: the comparison covers real error lists, not only passes.
    expect(failing).toBeGreaterThan(200);
  });

  describe('of the built artifacts', () => {
    let documents: { path: string; value: unknown }[];
    beforeAll(async () => {
      const result = await runPipeline({ env: 'production', workers: 0 });
      documents = result
        .artifacts!.values()
        .filter((a) => a.entry.mediaType.includes('json'))
        .map((a) => ({ path: a.entry.path, value: JSON.parse(String(a.body)) as unknown }));
    });

    it('give the errors ajv gives at run time, for every artifact schema, any JSON artifact and broken ones', () => {
      let failing = 0;
      for (const { name } of ARTIFACT_SET.sources()) {
        const variants = documents.flatMap((d) => [d.value, ...brokenVariants(d.value, 15)]);
        failing += expectSameErrors(ARTIFACT_SET, name, variants);
      }
      expect(failing).toBeGreaterThan(500);
    });

    it('give the errors of the OpenAPI 3.1 schema as the package compiles it, for a broken description', () => {
      const openapi = documents.find((d) => d.path === '/openapi.json');
      expect(openapi).toBeDefined();
      const failing = expectSameErrors(OPENAPI_SET, '3.1', [openapi!.value, ...brokenVariants(openapi!.value, 200)]);
      expect(failing).toBeGreaterThan(50);
    });
  });

  it('are used only for the schema bytes they were compiled from: a changed schema is compiled at run time', async () => {
    const source = CONTENT_SET.sources().find((s) => s.name === 'service')!;
    const text = await readFile(source.file, 'utf8');
    expect(compiledValidator(CONTENT_SET, 'service', text)).toBeDefined();
    const schema = JSON.parse(text) as { required: string[]; properties: Record<string, object> };
    schema.properties.addedSinceTheCompile = { type: 'integer' };
    schema.required = [...schema.required, 'addedSinceTheCompile'];
    const changed = JSON.stringify(schema);
    expect(compiledValidator(CONTENT_SET, 'service', changed)).toBeUndefined();
    const validate = validatorFor(CONTENT_SET, 'service', changed);
    const content = parse(await readFile(join(DEFAULT_CONTENT_DIR, 'service.yaml'), 'utf8')) as object;
    expect(validate(content)).toBe(false);
    expect(validate.errors?.[0]?.params).toEqual({ missingProperty: 'addedSinceTheCompile' });
    expect(validate({ ...content, addedSinceTheCompile: 1 })).toBe(true);
  });

  it('are loaded when first used, not when their schema is read; a schema that does not compile fails when read', async () => {
    const source = CONTENT_SET.sources().find((s) => s.name === 'service')!;
    const text = await readFile(source.file, 'utf8');
    const index = JSON.parse(await readFile(join(VALIDATORS_DIR, 'content', 'index.json'), 'utf8')) as Record<
      string,
      { module: string }
    >;
    const require = createRequire(import.meta.url);
    const module = require.resolve(join(VALIDATORS_DIR, 'content', index.service!.module));
    delete require.cache[module];
    const whenUsed = validatorWhenUsed(CONTENT_SET, 'service', text);
    expect(require.cache[module]).toBeUndefined();
    const validate = whenUsed();
    expect(require.cache[module]).toBeDefined();
    expect(whenUsed()).toBe(validate);
    const content = parse(await readFile(join(DEFAULT_CONTENT_DIR, 'service.yaml'), 'utf8')) as object;
    expect(validate(content)).toBe(true);
    expect(validate({})).toBe(false);
    // Not the compile step's: compiled at once, so that a broken schema is refused where it is read.
    expect(() => validatorWhenUsed(CONTENT_SET, 'service', JSON.stringify({ type: 'no such type' }))).toThrow();
  });

  it('are not used for a schema of the same name in another folder with other bytes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schemas-'));
    await writeFile(
      join(dir, 'service.schema.json'),
      JSON.stringify({ type: 'object', properties: { only: {} }, required: ['only'] }),
    );
    const text = await readFile(join(dir, 'service.schema.json'), 'utf8');
    expect(compiledValidator(CONTENT_SET, 'service', text)).toBeUndefined();
    const validate = validatorFor(CONTENT_SET, 'service', text);
    expect(validate({ only: 1 })).toBe(true);
    expect(validate({})).toBe(false);
  });
});
