// The JSON Schemas of emitted artifacts (schemas/artifacts/*.schema.json), compiled ahead of time (or once, when
// changed since), as per-kind validators.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACT_SCHEMA_DIR } from '../../files/project-paths.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ARTIFACT_SET, DEFINITION_SEPARATOR } from '../../schemas/validator-sets.js';
import { newAjv, validatorFor } from '../../schemas/validators.js';
import type { Validator } from '../../registry/types.js';
import { JsonDocument } from './json-document.js';
import { reportProblem } from './report.js';
import type { RuleId } from '../../messages/rules.js';

/** The schemas of schemas/artifacts/ (`<name>.schema.json`); each one's violations carry the rule `<name>-schema`. */
export type ArtifactSchemaName =
  | 'a2a-agent-card'
  | 'agent-discovery'
  | 'agent-mode'
  | 'entity'
  | 'linkset'
  | 'mcp-server-card'
  | 'oauth-authorization-server'
  | 'oauth-protected-resource'
  | 'page-context'
  | 'public-pages'
  | 'schema-feed';

const compiled = new Map<string, ValidateFunction>();

/**
 * The validator of schemas/artifacts/<name>.schema.json, or of one definition of it (`page-context#pageContext`),
 * loaded once per process.
 */
export function artifactSchema(name: ArtifactSchemaName | `${ArtifactSchemaName}#${string}`): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    const file = name.split(DEFINITION_SEPARATOR)[0]!;
    validate = validatorFor(ARTIFACT_SET, name, readFileSync(join(ARTIFACT_SCHEMA_DIR, `${file}.schema.json`), 'utf8'));
    compiled.set(name, validate);
  }
  return validate;
}

/** Compiles a schema given as a value (tests use it to check our schemas against the reference examples). */
export function compileSchema(schema: object): ValidateFunction {
  return newAjv(ARTIFACT_SET).compile(schema);
}

/**
 * A validator that checks an artifact against schemas/artifacts/<name>.schema.json and reports every violation
 * with rule `<name>-schema`, the JSON pointer and its line.
 */
export function schemaValidator(name: ArtifactSchemaName, fix: string): Validator {
  return (artifact, context) => {
    const document = JsonDocument.read(artifact, context);
    if (!document) return;
    const validate = artifactSchema(name);
    if (validate(document.value)) return;
    const ruleId: RuleId = `${name}-schema`;
    for (const error of relevantErrors(validate.errors ?? [])) {
      reportProblem(document, context, {
        ruleId,
        pointer: pointerOfError(error),
        reason: `${describeSchemaError(error)} (schemas/artifacts/${name}.schema.json, ${error.schemaPath}).`,
        fix,
      });
    }
  };
}

/** The pointer a person should look at: the missing or extra member itself, when there is one. */
export function pointerOfError(error: ErrorObject): string {
  const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  if (error.keyword === 'required')
    return `${error.instancePath}/${escapePointer(String(error.params.missingProperty))}`;
  if (error.keyword === 'additionalProperties') {
    return `${error.instancePath}/${escapePointer(String(error.params.additionalProperty))}`;
  }
  return error.instancePath;
}

export function describeSchemaError(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return `the required member \`${String(error.params.missingProperty)}\` is missing`;
    case 'additionalProperties':
      return `the member \`${String(error.params.additionalProperty)}\` is not allowed here`;
    case 'const':
      return `must be ${JSON.stringify(error.params.allowedValue)}`;
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern':
      return `does not match the pattern ${String(error.params.pattern)}`;
    case 'format':
      return `is not a valid ${String(error.params.format)}`;
    default:
      return error.message ?? `fails the schema keyword ${error.keyword}`;
  }
}

/** anyOf/oneOf failures repeat every branch's errors; keep the branch errors and drop the summary line. */
function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
  const specific = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if');
  return specific.length > 0 ? specific : errors;
}
