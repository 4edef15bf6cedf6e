// Checks content documents against the JSON Schemas in schemas/content, with each error placed in its source file.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Diagnostics } from '../messages/diagnostics.js';
import { CONTENT_SET, schemaFiles } from '../schemas/validator-sets.js';
import { validatorWhenUsed } from '../schemas/validators.js';
import { placeOf, pointerSegments, type YamlSource } from './yaml-source.js';
import { CONTROL_CHARACTER } from './text-decoding.js';
import { didYouMean } from '../messages/suggest.js';

/** A schema under schemas/content that cannot be read or compiled: the content cannot be checked at all. */
export class ContentSchemaError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(detail);
  }
}

export class ContentSchemas {
  private readonly validators = new Map<string, () => ValidateFunction>();
  /** A hash of every schema read (name and text): what was checked against them holds while it is the same. */
  readonly fingerprint: string;

  constructor(readonly schemaDir: string) {
    // Nested content files have nested schemas: content/preview/fixtures.yaml ↔ schemas/content/preview/fixtures.schema.json.
    const ids = new Set<string>();
    const hash = createHash('sha256');
    for (const { name, file } of schemaFiles(schemaDir)) {
      try {
        const text = readFileSync(file, 'utf8');
        hash.update(`${name}\0${text}\0`);
        // Each schema's validator is compiled on its own; two with one $id are still refused, as ajv refuses them.
        const parsed = JSON.parse(text) as { $id?: unknown } | null;
        const id = typeof parsed?.$id === 'string' ? parsed.$id.replace(/#\/?$/, '') : '';
        if (id && ids.has(id)) throw new Error(`schema with key or id "${id}" already exists`);
        if (id) ids.add(id);
        this.validators.set(name, validatorWhenUsed(CONTENT_SET, name, text));
      } catch (error) {
        throw new ContentSchemaError(file, error instanceof Error ? error.message : String(error));
      }
    }
    this.fingerprint = hash.digest('hex');
  }

  has(name: string): boolean {
    return this.validators.has(name);
  }

  /** Validates a parsed document; reports each error at its place. Returns true when valid. */
  check(
    name: string,
    source: YamlSource,
    diagnostics: Diagnostics,
    value: unknown = source.value,
    documentLabel = 'The document',
  ): boolean {
    const validate = this.validators.get(name)?.();
    if (!validate) throw new Error(`No content schema named ${name}`);
    if (validate(value)) return textValuesAreText(source, value, diagnostics);
    for (const error of pruneErrors(validate.errors ?? [])) {
      const { segments, key } = errorLocation(error);
      diagnostics.error('load', {
        ruleId: 'content-schema',
        reason: describe(error, documentLabel),
        fix: fixOf(error, `schemas/content/${name}.schema.json`),
        place: placeOf(source, segments, key),
      });
    }
    return false;
  }
}

/**
 * What a schema does not say of a text value: one that spells a control character the file itself cannot hold
 * (`"\u0007"` in double quotes) is refused at the value, as the same character written into the file is; one of
 * spaces alone (`title: '  '`) would be published as nothing; one with a line break would break the sentence, list
 * item or table cell it is published in. Returns true when there is none of these.
 */
function textValuesAreText(source: YamlSource, value: unknown, diagnostics: Diagnostics): boolean {
  let clean = true;
  const walk = (node: unknown, segments: (string | number)[]) => {
    if (typeof node === 'string') {
      if (BLANK.test(node)) {
        clean = false;
        diagnostics.error('load', {
          ruleId: 'blank-text',
          reason: `\`${segments.join('.')}\` holds only spaces: it would be published as nothing.`,
          fix: 'Write the text, or leave the field out where it is optional.',
          place: placeOf(source, segments, false),
        });
        return;
      }
      if (LINE_BREAK.test(node)) {
        clean = false;
        diagnostics.error('load', {
          ruleId: 'multiline-text',
          reason: `\`${segments.join('.')}\` holds a line break: a fact is published inside a sentence, a list item or a table cell, where a break would end it early or be written as \`&#xA;\`.`,
          fix: 'Write the value on one line; a long one may be folded over lines with >- (its lines are joined with spaces), not | or an escaped \\n.',
          place: placeOf(source, segments, false),
        });
        return;
      }
      const control = CONTROL_CHARACTER.exec(node);
      if (!control) return;
      clean = false;
      const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
      diagnostics.error('load', {
        ruleId: 'control-character',
        reason: `\`${segments.join('.')}\` holds the control character U+${code}, written as an escape: it is not text.`,
        fix: 'Remove the escape (\\u, \\x or \\a, \\b, \\e… in double quotes) from the value.',
        place: placeOf(source, segments, false),
      });
    } else if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) walk(node[i], [...segments, i]);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) walk(item, [...segments, key]);
    }
  };
  walk(value, []);
  return clean;
}

