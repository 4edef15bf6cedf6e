import { execFile, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR, PROJECT_ROOT } from '../../../generator/build/files/project-paths.js';

const run = promisify(execFile);
const dev = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'generator/tools/cli/dev.ts', ...args], { cwd: PROJECT_ROOT }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe('npm run dev (command line)', () => {
  it('prints its help with the exit codes', async () => {
    const result = await dev('--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Exit codes: 0 stopped with Ctrl-C, 1 could not start (a port in use, for instance), 2 usage error.',
    );
  });

  it('exits 2 on an unknown option or a bad port, before building anything', async () => {
    expect((await dev('--colour')).code).toBe(2);
    const result = await dev('--port', 'eighty');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port must be a port number');
    expect(result.stderr).toContain('Usage: npm run dev');
    const host = await dev('--host', 'not an address');
    expect(host.code).toBe(2);
    expect(host.stderr).toContain('--host must be an IP address');
    expect(host.stderr).toContain('Usage: npm run dev');
  });

  it('exits 1 when its port is in use, saying which flag moves it', async () => {
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    const { port } = taken.address() as AddressInfo;
    try {
      const result = await dev('--port', String(port), '--no-write');
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/Could not start: a port is in use \(.*EADDRINUSE.*\)\. .*--port N/);
    } finally {
      await new Promise((closed) => taken.close(closed));
    }
  }, 60_000);
});

describe('npm run dev -- --content DIR', () => {
  it("reads a content folder elsewhere with the project's schemas, as npm run build does", async () => {
    // A content folder with no schemas/ beside it; its preview addresses on port 0, so the system picks the ports.
    const root = await mkdtemp(join(tmpdir(), 'dev-cli-content-'));
    const contentDir = join(root, 'content');
    await cp(DEFAULT_CONTENT_DIR, contentDir, { recursive: true });
    const service = join(contentDir, 'service.yaml');
    await writeFile(
      service,
      (await readFile(service, 'utf8')).replace(/^( {4}\w+_url: http:\/\/localhost):\d+$/gm, '$1:0'),
    );
    // --open runs the system's opener: a stand-in on the PATH (and as $BROWSER) notes the address it was given.
    const bin = join(root, 'bin');
    const opened = join(root, 'opened.txt');
    await mkdir(bin);
    const opener = join(bin, 'xdg-open');
    await writeFile(opener, `#!/bin/sh\necho "$1" >> ${opened}\n`);
    await chmod(opener, 0o755);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'generator/tools/cli/dev.ts',
        '--content',
        contentDir,
        '--no-write',
        '--open',
        '--host',
        '127.0.0.2',
      ],
      {
        cwd: PROJECT_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, BROWSER: opener },
      },
    );
    try {
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<number | string | null>((resolve) =>
        child.once('close', (code, signal) => resolve(code ?? signal)),
      );
      // Started (it then says how to stop it), or ended.
      const settled = new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('Ctrl-C to stop')) resolve();
        });
        void exited.then(() => resolve());
      });
      await settled;
      expect(stderr).toMatch(/✓ build #1 in \d+ ms/);
      // Bound to the address asked for, and every address names it.
      const site = /Site\s+(?:\S*?)(http:\/\/127\.0\.0\.2:\d+)/.exec(stdout)?.[1];
      expect(site).toBeDefined();
      expect((await fetch(`${site}/llms.txt`)).status).toBe(200);
      for (let i = 0; i < 50 && !(await readFile(opened, 'utf8').catch(() => '')); i++) await sleep(100);
      expect((await readFile(opened, 'utf8')).trim()).toBe(site);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      // One line to say it stopped.
      expect(stdout.trimEnd().split('\n').at(-1)).toMatch(/^Stopped\b/);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);
});
