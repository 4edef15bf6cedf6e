// Every file the build reads resolves inside the content folder: a symbolic link that leads out of it (a page, a
// static file, a YAML file, a folder) is refused at its path, never followed.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SCHEMA_DIR } from '../../../generator/build/files/project-paths.js';
import { loadContent } from '../../../generator/build/content/load.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { buildHostile, expectNoStackTrace } from '../../helpers/hostile.js';
import { copyContent } from '../../helpers/content.js';

let outside: string;
const SECRET = 'host secret that must never be published';

beforeAll(async () => {
  outside = await mkdtemp(join(tmpdir(), 'outside-'));
  await writeFile(join(outside, 'secret.txt'), `${SECRET}\n`);
  await writeFile(
    join(outside, 'outside.md'),
    `---\ntitle: Outside\ndescription: ${SECRET}.\norder: 9\n---\n\n${SECRET}\n`,
  );
  await writeFile(join(outside, 'extra.yaml'), `identity:\n  name: ${SECRET}\n`);
  await mkdir(join(outside, 'folder'));
  await writeFile(join(outside, 'folder', 'page.md'), `---\ntitle: X\ndescription: ${SECRET}.\n---\n\nx\n`);
});
afterAll(() => rm(outside, { recursive: true, force: true }));

async function load(edit: (contentDir: string) => Promise<void>) {
  const contentDir = await copyContent();
  try {
    await edit(contentDir);
    const diagnostics = new Diagnostics();
    const model = await loadContent({ contentDir, schemaDir: CONTENT_SCHEMA_DIR, env: 'production' }, diagnostics);
    return { model, messages: diagnostics.list(), report: diagnostics.report() };
  } finally {
    await rm(join(contentDir, '..'), { recursive: true, force: true });
  }
}

describe('symbolic links in the content folder', () => {
  it('a static file linked to a host file and a page linked outside fail the build at their paths; nothing is written', async () => {
    const result = await buildHostile(async (contentDir) => {
      await symlink('/etc/hostname', join(contentDir, 'static/brand/leak.txt'));
      await symlink(join(outside, 'outside.md'), join(contentDir, 'pages/docs/outside.md'));
    });
    expect(result.failed).toBe(true);
    expect(result.wrote).toBe(false);
    expect(result.messages.filter((m) => m.ruleId === 'content-outside-folder').map((m) => m.file)).toEqual([
      'content/pages/docs/outside.md',
      'content/static/brand/leak.txt',
    ]);
    expect(JSON.stringify(result.messages)).not.toContain(SECRET);
    expectNoStackTrace(result.report);
  });

  it('a link to the root folder is refused by a build with a cache, which fingerprints the content first', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'cache-'));
    try {
      const result = await buildHostile((dir) => symlink('/', join(dir, 'static/root')), { cacheDir });
      expect(result.messages.map((m) => [m.file, m.ruleId])).toEqual([
        ['content/static/root', 'content-outside-folder'],
      ]);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  const refused: [string, string, (contentDir: string) => Promise<void>][] = [
    ['a YAML file', 'content/extra.yaml', (d) => symlink(join(outside, 'extra.yaml'), join(d, 'extra.yaml'))],
    [
      'a static file by a relative link',
      'content/static/brand/up.txt',
      (d) => symlink('../../../../../../../../etc/hostname', join(d, 'static/brand/up.txt')),
    ],
    ['a folder of pages', 'content/pages/more', (d) => symlink(join(outside, 'folder'), join(d, 'pages/more'))],
    ['a folder of static files', 'content/static/etc', (d) => symlink('/etc', join(d, 'static/etc'))],
    ['a folder at the top', 'content/elsewhere', (d) => symlink(outside, join(d, 'elsewhere'))],
    ['the root folder', 'content/static/root', (d) => symlink('/', join(d, 'static/root'))],
  ];
  for (const [name, file, edit] of refused) {
    it(`refuses ${name} that leads out of the content folder`, async () => {
      const { model, messages, report } = await load(edit);
      expect(model).toBeUndefined();
      expect(messages.filter((m) => m.ruleId === 'content-outside-folder').map((m) => m.file)).toEqual([file]);
      expect(report).not.toContain(SECRET);
      expectNoStackTrace(report);
    });
  }

  it('refuses a folder linked inside the content folder (a link to a folder is never followed)', async () => {
    const { messages } = await load((d) => symlink(join(d, 'pages/help'), join(d, 'pages/again')));
    expect(messages).toMatchObject([{ file: 'content/pages/again', ruleId: 'content-linked-folder' }]);
  });

  it('refuses a link that loops or leads nowhere, at its path', async () => {
    const { messages, report } = await load(async (d) => {
      await symlink(join(d, 'pages/loop.md'), join(d, 'pages/loop.md'));
      await symlink(join(d, 'pages/missing.md'), join(d, 'pages/dangling.md'));
    });
    expect(messages.map((m) => [m.file, m.ruleId])).toEqual([
      ['content/pages/dangling.md', 'content-unreadable'],
      ['content/pages/loop.md', 'content-unreadable'],
    ]);
    expectNoStackTrace(report);
  });

  it('reads a file linked to another file inside the content folder', async () => {
    const { model, messages } = await load((d) =>
      symlink(join(d, 'static/brand/logo.svg'), join(d, 'static/brand/mark.svg')),
    );
    expect(messages).toEqual([]);
    expect(model!.staticFiles.map((f) => f.path)).toContain('/brand/mark.svg');
  });
});
