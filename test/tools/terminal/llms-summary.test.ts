// The build summary's llms lines: one per llms file with its size and token estimate.
import { describe, expect, it } from 'vitest';
import { estimateTokens, llmsSummary } from '../../../generator/tools/terminal/llms-summary.js';
import { ArtifactSet, type RegistryEntry } from '../../../generator/build/registry/types.js';
import type { Registry } from '../../../generator/build/registry/registry.js';

const entry = (path: string, kind: string) => ({ path, kind, host: 'site', file: path.slice(1) }) as RegistryEntry;

describe('llmsSummary', () => {
  it('reports each llms file with its characters and about a quarter as many tokens, and nothing else', () => {
    const artifacts = new ArtifactSet();
    artifacts.set({ entry: entry('/llms.txt', 'llms-root'), body: 'x'.repeat(400) });
    artifacts.set({ entry: entry('/llms-full.txt', 'llms-full'), body: 'é'.repeat(10) });
    artifacts.set({ entry: entry('/mcp.md', 'markdown'), body: 'ignored' });
    const lines = llmsSummary({ artifacts, registry: {} as Registry });
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/\/llms\.txt\s+400 chars\s+~100 tokens/);
    expect(lines[2]).toMatch(/\/llms-full\.txt\s+10 chars\s+~3 tokens/);
  });

  it('rounds the estimate up', () => {
    expect(estimateTokens(0)).toBe(0);
    expect(estimateTokens(1)).toBe(1);
    expect(estimateTokens(8)).toBe(2);
  });
});
