// The folders a build is given: an output folder is replaced whole, so a mistyped --out must never cost the content,
// the cache, the project or anybody's files; a content or cache folder that is not one is said so, never met as a
// crash or a hang.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenFolderProblems } from '../../../generator/build/files/given-folders.js';
import { build } from '../../../generator/build/pipeline.js';
import { runCommand } from '../../helpers/run-command.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

const SLOW = 120_000;

let root: string;
let project: string;
let content: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'given-folders-'));
  project = join(root, 'project');
  content = join(project, 'content');
  await mkdir(join(content, 'pages'), { recursive: true });
  await writeFile(join(project, 'package.json'), '{}');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const problemsOf = (given: { outDir?: string; contentDir?: string; cacheDir?: string }) =>
  givenFolderProblems({ contentDir: content, projectRoot: project, ...given });

/** The rule and the words of each problem. */
const said = (given: Parameters<typeof problemsOf>[0]) => problemsOf(given).map((p) => `${p.ruleId}: ${p.reason}`);

describe('the folders a build is given', () => {
  it('pass when each is a folder of its own, the cache made one level at a time', () => {
    const cacheDir = join(root, 'a', 'b', 'cache');
    expect(problemsOf({ outDir: join(root, 'dist'), cacheDir })).toEqual([]);
    expect(existsSync(cacheDir)).toBe(true);
  });

  it('refuse a content folder that does not exist or is a file', async () => {
    expect(said({ contentDir: join(root, 'nowhere') })).toEqual([
      `content-folder: There is no content folder at ${join(root, 'nowhere')}.`,
    ]);
    await writeFile(join(root, 'a-file'), 'x');
    expect(said({ contentDir: join(root, 'a-file') })).toEqual([
      `content-folder: ${join(root, 'a-file')} is a file, not a content folder.`,
    ]);
    // A link to itself cannot even be looked at: said, not thrown.
    const loop = join(root, 'loop');
    await symlink(loop, loop);
    expect(said({ contentDir: loop })).toEqual([`content-folder: ${loop} cannot be read (ELOOP).`]);
  });

  it('refuse an output folder that is, holds or sits in the content folder', async () => {
    expect(said({ outDir: content })[0]).toMatch(/^output-folder: .* replaced whole .* holds the content folder\.$/);
    expect(said({ outDir: join(content, 'site') })[0]).toMatch(/is inside the content folder/);
    // The other hosts' trees go to <out>-hosts/: a content folder by that name is refused too.
    const hostsNamed = join(root, 'site-hosts');
    await mkdir(hostsNamed);
    expect(
      givenFolderProblems({ contentDir: hostsNamed, projectRoot: project, outDir: join(root, 'site') }).map(
        (p) => p.reason,
      ),
    ).toEqual([`${hostsNamed} would be replaced whole by the build, and it holds the content folder.`]);
  });

  it('refuse the content folder reached through a link', async () => {
    const link = join(root, 'linked-out');
    await symlink(content, link);
    expect(said({ outDir: link })[0]).toMatch(/holds the content folder/);
  });

  it('refuse the root, the project and any folder above it', () => {
    expect(said({ outDir: '/' })[0]).toBe('output-folder: / is the root of the file system.');
    expect(said({ outDir: project })[0]).toMatch(/holds the project itself/);
    expect(said({ outDir: root })[0]).toMatch(/holds the project itself/);
  });

  it('refuse a file, a project of its own, and an output that overlaps the cache', async () => {
    await writeFile(join(root, 'out-file'), 'x');
    expect(said({ outDir: join(root, 'out-file') })).toEqual([
      `output-folder: ${join(root, 'out-file')} is a file, not a folder.`,
    ]);
    expect(said({ outDir: join(root, 'out-file', 'site') })[0]).toBe(
      `output-folder: ${join(root, 'out-file', 'site')} is inside a file, not a folder.`,
    );
    await mkdir(join(root, 'other', '.git'), { recursive: true });
    expect(said({ outDir: join(root, 'other') })[0]).toMatch(/holds \.git: it is a project folder/);
    const cacheDir = join(root, 'shared', 'cache');
    expect(said({ outDir: join(root, 'shared'), cacheDir })[0]).toMatch(/and the cache folder .* overlap/);
  });

  it('refuse a cache inside the content, and one that cannot be made, at once (no endless mkdir)', () => {
    expect(said({ cacheDir: join(content, 'cache') })).toEqual([
      `cache-folder: The cache folder ${join(content, 'cache')} and the content folder overlap.`,
    ]);
    // /proc refuses new folders with ENOENT although it exists: Node's recursive mkdir retries that for ever.
    if (existsSync('/proc/self')) {
      expect(said({ cacheDir: '/proc/no-such/cache' })).toEqual([
        'cache-folder: The cache folder /proc/no-such/cache cannot be used (ENOENT).',
      ]);
    }
  });
});

