// Test helpers: a temporary copy of the shipped content that a test can break in one way.
import { DEFAULT_CONTENT_DIR } from '../../generator/build/files/project-paths.js';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function copyContent(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'content-'));
  await cp(DEFAULT_CONTENT_DIR, join(dir, 'content'), { recursive: true });
  return join(dir, 'content');
}

/** Replaces one exact string in a content file; fails loudly if the string is not there (the fixture drifted). */
export async function editContent(contentDir: string, file: string, from: string, to: string): Promise<void> {
  const path = join(contentDir, file);
  const text = await readFile(path, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
  await writeFile(path, text.replace(from, to));
}

/** The 1-based line of the first occurrence of a string in a content file. */
export async function lineOf(contentDir: string, file: string, needle: string): Promise<number> {
  const text = await readFile(join(contentDir, file), 'utf8');
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`${file} does not contain ${JSON.stringify(needle)}`);
  return text.slice(0, index).split('\n').length;
}
