// The content schemas are documents an editor's YAML extension reads one at a time, so a form several of them take
// (a site path, a path a client requests) is a definition of each (`$defs`), and these tests hold every copy to one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SET } from '../../../generator/build/schemas/validator-sets.js';

interface Schema {
  $defs?: Record<string, unknown>;
}

const schemas = CONTENT_SET.sources().map(({ name, file }) => ({
  name,
  schema: JSON.parse(readFileSync(file, 'utf8')) as Schema,
}));

describe('the content schemas’ shared definitions', () => {
  it.each(['sitePath', 'resourcePath'])('%s is the same in every schema that defines it', (definition) => {
    const copies = schemas.filter(({ schema }) => schema.$defs?.[definition] !== undefined);
    expect(copies.length).toBeGreaterThan(1);
    for (const { name, schema } of copies)
      expect(schema.$defs![definition], name).toEqual(copies[0]!.schema.$defs![definition]);
  });

  it('no field takes a path by its first character alone: each refers to a definition', () => {
    const loose: string[] = [];
    // A value of `if` only asks whether a value is meant as a path; every other `^/` would take any string after it.
    const walk = (node: unknown, at: string): void => {
      if (node === null || typeof node !== 'object') return;
      if ((node as { pattern?: unknown }).pattern === '^/' && !at.endsWith('/if')) loose.push(at);
      for (const [key, child] of Object.entries(node)) walk(child, `${at}/${key}`);
    };
    for (const { name, schema } of schemas) walk(schema, name);
    expect(loose).toEqual([]);
  });
});
