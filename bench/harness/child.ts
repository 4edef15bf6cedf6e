// Runs one measurement in a child process (so that its peak memory is its own) and returns the child's report.
// A child that runs past its time limit is stopped; its peak memory is still known from /proc (sampled).
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { parseReport, type ChildReport } from '../child/report.js';
import { childCommand } from './paths.js';

export interface ChildOptions {
  /** Stop the child after this long and report it as timed out. */
  timeoutMs?: number;
}

export async function runChild(script: string, args: string[], options: ChildOptions = {}): Promise<ChildReport> {
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...childCommand(script), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let peakKb = 0;
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const sampler = setInterval(() => {
      void readFile(`/proc/${child.pid}/status`, 'utf8').then(
        (status) => {
          const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
          if (kb > peakKb) peakKb = kb;
        },
        () => undefined,
      );
    }, 250);
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, options.timeoutMs)
      : undefined;
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sampler);
      if (timer) clearTimeout(timer);
      if (timedOut) {
        resolvePromise({
          ms: performance.now() - started,
          peakRssMb: Math.round(peakKb / 102.4) / 10,
          ok: false,
          timedOut: true,
          note: `stopped after ${Math.round(options.timeoutMs! / 1000)} s`,
        });
        return;
      }
      const report = parseReport(stdout);
      if (report) resolvePromise(report);
      else reject(new Error(`${script} ${args.join(' ')} exited with ${code} and no report:\n${stderr.slice(-2000)}`));
    });
  });
}