/** A text of white space alone (spaces, tabs, line breaks, no-break spaces), not empty. */
const BLANK = /^\s+$/;
/** A line break of any kind a reader honours. */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/** Drops the noise of failed alternatives so an editor sees one message per mistake. */
function pruneErrors(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') return false;
    const id = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

function errorLocation(error: ErrorObject): { segments: (string | number)[]; key: boolean } {
  const segments = pointerSegments(error.instancePath);
  if (error.keyword === 'additionalProperties') {
    return { segments: [...segments, String(error.params.additionalProperty)], key: true };
  }
  return { segments, key: false };
}

function fieldName(error: ErrorObject, documentLabel: string): string {
  const segments = pointerSegments(error.instancePath);
  return segments.length === 0 ? documentLabel : `\`${segments.join('.')}\``;
}

function describe(error: ErrorObject, documentLabel: string): string {
  const where = fieldName(error, documentLabel);
  switch (error.keyword) {
    case 'required':
      return `${where} is missing the required field \`${String(error.params.missingProperty)}\`.`;
    case 'additionalProperties':
      return `${where} has an unknown field \`${String(error.params.additionalProperty)}\`.`;
    case 'enum':
      return `${where} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'const':
      return `${where} must be ${JSON.stringify(error.params.allowedValue)}.`;
    case 'pattern':
    case 'format':
      // A described pattern or format is said in the schema's words (the fix quotes them), not as the expression.
      if (typeof error.data === 'string' && hasDescription(error)) {
        return `${where} is not of the form the field takes: ${JSON.stringify(error.data)}.`;
      }
      return `${where} ${error.message ?? 'is not valid'}.`;
    default:
      return `${where} ${error.message ?? 'is not valid'}.`;
  }
}

/** How to mend the value: the field or value meant when one is near, and the schema's words. */
function fixOf(error: ErrorObject, schema: string): string {
  if (error.keyword === 'additionalProperties') return unknownFieldFix(error, schema);
  const guess =
    error.keyword === 'enum' && typeof error.data === 'string'
      ? didYouMean(error.data, (error.params.allowedValues as unknown[]).map(String))
      : '';
  return `${guess}Change the value to match ${schema}${hintOf(error)}.`;
}

/**
 * A field no reader takes is never passed over in silence (a `draft: true` would not keep a page unpublished): the
 * field meant when one is near, else what to do and the fields there are, when they are few enough to list.
 */
function unknownFieldFix(error: ErrorObject, schema: string): string {
  const field = String(error.params.additionalProperty);
  const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
  const guess = didYouMean(field, known);
  if (guess) return `${guess}Rename the field as ${schema} names it${hintOf(error)}.`;
  const fields =
    known.length > 0 && known.length <= MAX_FIELDS_LISTED
      ? `: the fields taken here are ${AND_LIST.format(known.map((k) => `\`${k}\``))}`
      : `; ${schema} gives the fields taken here`;
  return `Remove \`${field}\`, which nothing reads${fields}${hintOf(error)}.`;
}

/** Beyond this many, the fields are left to the schema rather than listed in the message. */
const MAX_FIELDS_LISTED = 12;
const AND_LIST = new Intl.ListFormat('en-GB', { type: 'conjunction' });

const hasDescription = (error: ErrorObject) =>
  typeof (error.parentSchema as { description?: unknown } | undefined)?.description === 'string';

function hintOf(error: ErrorObject): string {
  const description = (error.parentSchema as { description?: string } | undefined)?.description;
  return description ? ` (${description.replace(/\.$/, '')})` : '';
}
