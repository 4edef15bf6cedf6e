// The example identity is never deployed by accident: a new clone builds as it is, every build says at its end that the
// production identity is the example, `npm run ready` refuses it until the identity is filled in, and `npm run validate`
// keeps judging the files alone.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { copyContent } from '../../helpers/content.js';

const SLOW = 180_000;
let root: string;
let cacheHome: string;

/** Runs a command's entry point as npm runs it (tsx), from the project folder. */
function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(PROJECT_ROOT, `generator/tools/cli/${command}.ts`), ...args],
      {
        cwd: PROJECT_ROOT,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cacheHome },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A content copy with a real-looking identity: every example value replaced. */
async function filledIn(): Promise<string> {
  const content = await copyContent();
  const service = join(content, 'service.yaml');
  const text = (await readFile(service, 'utf8'))
    .replace(/https:\/\/(www|api|mcp|auth)\.example\.com/g, 'https://$1.northwind-commerce.net')
    .replace('https://social.example.org/example-platform', 'https://social.northwind-commerce.net/platform')
    .replace('name: Example Platform', 'name: Northwind Commerce')
    .replace('legalName: Example Platform, Inc. (example)', 'legalName: Northwind Commerce Ltd.')
    .replace(
      /disambiguatingDescription: >-\n(?: {4}.*\n)+/,
      'disambiguatingDescription: The business platform of Northwind Commerce Ltd.\n',
    );
  await writeFile(service, text);
  const publication = join(content, 'publication.yaml');
  await writeFile(
    publication,
    (await readFile(publication, 'utf8')).replace('com.example/platform-mcp', 'net.northwind-commerce/platform-mcp'),
  );
  return content;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ready-cli-'));
  cacheHome = join(root, 'cache');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the shipped example identity', () => {
  it(
    'builds, and the build says at its end (a skipped rebuild too) that the production identity is the example',
    async () => {
      const out = join(root, 'dist');
      const first = await run('build', ['--out', out]);
      expect(first.code).toBe(0);
      expect(first.stderr.trimEnd()).toMatch(
        /warning \[example-identity\] The production identity is still the example[\s\S]*`npm run ready` refuses to pass until then\.$/,
      );
      expect(first.stderr).toContain(
        'content/service.yaml environments.production.base_url: "https://www.example.com"',
      );
      const again = await run('build', ['--out', out]);
      expect(again.stdout).toContain('is up to date');
      expect(again.stderr).toContain('warning [example-identity]');
    },
    SLOW,
  );

  it(
    'is refused by npm run ready with the values to fill in, while npm run validate judges the files alone',
    async () => {
      const out = join(root, 'dist');
      const ready = await run('ready', [out]);
      expect(ready.code).toBe(1);
      expect(ready.stderr).toMatch(
        /^Not ready to deploy \[example-identity\]\. The production identity is still the example/,
      );
      expect(ready.stderr).toContain('content/service.yaml identity.name: "Example Platform", the example name');
      expect(ready.stderr).toContain('content/publication.yaml publication.mcpServerCard.name');
      // Nothing written for nginx either.
      await expect(readFile(join(`${out}-hosts`, 'nginx', 'page-context', 'pricing.json'))).rejects.toThrow();
      const validate = await run('validate', [out]);
      expect(validate.code).toBe(0);
      expect(validate.stdout + validate.stderr).not.toContain('example-identity');
    },
    SLOW,
  );
});

describe('a filled-in identity', () => {
  it(
    'builds without the notice and passes npm run ready',
    async () => {
      const content = await filledIn();
      const out = join(root, 'real');
      const built = await run('build', ['--out', out, '--content', content]);
      expect(built.code, built.stderr).toBe(0);
      expect(built.stderr).not.toContain('example-identity');
      const ready = await run('ready', [out, '--content', content]);
      expect(ready.stderr).toBe('');
      expect(ready.code).toBe(0);
      expect(ready.stdout).toMatch(/^Ready to deploy: /);
      // The content names nginx: its copy of the page contexts, one file per path, each the bytes of its shard entry.
      const data = JSON.parse(await readFile(join(out, '_agent/page-context.json'), 'utf8'));
      const shards = await Promise.all(
        Array.from({ length: data.contexts.shards }, async (_, k) =>
          JSON.parse(await readFile(join(out, `_agent/page-context/${k}.json`), 'utf8')),
        ),
      );
      const all = Object.assign({}, ...shards) as Record<string, unknown>;
      const nginx = join(`${out}-hosts`, 'nginx', 'page-context');
      expect(ready.stdout).toContain(`For nginx: ${Object.keys(all).length} page contexts, one file each, in `);
      expect(await readFile(join(nginx, 'pricing.json'), 'utf8')).toBe(JSON.stringify(all['/pricing']));
      expect(await readFile(join(nginx, 'pricing.md.json'), 'utf8')).toBe(JSON.stringify(all['/pricing.md']));
      expect(await readFile(join(nginx, '.json'), 'utf8')).toBe(JSON.stringify(all['/']));
    },
    SLOW,
  );
});

describe('a filled-in identity deployed to the CDNs only', () => {
  it(
    'passes npm run ready without writing the copy of the page contexts nginx alone needs',
    async () => {
      const content = await filledIn();
      const resources = join(content, 'discovery-resources.yaml');
      const text = await readFile(resources, 'utf8');
      const withoutNginx = text.replace(/\n {2}- platform: nginx\n/, '\n');
      expect(withoutNginx).not.toBe(text);
      await writeFile(resources, withoutNginx);
      const out = join(root, 'cdn-only');
      const built = await run('build', ['--out', out, '--content', content]);
      expect(built.code, built.stderr).toBe(0);
      const ready = await run('ready', [out, '--content', content]);
      expect([ready.code, ready.stderr]).toEqual([0, '']);
      expect(ready.stdout).not.toContain('For nginx');
      await expect(readFile(join(`${out}-hosts`, 'nginx', 'page-context', 'pricing.json'))).rejects.toThrow();
    },
    SLOW,
  );
});

describe('the publishing paths', () => {
  it('run npm run ready before anything is published', async () => {
    const netlify = await readFile(join(PROJECT_ROOT, 'netlify.toml'), 'utf8');
    expect(netlify).toMatch(/command = "npm run build && npm run ready && /);
    const readme = await readFile(join(PROJECT_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('Not ready to deploy [example-identity]');
  });
});
