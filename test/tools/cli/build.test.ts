// `npm run build` as a subprocess: it loads only what it uses (`--help`, a usage error and a build with nothing
// changed load no stage), and `--json` lists every file written with its size.
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { copyContent } from '../../helpers/content.js';
import { runCommand } from '../../helpers/run-command.js';

const SLOW = 120_000;

/** The modules a command may load before it knows it has work to do: its entry, argument parsing, paths, the compile check. */
const LIGHT = /^generator\/(tools\/cli\/|tools\/compile\/|build\/files\/(project-paths|compile-manifest)\.ts$)/;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'build-cli-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<{ path: string; bytes: number }[]> {
  const names = await readdir(dir, { recursive: true });
  const files: { path: string; bytes: number }[] = [];
  for (const name of names) {
    const info = await stat(join(dir, name));
    if (info.isFile()) files.push({ path: relative(PROJECT_ROOT, join(dir, name)), bytes: info.size });
  }
  return files;
}

describe('npm run build', () => {
  it('answers --help without loading any stage of the build', async () => {
    const run = await runCommand('build', ['--help'], { trace: true });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run build/);
    expect(run.modules).toContain('generator/tools/cli/build.ts');
    expect(run.modules.filter((m) => !LIGHT.test(m))).toEqual([]);
  });

  it('answers a usage error with exit code 2, without loading any stage', async () => {
    const run = await runCommand('build', ['--env', 'staging'], { trace: true });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--env must be "production" or "preview"/);
    expect(run.modules.filter((m) => !LIGHT.test(m))).toEqual([]);
  });

  it(
    'lists every written file with its size with --json; then, with nothing changed, skips without loading the pipeline',
    async () => {
      const out = join(root, 'dist');
      const cache = join(root, 'cache');
      const built = await runCommand('build', ['--out', out, '--cache', cache, '--json']);
      expect(built.code).toBe(0);
      const report = JSON.parse(built.stdout) as { ok: boolean; upToDate: boolean; files: unknown[] };
      expect(report.ok).toBe(true);
      expect(report.upToDate).toBe(false);
      const onDisk = [...(await filesUnder(out)), ...(await filesUnder(`${out}-hosts`))];
      const sort = (files: { path: string }[]) => [...files].sort((a, b) => a.path.localeCompare(b.path));
      // Streamed files (the page contexts) included: every file there, each with its size as written.
      expect(onDisk.length).toBeGreaterThan(60);
      expect(sort(report.files as { path: string }[])).toEqual(sort(onDisk));

      const again = await runCommand('build', ['--out', out, '--cache', cache, '--json'], { trace: true });
      expect(again.code).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, upToDate: true, files: [] });
      const loaded = again.modules.filter((m) => !LIGHT.test(m));
      expect(loaded.length).toBeGreaterThan(0);
      // The record's check (with how a tree in place is listed, a function of its own that the output stamps' thread
      // runs), and the check of the folders it was given (paths and stats only).
      const recordCheck = new Set(['generator/build/files/given-folders.ts', 'generator/build/files/tree-listing.ts']);
      expect(loaded.filter((m) => !m.startsWith('generator/build/cache/') && !recordCheck.has(m))).toEqual([]);
    },
    SLOW,
  );

  it(
    'says what the last build warned of again when it skips a build with nothing changed, on the terminal and in --json',
    async () => {
      const content = await copyContent();
      // Nothing of it is published: the build says so rather than passing over it.
      await writeFile(join(content, 'pages', 'faq.markdown'), '---\ntitle: FAQ\ndescription: Answers.\n---\n\nText.\n');
      const out = join(root, 'warned');
      const args = ['--content', content, '--out', out, '--cache', join(root, 'warned-cache')];
      const warning = (stderr: string) => stderr.split('\n').filter((line) => line.includes('unread-content-file'));
      const built = await runCommand('build', args);
      expect(built.code).toBe(0);
      expect(warning(built.stderr)).toHaveLength(1);
      expect(warning(built.stderr)[0]).toMatch(/warning .*faq\.markdown is not read by the build/);

      const again = await runCommand('build', args);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/is up to date: nothing changed since the last build/);
      expect(warning(again.stderr)).toEqual(warning(built.stderr));

      const json = JSON.parse((await runCommand('build', [...args, '--json'])).stdout) as {
        upToDate: boolean;
        messages: { ruleId: string; fatal: boolean; file: string }[];
      };
      expect(json.upToDate).toBe(true);
      expect(json.messages.map((m) => [m.ruleId, m.fatal, m.file.endsWith('pages/faq.markdown')])).toEqual([
        ['unread-content-file', false, true],
      ]);
      await rm(content, { recursive: true, force: true });
    },
    SLOW,
  );
});
