// `npm run validate` as a subprocess on a built tree: passes on a good one, fails precisely on a corrupted copy,
// refuses a tree of the other environment, and exits 2 on a usage error.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { appendFile, chmod, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build/pipeline.js';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { validateBuiltTree } from '../../../generator/build/validate-built.js';

const SLOW = 120_000;
let root: string;
let good: string;

/** Runs the validate command as npm runs it (tsx), from the project folder. */
function validate(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(PROJECT_ROOT, 'generator/tools/cli/validate.ts'), ...args],
      { cwd: PROJECT_ROOT, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'validate-cli-'));
  good = join(root, 'dist');
  const result = await build({ env: 'production', outDir: good });
  expect(result.diagnostics.list()).toEqual([]);
}, SLOW);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('npm run validate', () => {
  it(
    'passes on a good tree',
    async () => {
      const { code, stdout } = await validate([good]);
      expect(code).toBe(0);
      expect(stdout).toMatch(/files valid for production/);
    },
    SLOW,
  );

  it(
    'fails on a corrupted copy with each problem at its place',
    async () => {
      const bad = join(root, 'bad');
      await cp(good, bad, { recursive: true });
      await cp(`${good}-hosts`, `${bad}-hosts`, { recursive: true });
      const llms = await readFile(join(bad, 'llms.txt'), 'utf8');
      await appendFile(join(bad, 'llms.txt'), '\n- [Orders](https://www.example.com/orders.md): all orders\n');
      await writeFile(join(bad, 'stray.html'), '<p>left over</p>');
      await rm(join(bad, 'robots.txt'));
      const manifest = join(bad, '.well-known/mcp/manifest.json');
      await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('"version": "1.0.0"', '"version": "9.9.9"'));

      const { code, stdout } = await validate([bad, '--json']);
      expect(code).toBe(1);
      const report = JSON.parse(stdout) as {
        ok: boolean;
        messages: { ruleId: string; file: string; line?: number; column?: number }[];
      };
      expect(report.ok).toBe(false);
      const byRule = (ruleId: string) => report.messages.filter((m) => m.ruleId === ruleId);
      expect(byRule('unresolved-site-url')).toEqual([
        expect.objectContaining({ file: `${bad}/llms.txt`, line: llms.split('\n').length + 1, column: 12 }),
      ]);
      expect(byRule('unclaimed-file').map((m) => m.file)).toEqual([`${bad}/stray.html`]);
      expect(byRule('missing-artifact').map((m) => m.file)).toEqual([`${bad}/robots.txt`]);
      expect(report.messages.find((m) => m.ruleId === 'missing-artifact')).toMatchObject({
        reason: expect.stringContaining('missing from the built tree'),
      });
      expect(byRule('alias-differs').map((m) => m.file)).toEqual([`${bad}/.well-known/mcp/manifest.json`]);
    },
    SLOW,
  );

  it(
    'fails, at the file and the rule, on what would lead an agent astray: a card asking for a header and claiming a revision, a fact gone from llms.txt, a reference to an unpublished section',
    async () => {
      const bad = join(root, 'astray');
      await cp(good, bad, { recursive: true });
      await cp(`${good}-hosts`, `${bad}-hosts`, { recursive: true });
      // The three card paths carry identical bytes: change them alike, so only the card rules speak.
      const cards = ['.well-known/mcp.json', '.well-known/mcp/manifest.json', '.well-known/mcp/server-card.json'];
      for (const path of cards) {
        const card = JSON.parse(await readFile(join(bad, path), 'utf8')) as { remotes: Record<string, unknown>[] };
        card.remotes[0]!.headers = [{ name: 'Authorization', isRequired: true, isSecret: true }];
        card.remotes[0]!.supportedProtocolVersions = ['2025-06-18'];
        await writeFile(join(bad, path), `${JSON.stringify(card, null, 2)}\n`);
      }
      const llms = await readFile(join(bad, 'llms.txt'), 'utf8');
      await writeFile(
        join(bad, 'llms.txt'),
        llms
          .split('\n')
          .filter((line) => !line.startsWith('- `list_members`'))
          .join('\n'),
      );
      await appendFile(join(bad, 'docs.md'), '\nThe scopes are listed in contract section 5.\n');

      const { code, stdout } = await validate([bad, '--json']);
      expect(code).toBe(1);
      const { messages } = JSON.parse(stdout) as { messages: { ruleId: string; file: string }[] };
      const found = (ruleId: string) => [...new Set(messages.filter((m) => m.ruleId === ruleId).map((m) => m.file))];
      expect(found('card-header-input')).toEqual(cards.map((path) => `${bad}/${path}`));
      expect(found('card-unstated-protocol')).toEqual(cards.map((path) => `${bad}/${path}`));
      expect(found('agent-file-missing-fact')).toEqual([`${bad}/llms.txt`]);
      expect(found('unpublished-reference')).toEqual([`${bad}/docs.md`]);
    },
    SLOW,
  );

  it(
    'refuses a tree built for the other environment, with one message that says what to run',
    async () => {
      const { code, stderr } = await validate([good, '--env', 'preview']);
      expect(code).toBe(1);
      expect(stderr).toContain('wrong-environment');
      expect(stderr).toContain(`npm run validate -- ${good} --env production`);
      expect(stderr).toContain('✖ 1 error');
    },
    SLOW,
  );

  it(
    'exits 2 on a usage error and 0 on --help',
    async () => {
      const usage = await validate(['one', 'two']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run validate');
      const help = await validate(['--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Exit codes: 0 valid, 1 invalid');
    },
    SLOW,
  );

  it('says there is no tree to check when the folder does not exist', async () => {
    const result = await validateBuiltTree({
      dir: join(root, 'never-built'),
      display: 'never-built',
      env: 'production',
    });
    expect(result.diagnostics.list()).toEqual([
      expect.objectContaining({ ruleId: 'missing-tree', file: 'never-built', fatal: true }),
    ]);
    expect(result.diagnostics.list()[0]!.reason).toContain('npm run build');
  });

  it('refuses a folder that cannot be a built tree (the root, the project) before listing it', async () => {
    for (const [dir, why] of [
      ['/', 'it is the root of the file system'],
      [PROJECT_ROOT, 'it holds the project itself'],
    ]) {
      const result = await validateBuiltTree({ dir: dir!, env: 'production' });
      expect(result.diagnostics.list().map((m) => [m.ruleId, m.reason.split('. Fix')[0]])).toEqual([
        ['missing-tree', `${dir} is not a built tree: ${why}`],
      ]);
    }
  });

  it(
    'says a tree with a folder it cannot list cannot be read, without a crash',
    async (context) => {
      const tree = join(root, 'unreadable');
      await cp(good, tree, { recursive: true });
      // A folder nobody may list: no permission, or (as root, who may list anything) one the kernel refuses.
      const locked = join(tree, 'locked');
      if (process.getuid?.() !== 0) await mkdir(locked, { mode: 0o000 });
      else if (refusesListing('/proc/1/fdinfo')) await symlink('/proc/1/fdinfo', locked);
      else context.skip();
      const result = await validateBuiltTree({ dir: tree, display: 'unreadable', env: 'production' });
      await chmod(locked, 0o700).catch(() => undefined);
      expect(result.diagnostics.list().map((m) => [m.ruleId, m.reason.split('. Fix')[0]])).toEqual([
        ['missing-tree', `unreadable cannot be read: EACCES at ${locked}`],
      ]);
    },
    SLOW,
  );
});

function refusesListing(dir: string): boolean {
  try {
    readdirSync(dir);
    return false;
  } catch (error) {
    return (error as { code?: string }).code === 'EACCES';
  }
}
