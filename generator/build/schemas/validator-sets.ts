// The three sets of JSON Schemas the build validates with, and how each is compiled: one definition for the compile
// step, which makes their standalone validators ahead of time, and for a schema compiled at run time.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Options } from 'ajv';
import { ARTIFACT_SCHEMA_DIR, CONTENT_SCHEMA_DIR } from '../files/project-paths.js';

export type ValidatorSetId = 'content' | 'artifacts' | 'openapi';

/** One schema of a set: its name in the set and its file. */
export interface SchemaSource {
  name: string;
  file: string;
}

export interface ValidatorSet {
  id: ValidatorSetId;
  /** ajv's options for every schema of the set (ajv-formats' formats are always added). */
  options: Options;
  /** Formats accepted without a check, beside ajv-formats' ones. */
  anyFormats: string[];
  /** The schemas compiled ahead of time: the project's own, or the one a package ships. */
  sources(): SchemaSource[];
}

const SCHEMA_SUFFIX = '.schema.json';

/** Every `*.schema.json` under `dir`, named by its path without the suffix (`preview/fixtures`); none if no `dir`. */
export function schemaFiles(dir: string): SchemaSource[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return (
    names
      .map((rel) => rel.split('\\').join('/'))
      // As a glob finds them: hidden files and folders are not schemas.
      .filter((rel) => rel.endsWith(SCHEMA_SUFFIX) && !rel.split('/').some((segment) => segment.startsWith('.')))
      .sort()
      .map((rel) => ({ name: rel.slice(0, -SCHEMA_SUFFIX.length), file: join(dir, rel) }))
  );
}

/** Content documents: every error with the schema around it (`verbose`), for the hint of its `description`. */
export const CONTENT_SET: ValidatorSet = {
  id: 'content',
  options: { allErrors: true, strict: true, allowUnionTypes: true, verbose: true },
  anyFormats: [],
  sources: () => schemaFiles(CONTENT_SCHEMA_DIR),
};

/**
 * A part of an artifact schema checked on its own: `<schema>#<definition>` is `$defs/<definition>` of that schema
 * (a page-context file holds one `pageContext`). The whole schema is compiled with its definitions beside it.
 */
export const DEFINITION_SEPARATOR = '#';

export const ARTIFACT_SET: ValidatorSet = {
  id: 'artifacts',
  options: { allErrors: true, strict: true, allowUnionTypes: true },
  anyFormats: [],
  sources: () => [
    ...schemaFiles(ARTIFACT_SCHEMA_DIR),
    {
      name: `page-context${DEFINITION_SEPARATOR}pageContext`,
      file: join(ARTIFACT_SCHEMA_DIR, 'page-context.schema.json'),
    },
  ],
};

/**
 * The OpenAPI 3.1 schema of @seriousme/openapi-schema-validator, compiled as that package compiles it (draft 2020-12,
 * strict mode off, ajv-formats, any `media-range`), so that its verdicts and messages are the package's.
 */
export const OPENAPI_SET: ValidatorSet = {
  id: 'openapi',
  options: { strict: false },
  anyFormats: ['media-range'],
  sources: () => [{ name: '3.1', file: openApiSchemaFile('3.1') }],
};

export const VALIDATOR_SETS: readonly ValidatorSet[] = [CONTENT_SET, ARTIFACT_SET, OPENAPI_SET];

function openApiSchemaFile(version: string): string {
  const packageJson = createRequire(import.meta.url).resolve('@seriousme/openapi-schema-validator/package.json');
  return join(dirname(packageJson), 'schemas', `v${version}`, 'schema.json');
}

/** The schema value a source is compiled from: the file itself, or one definition of it with the others beside it. */
export function schemaToCompile(name: string, parsed: unknown): object {
  const at = name.indexOf(DEFINITION_SEPARATOR);
  if (at < 0) return parsed as object;
  const whole = parsed as { $schema?: string; $defs?: object };
  return { $schema: whole.$schema, $defs: whole.$defs, $ref: `#/$defs/${name.slice(at + 1)}` };
}
