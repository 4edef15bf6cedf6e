// The build summary's lines for the llms files: size and an estimated token count, since agents read them whole.
import type { PipelineResult } from '../../build/pipeline.js';
import { isLlmsKind } from '../../build/emit/guidance/kind-names.js';

/** A rough token estimate: about four characters per token for English prose (OpenAI's published rule of thumb). */
export const estimateTokens = (chars: number) => Math.ceil(chars / 4);

export function llmsSummary({ artifacts }: Required<Pick<PipelineResult, 'artifacts' | 'registry'>>): string[] {
  const lines = artifacts
    .values()
    .filter((a) => isLlmsKind(a.entry.kind) && a.entry.host === 'site')
    .map((a) => {
      const chars = artifacts.text(a).length;
      return `  ${a.entry.path.padEnd(24)} ${String(chars).padStart(7)} chars  ~${estimateTokens(chars)} tokens`;
    });
  return lines.length ? ['llms files (tokens estimated as characters / 4):', ...lines] : [];
}