describe('a build given a folder that is not an output folder', () => {
  let temp: TempContent;
  beforeAll(async () => {
    temp = await copyContent('given-folders-build-');
  });
  afterAll(async () => {
    await temp.remove();
  });

  const listing = async (dir: string) => (await readdir(dir, { recursive: true })).sort();

  it(
    'builds nothing over the content folder, and leaves it as it was',
    async () => {
      const before = await listing(temp.contentDir);
      const result = await build({ env: 'production', contentDir: temp.contentDir, outDir: temp.contentDir });
      expect(result.diagnostics.list().map((m) => m.ruleId)).toEqual(['output-folder']);
      expect(await listing(temp.contentDir)).toEqual(before);
    },
    SLOW,
  );

  it(
    "refuses a folder holding files no build wrote, and replaces one holding an older build's output",
    async () => {
      const out = join(temp.root, 'notes');
      await mkdir(out);
      await writeFile(join(out, 'notes.txt'), 'mine');
      const refused = await build({ env: 'production', contentDir: temp.contentDir, outDir: out });
      const [message, ...more] = refused.diagnostics.list();
      expect(more).toEqual([]);
      expect(message?.ruleId).toBe('output-folder');
      expect(message?.reason).toMatch(
        /would be replaced whole by the build, and it holds what no build into it wrote \(notes\.txt\)/,
      );
      expect(await listing(out)).toEqual(['notes.txt']);
      expect(existsSync(`${out}-hosts`)).toBe(false);

      // Without any record (no cache), a folder holding only what the build writes is an older output: replaced.
      const dist = join(temp.root, 'dist');
      expect(
        (await build({ env: 'production', contentDir: temp.contentDir, outDir: dist })).diagnostics.hasErrors,
      ).toBe(false);
      // An older output: a page since removed left its files (nothing records it without a cache, as in preview).
      await writeFile(join(dist, 'removed-page.html'), '<!doctype html>');
      await writeFile(join(dist, 'removed-page.md'), '# Removed');
      const again = await build({ env: 'production', contentDir: temp.contentDir, outDir: dist });
      expect(again.diagnostics.list().filter((m) => m.fatal)).toEqual([]);
      expect(existsSync(join(dist, 'removed-page.html'))).toBe(false);
    },
    SLOW,
  );

  it(
    'answers npm run build with such a folder by exit 1 and the rule, no stack trace, nothing touched',
    async () => {
      const before = await listing(temp.contentDir);
      const over = await runCommand('build', ['--content', temp.contentDir, '--out', temp.contentDir]);
      expect(over.code).toBe(1);
      expect(over.stderr).toMatch(/holds the content folder[\s\S]*output-folder/);
      expect(over.stderr).toMatch(/Build failed: .* was left as it was\./);
      expect(await listing(temp.contentDir)).toEqual(before);

      const file = await runCommand('build', ['--content', join(temp.contentDir, 'service.yaml')]);
      expect(file.code).toBe(1);
      expect(file.stderr).toMatch(/is a file, not a content folder[\s\S]*content-folder/);
      expect(file.stderr).not.toMatch(/\n\s+at /);

      if (existsSync('/proc/self')) {
        const cache = await runCommand('build', ['--content', temp.contentDir, '--cache', '/proc/no-such/cache']);
        expect(cache.code).toBe(1);
        expect(cache.stderr).toMatch(/cannot be used \(ENOENT\)[\s\S]*cache-folder/);
      }
    },
    SLOW,
  );
});
