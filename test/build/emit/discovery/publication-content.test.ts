import { CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR } from '../../../../generator/build/files/project-paths.js';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../../generator/build/content/load.js';
import { Diagnostics } from '../../../../generator/build/messages/diagnostics.js';

// content/publication.yaml: the card's name and description are checked where an editor writes them.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'publication-'));
  await cp(DEFAULT_CONTENT_DIR, join(dir, 'content'), { recursive: true });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function loadWith(edit: (text: string) => string) {
  const file = join(dir, 'content', 'publication.yaml');
  const original = await readFile(file, 'utf8');
  await writeFile(file, edit(original));
  try {
    const diagnostics = new Diagnostics();
    const model = await loadContent(
      { contentDir: join(dir, 'content'), schemaDir: CONTENT_SCHEMA_DIR, env: 'production' },
      diagnostics,
    );
    return { model, messages: diagnostics.list() };
  } finally {
    await writeFile(file, original);
  }
}

describe('content/publication.yaml', () => {
  it('is read into the model', async () => {
    const { model, messages } = await loadWith((t) => t);
    expect(messages.filter((m) => m.fatal)).toEqual([]);
    expect(model!.publication.mcpServerCard.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(model!.publication.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('content-schema: a server card description over 100 characters, at its line', async () => {
    const { messages } = await loadWith((t) => t.replace(/description: .*/, `description: ${'A'.repeat(101)}`));
    const m = messages.find((x) => x.ruleId === 'content-schema')!;
    expect(m.file).toBe('content/publication.yaml');
    const text = await readFile(join(dir, 'content', 'publication.yaml'), 'utf8');
    expect(m.line).toBe(text.split('\n').findIndex((l) => l.trim().startsWith('description:')) + 1);
  });

  it('content-schema: a version range', async () => {
    const { messages } = await loadWith((t) => t.replace('version: 1.0.0', 'version: ^1.0.0'));
    expect(messages.find((x) => x.ruleId === 'content-schema')?.file).toBe('content/publication.yaml');
  });
});
