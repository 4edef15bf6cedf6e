// The load suite: the preview server's pricing call and MCP tools/call under autocannon at 50 connections, and the
// same tools/call on a fresh SDK server and transport per request (the baseline).
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { childCommand } from '../harness/paths.js';
import { median } from '../harness/stats.js';

interface Target {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface LoadRow {
  /** The load server's name of the target, for the targets to find the row by. */
  kind: string;
  target: string;
  connections: number;
  seconds: number;
  runs: number;
  requestsPerSecond: number;
  /** Spread of requests per second over the runs. */
  minRps: number;
  maxRps: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and answers other than 2xx, summed over the runs. */
  errors: number;
  serverPeakRssMb?: number;
}

const LABELS: Record<string, string> = {
  pricing: 'pricing call (POST {api_url}/api/v1/communities/plans/prices)',
  mcpToolsCall: 'MCP tools/call, preview host (one session)',
  freshServerPerRequest: 'MCP tools/call, fresh SDK Server + transport per request',
};

export async function loadSuite(
  options: { runs: number; seconds: number; connections: number },
  log: (line: string) => void,
): Promise<LoadRow[]> {
  log('load: starting the preview hosts');
  const child = spawn(process.execPath, childCommand('load-server.ts'), {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const targets = await new Promise<Record<string, Target>>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((l) => l.startsWith('LOAD-READY '));
      if (line) resolve(JSON.parse(line.slice('LOAD-READY '.length)) as Record<string, Target>);
    });
    child.on('close', (code) => reject(new Error(`the load server exited with ${code}:\n${stderr.slice(-2000)}`)));
  });
  const rows: LoadRow[] = [];
  try {
    for (const [name, target] of Object.entries(targets)) {
      const results: autocannon.Result[] = [];
      for (let i = 0; i < options.runs; i++) {
        log(`load: ${name} ${i + 1}/${options.runs}`);
        results.push(await fire(target, options));
      }
      const rps = results.map((r) => r.requests.average);
      rows.push({
        kind: name,
        target: LABELS[name] ?? name,
        connections: options.connections,
        seconds: options.seconds,
        runs: options.runs,
        requestsPerSecond: Math.round(median(rps)),
        minRps: Math.round(Math.min(...rps)),
        maxRps: Math.round(Math.max(...rps)),
        p50Ms: median(results.map((r) => r.latency.p50)),
        p99Ms: median(results.map((r) => r.latency.p99)),
        errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
      });
    }
  } finally {
    const done = new Promise<void>((resolve) => child.on('close', () => resolve()));
    child.stdin.end();
    await done;
  }
  const peak = /LOAD-DONE (\{.*\})/.exec(stdout)?.[1];
  if (peak) for (const row of rows) row.serverPeakRssMb = (JSON.parse(peak) as { peakRssMb: number }).peakRssMb;
  return rows;
}

/** One autocannon run. The preview hosts bind 127.0.0.1 but check the Host header against their published address. */
function fire(target: Target, options: { seconds: number; connections: number }): Promise<autocannon.Result> {
  const url = new URL(target.url);
  const host = url.host;
  url.hostname = '127.0.0.1';
  return autocannon({
    url: url.toString(),
    method: 'POST',
    headers: { ...target.headers, host },
    body: target.body,
    connections: options.connections,
    duration: options.seconds,
  });
}

export function loadTable(rows: LoadRow[]): string {
  const lines = [
    '| Target | Connections | Requests/s (median, min–max) | p50 | p99 | Errors |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.target} | ${r.connections} | ${r.requestsPerSecond} (${r.minRps}–${r.maxRps}) | ${r.p50Ms} ms | ${r.p99Ms} ms | ${r.errors} |`,
    );
  }
  return lines.join('\n');
}
