// `npm run docs`: writes the generated documents: the README's rule reference (from the rule catalog) and the editor
// settings that map each content file to its schema.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseCommandLine, usageMistake } from './args.js';
import { CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR, PROJECT_ROOT } from '../../build/files/project-paths.js';
import { whenCompiled } from '../compile/freshness.js';

const HELP = `Usage: npm run docs [-- --check]

Writes the README's rule reference from generator/build/messages/rules.ts, and .vscode/settings.json,
which maps each content YAML file to its schema of schemas/content/ for the editor's completion.
  --check   write nothing; exit 1 when either is not up to date

Exit codes: 0 written or up to date, 1 not up to date (--check) or not written, 2 usage error.`;

async function main(): Promise<number> {
  await whenCompiled();
  let values;
  try {
    values = parseCommandLine({
      options: {
        check: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    return usageMistake(error, HELP);
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const [{ withRuleReference }, { EDITOR_SETTINGS_FILE, editorSettings }] = await Promise.all([
    import('../../build/messages/rule-reference.js'),
    import('../scaffold/editor-settings.js'),
  ]);
  const documents = [
    { file: 'README.md', make: (text: string) => withRuleReference(text) },
    { file: EDITOR_SETTINGS_FILE, make: () => editorSettings(PROJECT_ROOT, CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR) },
  ];
  let stale = false;
  for (const { file, make } of documents) {
    const path = join(PROJECT_ROOT, file);
    const text = await readFile(path, 'utf8').catch(() => '');
    const next = make(text);
    if (next === text) {
      process.stdout.write(`${file} is up to date.\n`);
      continue;
    }
    if (values.check) {
      process.stderr.write(`${file} is out of date: run \`npm run docs\`.\n`);
      stale = true;
      continue;
    }
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, next);
    process.stdout.write(`${file} written.\n`);
  }
  if (stale) return 1;
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`docs: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
