// What every measured child process prints last: the time of its work and its peak resident memory.

export interface ChildReport {
  /** Milliseconds spent in the measured work (imports and process start excluded). */
  ms: number;
  /** Peak resident set size of the whole process, in MiB. */
  peakRssMb: number;
  ok: boolean;
  /** Files written by the work. */
  files?: number;
  note?: string;
  [extra: string]: unknown;
}

export function printReport(report: Omit<ChildReport, 'peakRssMb'>): void {
  // maxRSS is in KiB on Linux.
  const peakRssMb = Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;
  process.stdout.write(`\nBENCH-REPORT ${JSON.stringify({ ...report, peakRssMb })}\n`);
}

export function parseReport(stdout: string): ChildReport | undefined {
  const line = stdout
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('BENCH-REPORT '));
  return line ? (JSON.parse(line.slice('BENCH-REPORT '.length)) as ChildReport) : undefined;
}
