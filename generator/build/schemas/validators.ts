// The JSON Schema validators the build runs: the standalone ones the compile step made, each used only for the exact
// schema bytes and options it was made from; any other schema (edited since, or a content folder's own) is compiled
// here by ajv, with the same options, so the verdict and the messages are the same either way.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Options, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { COMPILED_DIR } from '../files/project-paths.js';
import { schemaToCompile, type ValidatorSet, type ValidatorSetId } from './validator-sets.js';

/** The compile step's validators: `<set>/<n>.cjs`, and `<set>/index.json` naming each one's schema and key. */
export const VALIDATORS_DIR = join(COMPILED_DIR, 'validators');

/** A set's index: for each schema name, the key it was compiled for and its module (relative to the set's folder). */
export type CompiledIndex = Record<string, { key: string; module: string }>;

/** What a validator is made from: the set's options, the schema's name in the set and its bytes. */
export function validatorKey(set: ValidatorSet, name: string, text: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ options: set.options, anyFormats: set.anyFormats }))
    .update('\0')
    .update(name)
    .update('\0')
    .update(text)
    .digest('hex');
}

// ajv and the compiled validators are CommonJS, loaded only when a schema is first used (not by `--help`).
const require = createRequire(import.meta.url);
const indexes = new Map<ValidatorSetId, CompiledIndex | undefined>();

function compiledIndex(id: ValidatorSetId): CompiledIndex | undefined {
  if (!indexes.has(id)) {
    let index: CompiledIndex | undefined;
    try {
      index = JSON.parse(readFileSync(join(VALIDATORS_DIR, id, 'index.json'), 'utf8')) as CompiledIndex;
    } catch {
      // Not compiled (tests from a fresh checkout): every schema is compiled at run time.
    }
    indexes.set(id, index);
  }
  return indexes.get(id);
}

/**
 * The validator of schema `name` of `set`, whose file holds `text`. Throws ajv's error when the schema itself is
 * invalid, or a SyntaxError when it is not JSON.
 */
export function validatorFor(set: ValidatorSet, name: string, text: string): ValidateFunction {
  return compiledValidator(set, name, text) ?? compiledNow(set, name, text);
}

/**
 * As `validatorFor`, made when first used: the compile step's validator of these very bytes is loaded only then (a
 * rebuild that reads one page loads one of a dozen modules); any other schema is compiled now, so that one that does
 * not compile fails where it is read.
 */
export function validatorWhenUsed(set: ValidatorSet, name: string, text: string): () => ValidateFunction {
  const compiled = compiledFor(set, name, text);
  if (!compiled) {
    const validate = compiledNow(set, name, text);
    return () => validate;
  }
  let validate: ValidateFunction | undefined;
  return () => (validate ??= loaded(set, compiled) ?? compiledNow(set, name, text));
}

/** The compile step's validator of this schema, if it was compiled from these very bytes and options. */
export function compiledValidator(set: ValidatorSet, name: string, text: string): ValidateFunction | undefined {
  const compiled = compiledFor(set, name, text);
  return compiled && loaded(set, compiled);
}

/** The compile step's entry for this schema, if it was compiled from these very bytes and options. */
function compiledFor(set: ValidatorSet, name: string, text: string): { module: string } | undefined {
  const compiled = compiledIndex(set.id)?.[name];
  return compiled && compiled.key === validatorKey(set, name, text) ? compiled : undefined;
}

/** The compile step's module of an entry, or undefined when it cannot be loaded. */
function loaded(set: ValidatorSet, compiled: { module: string }): ValidateFunction | undefined {
  try {
    return require(join(VALIDATORS_DIR, set.id, compiled.module)) as ValidateFunction;
  } catch {
    // Being replaced by a compile at this moment: compiled by the caller instead, to the same validator.
    return undefined;
  }
}

/** The schema compiled by ajv at run time, with the set's options. */
const compiledNow = (set: ValidatorSet, name: string, text: string): ValidateFunction =>
  newAjv(set).compile(schemaToCompile(name, JSON.parse(text)));

/** An ajv instance with the set's options and formats (the compile step adds `code: { source: true }`). */
export function newAjv(set: ValidatorSet, extra: Options = {}): Ajv2020 {
  const ajvModule = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = require('ajv-formats') as (ajv: Ajv2020) => Ajv2020;
  const ajv = new ajvModule.Ajv2020({ ...set.options, ...extra });
  addFormats(ajv);
  for (const format of set.anyFormats) ajv.addFormat(format, true);
  return ajv;
}
