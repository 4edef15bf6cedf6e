// Hard YAML in front matter and in content/*.yaml: alias bombs, deep nesting, several documents, odd roots and
// tags each give a message at the file (and line), never an exception or a stack trace.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SCHEMA_DIR } from '../../../generator/build/files/project-paths.js';
import { loadContent } from '../../../generator/build/content/load.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { copyContent } from '../../helpers/content.js';
import { buildHostile, expectNoStackTrace } from '../../helpers/hostile.js';

let contentDir = '';
afterEach(async () => {
  if (contentDir) await rm(join(contentDir, '..'), { recursive: true, force: true });
  contentDir = '';
});

async function loadWith(file: string, edit: (text: string) => string) {
  contentDir = await copyContent();
  const path = join(contentDir, file);
  await writeFile(path, edit(await readFile(path, 'utf8')));
  const diagnostics = new Diagnostics();
  const model = await loadContent({ contentDir, schemaDir: CONTENT_SCHEMA_DIR, env: 'production' }, diagnostics);
  return { model, messages: diagnostics.list(), report: diagnostics.report() };
}

/** Nine aliases of nine aliases…: a few lines that expand to 9^5 strings. */
const BOMB = [
  'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
  'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
  'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
  'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
  'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
];

describe('YAML alias bombs', () => {
  it('in front matter and in content/service.yaml: an error at the file and line, no stack trace', async () => {
    const result = await buildHostile(async (dir) => {
      const page = join(dir, 'pages/docs/errors.md');
      await writeFile(page, (await readFile(page, 'utf8')).replace('order: 3\n', `order: 3\n${BOMB.join('\n')}\n`));
      const service = join(dir, 'service.yaml');
      await writeFile(service, `${await readFile(service, 'utf8')}${BOMB.join('\n')}\n`);
    });
    expect(result.failed).toBe(true);
    expect(result.wrote).toBe(false);
    const aliases = result.messages.filter((m) => m.ruleId === 'yaml-alias-limit');
    expect(aliases.map((m) => m.file).sort()).toEqual(['content/pages/docs/errors.md', 'content/service.yaml']);
    for (const message of aliases) expect(message.line).toBeGreaterThan(1);
    expectNoStackTrace(result.report);
    expect(result.report).not.toContain('Excessive alias count');
  });

  it('a merge-key bomb is refused the same way', async () => {
    const lines = ['base: &base {x: 1}', ...Array.from({ length: 200 }, (_, i) => `k${i}: {<<: *base}`)];
    const { messages, report } = await loadWith('service.yaml', (t) => `${t}${lines.join('\n')}\n`);
    expect(messages.map((m) => m.ruleId)).toContain('yaml-alias-limit');
    expectNoStackTrace(report);
  });

  it('a few aliases within the limit are read', async () => {
    const { messages, model } = await loadWith('pages/docs/errors.md', (t) =>
      t.replace('title: Errors\n', 'title: &t Errors\n').replace(/^description: .*$/m, 'description: *t'),
    );
    expect(messages).toEqual([]);
    expect(model?.pages.find((p) => p.id === 'docs/errors')).toMatchObject({ title: 'Errors', description: 'Errors' });
  });
});

describe('hard YAML', () => {
  const cases: [string, string, (text: string) => string][] = [
    ['flow sequences nested 5,000 deep', 'service.yaml', (t) => `${t}deep: ${'['.repeat(5000)}${']'.repeat(5000)}\n`],
    [
      'flow mappings nested 3,000 deep',
      'service.yaml',
      (t) => `${t}deep: ${'{a: '.repeat(3000)}1${'}'.repeat(3000)}\n`,
    ],
    [
      'block mappings nested 2,000 deep',
      'service.yaml',
      (t) => `${t}${Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} 1\n`,
    ],
    ['a second document', 'service.yaml', (t) => `${t}---\nidentity: {name: Other}\n`],
    ['a list at the root', 'errors.yaml', () => '- a\n- b\n'],
    ['a scalar at the root', 'errors.yaml', () => 'just text\n'],
    ['an empty file', 'errors.yaml', () => ''],
    ['only comments', 'errors.yaml', () => '# nothing\n'],
    ['a duplicate key', 'service.yaml', (t) => `${t}identity: {}\n`],
    ['a complex key', 'service.yaml', (t) => `${t}? [a, b]\n: c\n`],
    ['an unknown tag', 'service.yaml', (t) => `${t}code: !!js/function "function () { return 1 }"\n`],
    ['a custom tag', 'service.yaml', (t) => `${t}x: !custom {a: 1}\n`],
    ['an unclosed quote', 'service.yaml', (t) => `${t}x: "never closed\n`],
    ['a tab as indentation', 'service.yaml', (t) => `${t}x:\n\ty: 1\n`],
    [
      'an anchor on every key',
      'service.yaml',
      (t) => `${t}${Array.from({ length: 500 }, (_, i) => `a${i}: &n${i} v`).join('\n')}\n`,
    ],
    ['an alias to nothing', 'service.yaml', (t) => `${t}x: *missing\n`],
    [
      'front matter nested 3,000 deep',
      'pages/docs/errors.md',
      (t) => t.replace('order: 3\n', `order: 3\nx: ${'['.repeat(3000)}${']'.repeat(3000)}\n`),
    ],
    [
      'front matter that is a list',
      'pages/docs/errors.md',
      (t) => t.replace(/^---\n[\s\S]*?\n---\n/, '---\n- a\n- b\n---\n'),
    ],
    ['front matter never closed', 'pages/docs/errors.md', (t) => t.replace(/\n---\n/, '\n')],
  ];
  for (const [name, file, edit] of cases) {
    it(`${name}: a message at the file, no exception`, async () => {
      const { messages, report } = await loadWith(file, edit);
      expectNoStackTrace(report);
      for (const message of messages) {
        expect(message.ruleId).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
        expect(message.file.startsWith('content/')).toBe(true);
      }
    });
  }
});
