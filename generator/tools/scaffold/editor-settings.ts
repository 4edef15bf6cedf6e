// The editor's settings that make every content YAML file completed and checked as it is typed: each file mapped to
// its JSON Schema of schemas/content/ (yaml-language-server, the YAML extension of VS Code and other editors).
import { relative } from 'node:path';
import fg from 'fast-glob';

/** Where the settings are written, from the project's root. */
export const EDITOR_SETTINGS_FILE = '.vscode/settings.json';

/**
 * `.vscode/settings.json`'s text: `yaml.schemas` maps each schema of the content schema folder to the content file
 * of the same name (schemas/content/preview/fixtures.schema.json ↔ content/preview/fixtures.yaml), as the loader
 * pairs them. The page schema describes front matter inside Markdown, which the YAML extension does not read.
 */
export function editorSettings(projectRoot: string, schemaDir: string, contentDir: string): string {
  const schemas: Record<string, string> = {};
  for (const name of fg.sync('**/*.schema.json', { cwd: schemaDir }).sort()) {
    const base = name.slice(0, -'.schema.json'.length);
    if (base === 'page') continue;
    const schema = `./${relative(projectRoot, `${schemaDir}/${name}`)}`;
    schemas[schema] = `${relative(projectRoot, contentDir)}/${base}.yaml`;
  }
  return `${JSON.stringify({ 'yaml.schemas': schemas }, null, 2)}\n`;
}
