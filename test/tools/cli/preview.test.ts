// The commands: `npm run token` mints a token the MCP host accepts; `npm run preview` serves, prints, stops on SIGTERM;
// a broken fixture file is reported at its place.
import { CONTENT_SCHEMA_DIR, DEFAULT_CONTENT_DIR, PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../generator/build/content/load.js';
import { Diagnostics } from '../../../generator/build/messages/diagnostics.js';
import { createPreviewProvider } from '../../../generator/tools/preview/auth/auth-host.js';
import { loadPreviewModel, mintPreviewToken } from '../../../generator/tools/preview/token.js';

const tsx = (script: string, args: string[]) =>
  [process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, script), ...args]] as const;

describe('npm run token', () => {
  it('prints a token for the user and scopes asked, valid for the preview MCP resource', async () => {
    const [node, args] = tsx('generator/tools/cli/token.ts', [
      '--user',
      'u-bob',
      '--scopes',
      'svc.members.read,svc.orders.read',
    ]);
    const run = spawnSync(node, args, { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const model = await loadPreviewModel();
    const info = await createPreviewProvider(model).verifyAccessToken(run.stdout.trim());
    expect(info.extra!.userId).toBe('u-bob');
    expect(info.scopes).toEqual(['svc.members.read', 'svc.orders.read']);
    expect(info.resource!.href).toBe(`${model.addresses.mcp_url}${model.mcpServer.endpointPath}`);
  });

  it('refuses an unknown user or scope', async () => {
    const model = await loadPreviewModel();
    await expect(mintPreviewToken(model, { userId: 'u-nobody' })).rejects.toThrow(/not among the users/);
    await expect(mintPreviewToken(model, { scopes: ['svc.payments.write'] })).rejects.toThrow(/Unknown scope/);
  });
});

describe('npm run preview', () => {
  it('builds, prints the four addresses and the token command, serves, and stops cleanly on SIGTERM', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'preview-cli-')), 'dist-preview');
    const [node, args] = tsx('generator/tools/cli/preview.ts', [
      '--site-port',
      '0',
      '--api-port',
      '0',
      '--mcp-port',
      '0',
      '--auth-port',
      '0',
      '--out',
      out,
    ]);
    const child = spawn(node, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start:\n${stdout}`)), 90_000);
        child.stdout.on('data', () => {
          if (stdout.includes('Stop with Ctrl-C')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}:\n${stdout}`)));
      });
      const site = /Site\s+(http:\/\/\S+)/.exec(stdout)![1]!;
      expect(stdout).toMatch(/Pricing API\s+http:\/\/localhost:\d+/);
      expect(stdout).toMatch(/MCP endpoint\s+http:\/\/localhost:\d+\/mcp/);
      expect(stdout).toMatch(/Authorization server\s+http:\/\/localhost:\d+/);
      expect(stdout).toMatch(/npm run -s token -- --user \S+ --scopes \S+ --mcp-url http:\/\/localhost:\d+ --auth-url/);
      expect((await fetch(`${site}/llms.txt`)).status).toBe(200);
      expect(readFileSync(join(out, 'llms.txt'), 'utf8').length).toBeGreaterThan(0);
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  }, 120_000);
});

describe('preview fixtures', () => {
  it('reports a fixture that breaks the schema at its file and line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'content-'));
    try {
      cpSync(DEFAULT_CONTENT_DIR, dir, { recursive: true });
      const file = join(dir, 'preview', 'fixtures.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('physical: false', 'physical: maybe'));
      const diagnostics = new Diagnostics();
      const model = await loadContent({ contentDir: dir, schemaDir: CONTENT_SCHEMA_DIR, env: 'preview' }, diagnostics);
      expect(model).toBeUndefined();
      const message = diagnostics.list().find((m) => m.file.endsWith('preview/fixtures.yaml'));
      expect(message?.ruleId).toBe('content-schema');
      const line =
        readFileSync(file, 'utf8')
          .split('\n')
          .findIndex((l) => l.includes('physical: maybe')) + 1;
      expect(message?.line).toBe(line);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
