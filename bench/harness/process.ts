// Times one whole process from start to exit, as a user waits for it: the wall time measured here, the CPU time and
// peak resident memory of the process itself from GNU time (/usr/bin/time -f, its rusage). Where GNU time is
// missing, the CPU time comes from this process's counters of its waited-for children and the memory is unknown.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const GNU_TIME = '/usr/bin/time';

export interface ProcessRun {
  ms: number;
  /** User + system CPU seconds of the process (its own threads and any child it waited for). */
  cpuS: number;
  /** Peak resident set size, MiB; undefined without GNU time. */
  peakRssMb?: number;
}

/** Linux clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every common configuration). */
const USER_HZ = 100;

async function childrenCpuSeconds(): Promise<number> {
  // Fields 16 and 17 (cutime, cstime): after the process's name in parentheses, which may itself hold spaces.
  const stat = await readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / USER_HZ;
}

/** Runs `node <args>` (from `cwd`) to its end; rejects if it exits with another code than 0. */
export async function runProcess(args: string[], cwd: string): Promise<ProcessRun> {
  const withTime = existsSync(GNU_TIME);
  const dir = await mkdtemp(join(tmpdir(), 'bench-time-'));
  const timeFile = join(dir, 'time');
  const [command, argv] = withTime
    ? [GNU_TIME, ['-o', timeFile, '-f', '%U %S %M', process.execPath, ...args]]
    : [process.execPath, args];
  const cpuBefore = withTime ? 0 : await childrenCpuSeconds();
  try {
    const started = performance.now();
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(command, argv, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stderr }));
    });
    const ms = performance.now() - started;
    if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}: ${stderr.slice(-500)}`);
    if (!withTime) return { ms, cpuS: (await childrenCpuSeconds()) - cpuBefore };
    // GNU time writes "Command exited with non-zero status" first when it did; the last line is the format's.
    const [user, system, maxKb] = (await readFile(timeFile, 'utf8')).trim().split('\n').at(-1)!.split(' ').map(Number);
    return { ms, cpuS: user! + system!, peakRssMb: maxKb! / 1024 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
