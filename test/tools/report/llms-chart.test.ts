import sax from 'sax';
import { describe, expect, it } from 'vitest';
import { llmsChart } from '../../../generator/tools/report/llms-chart.js';
import type { LlmsSize } from '../../../generator/tools/report/run-check.js';

const size = (tokens: number) => ({ bytes: tokens * 4, chars: tokens * 4, tokens });

/** The chart's elements, read with a strict XML parser (a malformed chart throws). */
function elements(svg: string): { name: string; attributes: Record<string, string>; text: string }[] {
  const parser = sax.parser(true);
  const out: { name: string; attributes: Record<string, string>; text: string }[] = [];
  parser.onopentag = (tag) =>
    out.push({ name: tag.name, attributes: tag.attributes as Record<string, string>, text: '' });
  parser.ontext = (text) => {
    if (out.length > 0) out[out.length - 1]!.text += text;
  };
  parser.write(svg).close();
  return out;
}

describe('llmsChart', () => {
  const sizes: LlmsSize[] = [
    { path: 'dist/llms-full.txt', url: '/llms-full.txt', kind: 'llms-full', base: size(1000), head: size(1200) },
    { path: 'dist/docs/llms.txt', url: '/docs/llms.txt', kind: 'llms-index', base: size(300), head: size(300) },
    { path: 'dist/a&b/llms.txt', url: '/a&b/llms.txt', kind: 'llms-index', head: size(600) },
  ];

  it('draws a base and a head bar per file, in proportion to the tokens', () => {
    const svg = elements(llmsChart(sizes));
    const bars = (kind: string) => svg.filter((e) => e.name === 'rect' && e.attributes.class === kind);
    expect(bars('head').map((b) => Number(b.attributes.width))).toEqual([380, 95, 190]);
    // A new file has no base bar.
    expect(bars('base').map((b) => Number(b.attributes.width))).toEqual([317, 95]);
  });

  it('labels each file with its change in tokens, and escapes what it prints', () => {
    const texts = elements(llmsChart(sizes))
      .filter((e) => e.name === 'text')
      .map((e) => e.text);
    expect(texts).toContain('~1200 tokens (+200)');
    expect(texts).toContain('~300 tokens (±0)');
    expect(texts).toContain('~600 tokens (new)');
    expect(texts).toContain('/a&b/llms.txt');
  });
});
