import { execFile } from 'node:child_process';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BaseError } from '../../../generator/tools/report/base-build.js';
import { renderMarkdown } from '../../../generator/tools/report/markdown-report.js';
import { runCheck } from '../../../generator/tools/report/run-check.js';
import { build } from '../../../generator/build/pipeline.js';
import { stubKinds } from '../../helpers/stub-kinds.js';
import { copyContent, type TempContent } from '../../helpers/temp-content.js';

const git = promisify(execFile);
let content: TempContent;

beforeEach(async () => {
  content = await copyContent('check-');
});
afterEach(async () => {
  await content.remove();
});

const options = () => ({
  env: 'production' as const,
  repoDir: content.root,
  contentDir: content.contentDir,
  schemaDir: content.schemaDir,
  kinds: stubKinds,
});

async function buildBaseFolder(): Promise<string> {
  const dir = join(content.root, 'base-dist');
  const result = await build({ ...options(), outDir: dir });
  expect(result.diagnostics.hasErrors).toBe(false);
  return dir;
}

describe('runCheck against a built folder', () => {
  it('reports nothing changed when the content did not change', async () => {
    const base = await buildBaseFolder();
    const report = await runCheck({ ...options(), base });
    expect(report.ok).toBe(true);
    expect(report.summary).toMatchObject({ added: 0, removed: 0, changed: 0 });
    // The other hosts' folder beside the base is read too.
    expect(report.summary.unchanged).toBe(report.head.files);
    expect(report.base.files).toBe(report.head.files);
  });

  it('lists added, removed and changed files, with a line diff for text and pointers for JSON', async () => {
    const base = await buildBaseFolder();
    await appendFile(join(content.contentDir, 'pages', 'mcp.md'), '\nA new closing line.\n');
    await mkdir(join(content.contentDir, 'pages', 'help'), { recursive: true });
    await writeFile(
      join(content.contentDir, 'pages', 'help', 'first-steps.md'),
      '---\ntitle: First steps\ndescription: Where to start.\norder: 99\n---\nStart here.\n',
    );
    const service = join(content.contentDir, 'service.yaml');
    await writeFile(
      service,
      (await readFile(service, 'utf8')).replace(
        'base_url: https://www.example.com',
        'base_url: https://docs.example.com',
      ),
    );
    await writeFile(join(base, 'stale.txt'), 'left over\n');

    const report = await runCheck({ ...options(), base });
    const byPath = new Map(report.artifacts.map((a) => [a.path, a]));
    expect(byPath.get('dist/help/first-steps.html')?.status).toBe('added');
    expect(byPath.get('dist/stale.txt')?.status).toBe('removed');

    const twin = byPath.get('dist/mcp.md')!;
    expect(twin.status).toBe('changed');
    // The closing line, and the two facts that name {base_url} (the discovery chain's first step, the errors guide).
    expect(twin.summary).toMatchObject({ format: 'text', addedLines: 4, removedLines: 2 });
    expect(twin.summary?.format === 'text' && twin.summary.edits?.flatMap((e) => e.after)).toContain(
      'A new closing line.',
    );

    const openapi = byPath.get('dist/openapi.json')!;
    expect(openapi.summary).toMatchObject({
      format: 'json',
      edits: [{ at: '/base_url', before: ['"https://www.example.com"'], after: ['"https://docs.example.com"'] }],
    });

    const full = report.llms.find((l) => l.url === '/llms-full.txt')!;
    expect(full.head.chars).toBeGreaterThan(full.base!.chars);
    expect(full.head.tokens).toBe(Math.ceil(full.head.chars / 4));

    const markdown = renderMarkdown(report);
    expect(markdown).toContain('## ✅ Check passed: 0 errors, 0 warnings');
    expect(markdown).toContain('**Added:** `dist/help/first-steps.html`');
    expect(markdown).toContain('**Removed:** `dist/stale.txt`');
    expect(markdown).toContain('@@ /base_url @@\n-"https://www.example.com"\n+"https://docs.example.com"');
    expect(markdown).toContain('| `/llms-full.txt` |');
    expect(markdown).toContain('```diff');
  });

  it('fails with the finding at its content line when the head breaks a rule', async () => {
    const base = await buildBaseFolder();
    await appendFile(join(content.contentDir, 'pages', 'docs.md'), '\nOur webhook API is coming.\n');
    const report = await runCheck({ ...options(), base });
    expect(report.ok).toBe(false);
    const rules = report.findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId} ${f.file}`);
    expect(rules).toEqual(['unpublished-interface content/pages/docs.md']);
    const text = await readFile(join(content.contentDir, 'pages', 'docs.md'), 'utf8');
    expect(report.findings[0]!.line).toBe(text.split('\n').indexOf('Our webhook API is coming.') + 1);
    expect(renderMarkdown(report)).toMatch(/❌ Check failed: 1 error/);
  });

  it('reports a head that does not load without listing every file as removed', async () => {
    const base = await buildBaseFolder();
    await writeFile(join(content.contentDir, 'pages', 'ai.md'), '---\ntitle: [unclosed\n---\nBody\n');
    const report = await runCheck({ ...options(), base });
    expect(report.ok).toBe(false);
    expect(report.head.built).toBe(false);
    expect(report.artifacts).toEqual([]);
    expect(report.findings[0]).toMatchObject({
      severity: 'error',
      stage: 'load',
      file: expect.stringContaining('pages/ai.md'),
    });
    expect(renderMarkdown(report)).toContain('did not build far enough');
  });

  it('reports a head that fails while its pages are made as not built, naming each error at its file and line', async () => {
    const base = await buildBaseFolder();
    await appendFile(join(content.contentDir, 'pages', 'docs.md'), '\n::scopez\n');
    const lines = (await readFile(join(content.contentDir, 'pages', 'docs.md'), 'utf8')).split('\n');
    const line = lines.indexOf('::scopez') + 1;
    // The real kinds: the pages are rendered, and the mistake is found while they are made.
    const report = await runCheck({ ...options(), kinds: undefined, base });
    expect(report.ok).toBe(false);
    expect(report.head.built).toBe(false);
    expect(report.artifacts).toEqual([]);
    expect(report.head.failure).toEqual([
      expect.stringMatching(new RegExp(`content/pages/docs\\.md:${line} .*::scopez.*\\[unknown-directive\\]`)),
    ]);
    const markdown = renderMarkdown(report);
    expect(markdown).not.toContain('0 changed');
    expect(markdown).toContain('did not build');
    expect(markdown).toContain(`pages/docs.md:${line}`);
  });

  it('says it reads a base folder, and builds only a git ref', async () => {
    const base = await buildBaseFolder();
    const said: string[] = [];
    await runCheck({ ...options(), base, progress: (m) => said.push(m) });
    expect(said[0]).toBe(`Reading the base folder ${base}…`);
    expect(said.join('\n')).not.toContain('Building the base');
  });
});

describe('runCheck against a git ref', () => {
  beforeEach(async () => {
    const run = (...args: string[]) => git('git', args, { cwd: content.root });
    await run('init', '-q', '-b', 'main');
    await run('add', 'content', 'schemas');
    await run('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'base');
  });

  it("builds the ref's committed content and compares the working content with it", async () => {
    await appendFile(join(content.contentDir, 'pages', 'pricing.md'), '\nPrices change monthly.\n');
    const report = await runCheck({ ...options(), base: 'main' });
    expect(report.base).toMatchObject({
      source: 'git-ref',
      spec: 'main',
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(report.base.files).toBe(report.head.files);
    const changed = report.artifacts.filter((a) => a.status === 'changed').map((a) => a.path);
    expect(changed).toContain('dist/pricing.md');
    expect(changed).toContain('dist/llms-full.txt');
    expect(report.summary.added + report.summary.removed).toBe(0);
  });

  it('says the base did not build when the ref has broken content, and lists the head as added', async () => {
    await writeFile(join(content.contentDir, 'pages', 'ai.md'), '---\ntitle: [unclosed\n---\n');
    await git('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-am', 'broken'], {
      cwd: content.root,
    });
    await git('git', ['checkout', '-q', 'HEAD~1', '--', 'content'], { cwd: content.root });
    const report = await runCheck({ ...options(), base: 'main' });
    expect(report.ok).toBe(true);
    expect(report.base.failure?.[0]).toContain('pages/ai.md');
    expect(report.summary.added).toBe(report.head.files);
  });

  it('rejects a base that is neither a folder nor a ref', async () => {
    await expect(runCheck({ ...options(), base: 'no-such-branch' })).rejects.toThrow(BaseError);
  });
});
