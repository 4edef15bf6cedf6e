// Test helpers: runs a command's entry point from its source (through tsx, as tests run everything), and can tell
// which of the project's modules it loaded.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../generator/build/files/project-paths.js';

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The project's modules the process loaded (paths from the project root), when traced. */
  modules: string[];
}

/** A module hook (registered after tsx's, so it sees the resolved sources) that lists every file loaded. */
const TRACE_HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.MODULE_TRACE_FILE, url + '\\n');
  return next(url, context);
}
`;

/** Runs `generator/tools/cli/<command>.ts` with `args` from the project folder. */
export async function runCommand(
  command: string,
  args: string[],
  options: { trace?: boolean } = {},
): Promise<CommandRun> {
  const execArgv = ['--import', 'tsx'];
  const env = { ...process.env };
  let traceFile: string | undefined;
  if (options.trace) {
    const dir = await mkdtemp(join(tmpdir(), 'module-trace-'));
    traceFile = join(dir, 'loaded.txt');
    await writeFile(traceFile, '');
    await writeFile(join(dir, 'hooks.mjs'), TRACE_HOOKS);
    await writeFile(
      join(dir, 'register.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${join(dir, 'hooks.mjs')}`)});\n`,
    );
    execArgv.push('--import', join(dir, 'register.mjs'));
    env.MODULE_TRACE_FILE = traceFile;
  }
  const script = join(PROJECT_ROOT, 'generator', 'tools', 'cli', `${command}.ts`);
  const { code, stdout, stderr } = await new Promise<Omit<CommandRun, 'modules'>>((resolve) => {
    execFile(
      process.execPath,
      [...execArgv, script, ...args],
      { cwd: PROJECT_ROOT, env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
  const modules = traceFile
    ? [...new Set((await readFile(traceFile, 'utf8')).split('\n').filter(Boolean))]
        .map((url) => relative(PROJECT_ROOT, fileURLToPath(url.replace(/\?.*$/, ''))))
        .filter((path) => path.startsWith('generator/'))
    : [];
  return { code, stdout, stderr, modules };
}
