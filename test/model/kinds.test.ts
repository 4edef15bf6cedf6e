// The kind names: the content's schema lists exactly the resource kinds, so content naming any other kind is refused
// at load, at its line, with the kinds it may name.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../generator/build/content/load.js';
import { CONTENT_SCHEMA_DIR } from '../../generator/build/files/project-paths.js';
import { Diagnostics } from '../../generator/build/messages/diagnostics.js';
import { DERIVED_KINDS, KIND_NAMES, RESOURCE_KINDS } from '../../generator/model/kinds.js';
import { copyContent, editContent, lineOf } from '../helpers/content.js';

let contentDir = '';
afterEach(async () => {
  if (contentDir) await rm(join(contentDir, '..'), { recursive: true, force: true });
  contentDir = '';
});

describe('kind names', () => {
  it('are each either a resource kind or a derived kind, once', () => {
    expect(new Set(KIND_NAMES).size).toBe(KIND_NAMES.length);
    expect(KIND_NAMES).toEqual([...RESOURCE_KINDS, ...DERIVED_KINDS]);
  });

  it("are the resource kinds the content schema's `kind` lists, in both resource lists", async () => {
    const schema = JSON.parse(await readFile(join(CONTENT_SCHEMA_DIR, 'discovery-resources.schema.json'), 'utf8')) as {
      $defs: { kind: { enum: string[] } };
      properties: Record<'discoveryResources' | 'supportingFiles', { items: { properties: { kind: unknown } } }>;
    };
    expect(schema.$defs.kind.enum).toEqual([...RESOURCE_KINDS]);
    for (const list of ['discoveryResources', 'supportingFiles'] as const) {
      expect(schema.properties[list].items.properties.kind).toEqual({ $ref: '#/$defs/kind' });
    }
  });

  it('refuse content naming another kind: content-schema at the kind, listing the kinds', async () => {
    contentDir = await copyContent();
    await editContent(contentDir, 'discovery-resources.yaml', 'kind: openapi\n', 'kind: openapi-yaml\n');
    const diagnostics = new Diagnostics();
    const model = await loadContent({ contentDir, schemaDir: CONTENT_SCHEMA_DIR, env: 'production' }, diagnostics);
    expect(model).toBeUndefined();
    const messages = diagnostics.list();
    expect(messages).toEqual([
      expect.objectContaining({
        ruleId: 'content-schema',
        file: 'content/discovery-resources.yaml',
        line: await lineOf(contentDir, 'discovery-resources.yaml', 'kind: openapi-yaml'),
      }),
    ]);
    expect(messages[0]!.reason).toContain(RESOURCE_KINDS.map((k) => JSON.stringify(k)).join(', '));
  });
});
