// Runs one measurement in a child process (so that its peak memory is its own) and returns the child's report.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseReport, type ChildReport } from '../child/report.js';
import { BENCH_DIR } from './paths.js';

export async function runChild(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<ChildReport> {
  const file = join(BENCH_DIR, 'child', script);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const report = parseReport(stdout);
      if (report) resolvePromise(report);
      else reject(new Error(`${script} ${args.join(' ')} exited with ${code} and no report:\n${stderr.slice(-2000)}`));
    });
  });
}
