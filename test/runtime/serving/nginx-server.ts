// Runs Debian's nginx as the current user on 127.0.0.1 with the generated configuration, in a folder of its own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import {
  CONTEXTS_VARIABLE,
  NGINX_CONTEXTS_LINE,
  NGINX_LISTEN_LINE,
  NGINX_ROOT_LINE,
} from '../../../generator/build/emit/cdn/nginx-config.js';
import { writeNginxPageContexts } from '../../../generator/build/write/nginx-page-contexts.js';

export function findNginx(): string | undefined {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Writes the configuration files and checks them with `nginx -t`; returns the arguments that run nginx on them. The
 * lines a deployer edits are set to the test's port, its dist/ and its copy of the page contexts (`contexts`).
 */
function prepare(
  binary: string,
  generatedConfig: string,
  dist: string,
  contexts: string,
  workDir: string,
  port: number,
): string[] {
  for (const line of [NGINX_LISTEN_LINE, NGINX_ROOT_LINE]) {
    if (!generatedConfig.includes(line)) throw new Error(`the generated configuration lacks the line "${line.trim()}"`);
  }
  const site = generatedConfig
    .replace(NGINX_LISTEN_LINE, `    listen 127.0.0.1:${port};`)
    .replace(NGINX_ROOT_LINE, `    root ${dist};`)
    .replace(NGINX_CONTEXTS_LINE, `    set $${CONTEXTS_VARIABLE} ${contexts};`);
  mkdirSync(join(workDir, 'logs'), { recursive: true });
  mkdirSync(join(workDir, 'tmp'), { recursive: true });
  writeFileSync(join(workDir, 'site.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (t) => `  ${t}_temp_path ${join(workDir, 'tmp', t)};`,
  );
  // As root, nginx would hand requests to `nobody`, who cannot read a private temporary folder.
  const user = process.getuid?.() === 0 ? ['user root;'] : [];
  writeFileSync(
    join(workDir, 'nginx.conf'),
    [
      ...user,
      'worker_processes 1;',
      'daemon off;',
      `pid ${join(workDir, 'nginx.pid')};`,
      `error_log ${join(workDir, 'logs', 'error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  access_log off;',
      ...temp,
      `  include ${join(workDir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', workDir, '-c', join(workDir, 'nginx.conf'), '-e', join(workDir, 'logs', 'error.log')];
  const check = spawnSync(binary, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx rejected the generated configuration:\n${check.stderr}`);
  return args;
}

/** Whether nginx accepts a generated configuration (`nginx -t`), without serving it. */
export function checkNginxConfig(binary: string, generatedConfig: string, workDir: string): void {
  prepare(binary, generatedConfig, join(workDir, 'dist'), join(workDir, 'page-context'), workDir, 9);
}

export interface RunningNginx {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts nginx on the generated configuration; only the lines a deployer edits (listen, root, the page contexts'
 * folder) are replaced. The page contexts' folder is made from dist/'s shards as `npm run ready` makes it.
 */
export async function startNginx(
  binary: string,
  generatedConfig: string,
  dist: string,
  workDir: string,
): Promise<RunningNginx> {
  const port = await freePort();
  const contexts = join(workDir, 'page-context');
  await writeNginxPageContexts(dist, contexts);
  const args = prepare(binary, generatedConfig, dist, contexts, workDir, port);
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) break;
    if (await accepting(port)) {
      return {
        origin: `http://127.0.0.1:${port}`,
        async stop() {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  const log = existsSync(join(workDir, 'logs', 'error.log'))
    ? readFileSync(join(workDir, 'logs', 'error.log'), 'utf8')
    : '';
  throw new Error(`nginx did not start: ${stderr}\n${log}`);
}
