// The editor settings: every content YAML file mapped to a schema that exists, as written by npm run docs.
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR, PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { EDITOR_SETTINGS_FILE, editorSettings } from '../../../generator/tools/scaffold/editor-settings.js';

const exists = (path: string) =>
  access(join(PROJECT_ROOT, path)).then(
    () => true,
    () => false,
  );

describe('editor settings', () => {
  it('maps each content file to a schema that exists, and every content YAML file is mapped', async () => {
    const settings = JSON.parse(await readFile(join(PROJECT_ROOT, EDITOR_SETTINGS_FILE), 'utf8')) as {
      'yaml.schemas': Record<string, string>;
    };
    const mapping = Object.entries(settings['yaml.schemas']);
    expect(mapping.length).toBeGreaterThan(0);
    for (const [schema, file] of mapping) {
      expect(await exists(schema), schema).toBe(true);
      expect(await exists(file), file).toBe(true);
    }
    const yamlFiles = (await fg('**/*.yaml', { cwd: DEFAULT_CONTENT_DIR })).map((f) => `content/${f}`).sort();
    expect(mapping.map(([, file]) => file).sort()).toEqual(yamlFiles);
  });

  it('is the one npm run docs writes from schemas/content/ (it fails while stale)', async () => {
    const committed = await readFile(join(PROJECT_ROOT, EDITOR_SETTINGS_FILE), 'utf8');
    expect(committed).toBe(editorSettings(PROJECT_ROOT, CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR));
  });
});
