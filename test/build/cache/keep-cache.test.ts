// A cache that cannot be kept does not fail the build: the output is written as a plain build writes it, the build
// warns once per cache it could not keep (naming the cache folder), and no such warning is said again by a later
// build skipped as up to date.
import { appendFile, cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR } from '../../../generator/build/files/project-paths.js';
import { build } from '../../../generator/build/pipeline.js';
import { readOutput } from '../../helpers/output-tree.js';

let work: string;
let content: string;
const cacheDir = () => join(work, 'cache');

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'keep-cache-'));
  content = join(work, 'content');
  await cp(DEFAULT_CONTENT_DIR, content, { recursive: true });
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('a build cache that cannot be kept', () => {
  it('warns, names the cache folder, and writes the output a plain build writes', async () => {
    const out = join(work, 'dist');
    const first = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
    expect(first.diagnostics.hasErrors).toBe(false);
    // Folders where the checks' verdicts are kept (the file and what an edit keeps beside it): no save can replace them.
    for (const name of ['verdicts.json', 'verdicts.more.json']) {
      await rm(join(cacheDir(), name), { force: true });
      await mkdir(join(cacheDir(), name, 'in-the-way'), { recursive: true });
    }
    await appendFile(join(content, 'pages', 'help.md'), '\nOne more paragraph for the help page.\n');
    const edited = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
    expect(edited.diagnostics.hasErrors).toBe(false);
    const warnings = edited.diagnostics.list().filter((m) => m.ruleId === 'cache-not-saved');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.reason).toContain("the checks' verdicts");
    expect(warnings[0]!.file).toBe(cacheDir());
    const plain = join(work, 'plain');
    expect((await build({ env: 'production', contentDir: content, outDir: plain })).diagnostics.hasErrors).toBe(false);
    expect(await readOutput(out)).toEqual(await readOutput(plain));

    const skipped = await build({ env: 'production', contentDir: content, outDir: out, cacheDir: cacheDir() });
    expect(skipped.upToDate).toBe(true);
    expect(skipped.diagnostics.list().filter((m) => m.ruleId === 'cache-not-saved')).toEqual([]);
  });
});
