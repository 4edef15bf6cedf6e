// The bad-input cases: each gives a positioned message and leaves an existing output folder byte-for-byte as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build } from '../../generator/build/pipeline.js';
import { copyContent, editFile } from '../helpers/pages.js';

let work: Awaited<ReturnType<typeof copyContent>>;
let outDir: string;
let before: Map<string, Buffer>;

/** Every file under the output folders (the site and the other hosts), by relative path. */
async function snapshot(): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const dir of [outDir, `${outDir}-hosts`]) {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (!e.isFile()) continue;
      const path = join(e.parentPath, e.name);
      files.set(relative(work.dir, path), await readFile(path));
    }
  }
  return files;
}

/** Line (1-based) and column of the first occurrence of `needle` in a file of the broken content. */
async function placeIn(file: string, needle: string): Promise<{ line: number; column: number }> {
  const text = await readFile(join(work.contentDir, file), 'utf8');
  const lines = text.slice(0, text.indexOf(needle)).split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

beforeAll(async () => {
  work = await copyContent();
  outDir = join(work.dir, 'dist');
  const first = await build({ env: 'production', outDir, contentDir: work.contentDir });
  expect(first.diagnostics.report()).toBe('');
  await writeFile(join(outDir, 'sentinel.txt'), 'left by the test');
  before = await snapshot();
}, 180_000);

afterAll(() => work?.cleanup());

/** Breaks one content file, builds, restores the file, and returns the build's messages. */
async function buildBroken(file: string, edit: (text: string) => string) {
  const path = join(work.contentDir, file);
  const original = await readFile(path, 'utf8');
  await editFile(path, edit);
  try {
    const result = await build({ env: 'production', outDir, contentDir: work.contentDir });
    return { messages: result.diagnostics.list(), failed: result.diagnostics.hasErrors };
  } finally {
    await writeFile(path, original);
  }
}

describe('bad input', { timeout: 120_000 }, () => {
  it('malformed YAML', async () => {
    const { messages, failed } = await buildBroken('mcp-server.yaml', (t) =>
      t.replace('transport: Streamable HTTP', 'transport: [Streamable HTTP'),
    );
    expect(failed).toBe(true);
    expect(messages[0]).toMatchObject({ file: 'content/mcp-server.yaml', ruleId: 'yaml-syntax' });
    expect(messages[0]!.line).toBeGreaterThanOrEqual((await placeIn('mcp-server.yaml', 'transport:')).line);
    expect(messages[0]!.column).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('a page without a required front-matter field', async () => {
    const { messages, failed } = await buildBroken('pages/help/reading-errors.md', (t) =>
      t.replace(/^description:.*\n/m, ''),
    );
    expect(failed).toBe(true);
    expect(messages).toMatchObject([
      { file: 'content/pages/help/reading-errors.md', line: 2, column: 1, ruleId: 'content-schema' },
    ]);
    expect(messages[0]!.reason).toContain('description');
    expect(await snapshot()).toEqual(before);
  });

  it('a control whose scope is not among the scopes', async () => {
    const { messages, failed } = await buildBroken('mcp-server.yaml', (t) =>
      t.replace('requiredScope: svc.members.read', 'requiredScope: svc.invoices.read'),
    );
    expect(failed).toBe(true);
    const at = await placeIn('mcp-server.yaml', 'requiredScope: svc.members.read');
    expect(messages).toMatchObject([
      {
        file: 'content/mcp-server.yaml',
        line: at.line,
        column: at.column + 'requiredScope: '.length,
        ruleId: 'unknown-scope',
      },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('two resources claiming one path', async () => {
    const { messages, failed } = await buildBroken('discovery-resources.yaml', (t) =>
      t.replace('- path: /.well-known/agent.json', '- path: /.well-known/agent-card.json'),
    );
    expect(failed).toBe(true);
    const at = await placeIn('discovery-resources.yaml', '- path: /.well-known/agent.json');
    expect(messages.find((m) => m.ruleId === 'duplicate-path')).toMatchObject({
      file: 'content/discovery-resources.yaml',
      line: at.line,
      column: at.column + 2,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a Markdown link to a site path that the build does not emit', async () => {
    const { messages, failed } = await buildBroken('pages/help.md', (t) => `${t}\nSee [the old FAQ](/help/faq).\n`);
    expect(failed).toBe(true);
    const text = await readFile(join(work.contentDir, 'pages/help.md'), 'utf8');
    const line = text.split('\n').length + 1;
    // Checks over the built files may report the same link in dist/ too; the editor's message points at the source.
    expect(messages.filter((m) => m.file.startsWith('content/'))).toMatchObject([
      { file: 'content/pages/help.md', line, column: 5, ruleId: 'unresolved-site-link' },
    ]);
    expect(await snapshot()).toEqual(before);
  });
});
