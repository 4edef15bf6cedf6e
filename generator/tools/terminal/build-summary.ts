// The lines a successful build prints: what was written where, and the size of the files agents read whole.
import type { PipelineResult } from '../../build/pipeline.js';
import type { HostName } from '../../build/registry/types.js';
import { budgetSummary } from './budget-summary.js';
import { formatBytes } from './format-bytes.js';
import { llmsSummary } from './llms-summary.js';
import { plural } from './plural.js';

/** Per-kind lines for the summary (llms sizes and token estimates, for instance), added by the families that own them. */
export const summaryReporters: ((result: Required<Pick<PipelineResult, 'artifacts' | 'registry'>>) => string[])[] = [
  llmsSummary,
  budgetSummary,
];

export function summarize(result: PipelineResult, outDir: string, env: string, ms: number): string {
  const folders = result.folders ?? inMemory(result);
  const total = folders.reduce((n, f) => n + f.files, 0);
  const lines = [`Built ${plural(total, 'file')} for ${env} in ${Math.round(ms)} ms:`];
  for (const { host, files, bytes } of folders) {
    const dir = host === 'site' ? `${outDir}/` : `${outDir}-hosts/${host}/`;
    lines.push(
      `  ${dir.padEnd(24)} ${plural(files, 'file').padStart(10)}  ${formatBytes(bytes)}  (${result.registry!.origin(host)})`,
    );
  }
  for (const reporter of summaryReporters) {
    lines.push(...reporter({ artifacts: result.artifacts!, registry: result.registry! }));
  }
  return `${lines.join('\n')}\n`;
}

export { formatBytes };

/** Per host, the files a build has made but not written (streamed ones counted as they are made). */
function inMemory(result: PipelineResult): { host: HostName; files: number; bytes: number }[] {
  const byHost = new Map<HostName, { host: HostName; files: number; bytes: number }>();
  const add = (host: HostName, body: string | Uint8Array) => {
    const t = byHost.get(host) ?? { host, files: 0, bytes: 0 };
    t.files += 1;
    t.bytes += typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    byHost.set(host, t);
  };
  for (const a of result.artifacts!.values()) add(a.entry.host, a.body);
  for (const stream of result.artifacts!.streams()) for (const f of stream.files()) add(stream.entry.host, f.body);
  return [...byHost.values()];
}
