// A small synthetic content set for the render tests: the shipped content plus N synthetic pages in their sections,
// in a fresh temporary folder; and a build's files as text, to compare one build with another.
import { DEFAULT_CONTENT_DIR } from '../../generator/build/files/project-paths.js';
import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { PipelineResult } from '../../generator/build/pipeline.js';
import { SECTIONS, syntheticPage } from '../../bench/synthetic/pages.js';

/** Writes the set; `work` is the folder to remove afterwards, `content` the content folder to build. */
export async function writeSyntheticContent(prefix: string, pages: number): Promise<{ work: string; content: string }> {
  const work = await mkdtemp(join(tmpdir(), prefix));
  const content = join(work, 'content');
  await cp(DEFAULT_CONTENT_DIR, content, { recursive: true });
  for (const section of SECTIONS) await mkdir(join(content, 'pages', section), { recursive: true });
  for (let i = 0; i < pages; i++) {
    const page = syntheticPage(i, pages);
    await writeFile(join(content, 'pages', page.section, `${page.slug}.md`), page.text);
  }
  return { work, content };
}

/**
 * Every file a build made, by host and file, as text (binary files in base64): a text held as its UTF-8 bytes (a page
 * taken from the render cache) reads as that text, so that builds compare by their bytes. The build must have no error.
 */
export function builtFiles(result: PipelineResult): Map<string, string> {
  expect(result.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
  const out = new Map<string, string>();
  for (const a of result.artifacts!.values()) out.set(`${a.entry.host}:${a.entry.file}`, asText(a.body));
  return out;
}

function asText(body: string | Uint8Array): string {
  if (typeof body === 'string') return body;
  const bytes = Buffer.from(body);
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? text : `base64:${bytes.toString('base64')}`;
}
