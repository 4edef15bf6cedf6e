// Hostile-input helpers: a copy of the shipped content broken in one way, built, with what the build reported and
// whether anything was written.
import { existsSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { build, type PipelineOptions } from '../../generator/build/pipeline.js';
import { copyContent } from './pages.js';

export interface HostileBuild {
  failed: boolean;
  messages: ReturnType<import('../../generator/build/messages/diagnostics.js').Diagnostics['list']>;
  /** The build's printed report (what an editor sees). */
  report: string;
  /** Whether the output folder was written. */
  wrote: boolean;
  /** A built file's text, when the build wrote it. */
  published(file: string): Promise<string | undefined>;
}

/** Copies the shipped content, lets `edit` break it, builds it into a fresh output folder, and removes both. */
export async function buildHostile(
  edit: (contentDir: string) => Promise<void>,
  options: Partial<PipelineOptions> = {},
): Promise<HostileBuild> {
  const work = await copyContent();
  try {
    await edit(work.contentDir);
    const outDir = join(work.dir, 'dist');
    const result = await build({ env: 'production', ...options, contentDir: work.contentDir, outDir });
    const wrote = existsSync(outDir);
    const files = new Map<string, string>();
    if (wrote) {
      for (const file of ['docs/errors.html', 'docs/errors.md', 'llms-full.txt', 'docs/llms.txt', 'llms.txt']) {
        const path = join(outDir, file);
        if (existsSync(path)) files.set(file, await readFile(path, 'utf8'));
      }
    }
    return {
      failed: result.diagnostics.hasErrors,
      messages: result.diagnostics.list(),
      report: result.diagnostics.report(),
      wrote,
      published: async (file) => files.get(file),
    };
  } finally {
    await work.cleanup();
  }
}

/**
 * Appends lines to a content file and returns the 1-based line number of each appended line (the file is assumed
 * to end with a newline; one blank line is put before the new lines).
 */
export async function appendLines(path: string, lines: string[]): Promise<number[]> {
  const text = await readFile(path, 'utf8');
  const first = text.split('\n').length + 1;
  await appendFile(path, `\n${lines.join('\n')}\n`);
  return lines.map((_, i) => first + i);
}

/** What a message or report must never show: a stack trace or a JavaScript error's name. */
export function expectNoStackTrace(text: string): void {
  expect(text).not.toMatch(/\n\s+at \S|ReferenceError|RangeError|TypeError|Maximum call stack|This is a bug/);
}
