// The lines a successful build prints: what was written where, and the size of the files agents read whole.
import type { PipelineResult } from '../../build/pipeline.js';
import type { HostName } from '../../build/registry/types.js';
import { budgetSummary } from './budget-summary.js';
import { formatBytes } from './format-bytes.js';
import { llmsSummary } from './llms-summary.js';

/** Per-kind lines for the summary (llms sizes and token estimates, for instance), added by the families that own them. */
export const summaryReporters: ((result: Required<Pick<PipelineResult, 'artifacts' | 'registry'>>) => string[])[] = [
  llmsSummary,
  budgetSummary,
];

export function summarize(result: PipelineResult, outDir: string, env: string, ms: number): string {
  const artifacts = result.artifacts!.values();
  const byHost = new Map<HostName, { files: number; bytes: number }>();
  for (const a of artifacts) {
    const size = typeof a.body === 'string' ? Buffer.byteLength(a.body) : a.body.byteLength;
    const t = byHost.get(a.entry.host) ?? { files: 0, bytes: 0 };
    t.files += 1;
    t.bytes += size;
    byHost.set(a.entry.host, t);
  }
  const lines = [`Built ${artifacts.length} files for ${env} in ${Math.round(ms)} ms:`];
  for (const [host, t] of byHost) {
    const dir = host === 'site' ? `${outDir}/` : `${outDir}-hosts/${host}/`;
    lines.push(
      `  ${dir.padEnd(24)} ${String(t.files).padStart(4)} files  ${formatBytes(t.bytes)}  (${result.registry!.origin(host)})`,
    );
  }
  for (const reporter of summaryReporters) {
    lines.push(...reporter({ artifacts: result.artifacts!, registry: result.registry! }));
  }
  return `${lines.join('\n')}\n`;
}

export { formatBytes };
