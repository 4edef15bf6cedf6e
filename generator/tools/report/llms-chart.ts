// A bar chart (SVG) of the llms files' estimated tokens in the base and the head, written beside the report.
import { formatBytes } from '../terminal/build-summary.js';
import type { LlmsSize } from './run-check.js';

const LABEL_WIDTH = 230;
const BAR_WIDTH = 380;
const TEXT_WIDTH = 210;
const ROW = 44;
const TOP = 40;
const BASE_COLOUR = '#9ca3af';
const HEAD_COLOUR = '#2563eb';

export function llmsChart(sizes: LlmsSize[]): string {
  const most = Math.max(1, ...sizes.flatMap((s) => [s.head.tokens, s.base?.tokens ?? 0]));
  const bar = (tokens: number) => Math.max(1, Math.round((tokens / most) * BAR_WIDTH));
  const width = LABEL_WIDTH + BAR_WIDTH + TEXT_WIDTH;
  const height = TOP + sizes.length * ROW + 36;
  const rows = sizes.map((s, i) => {
    const y = TOP + i * ROW;
    const delta = s.base ? s.head.tokens - s.base.tokens : undefined;
    const change = delta === undefined ? 'new' : delta === 0 ? '±0' : delta > 0 ? `+${delta}` : `−${-delta}`;
    const bytes = s.base ? `${formatBytes(s.base.bytes)} → ${formatBytes(s.head.bytes)}` : formatBytes(s.head.bytes);
    return [
      `<text x="8" y="${y + 22}" class="label">${escapeXml(s.url)}</text>`,
      s.base
        ? `<rect class="base" x="${LABEL_WIDTH}" y="${y + 6}" width="${bar(s.base.tokens)}" height="12" fill="${BASE_COLOUR}"><title>base: ~${s.base.tokens} tokens</title></rect>`
        : '',
      `<rect class="head" x="${LABEL_WIDTH}" y="${y + 20}" width="${bar(s.head.tokens)}" height="12" fill="${HEAD_COLOUR}"><title>head: ~${s.head.tokens} tokens</title></rect>`,
      `<text x="${LABEL_WIDTH + BAR_WIDTH + 8}" y="${y + 17}">~${s.head.tokens} tokens (${change})</text>`,
      `<text x="${LABEL_WIDTH + BAR_WIDTH + 8}" y="${y + 32}" class="small">${escapeXml(bytes)}</text>`,
    ].join('');
  });
  const legend = TOP + sizes.length * ROW + 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="13">
<style>.label{font-family:ui-monospace,monospace}.small{font-size:11px;fill:#57606a}</style>
<rect width="100%" height="100%" fill="#fff"/>
<text x="8" y="24" font-weight="bold">Files agents read whole: estimated tokens (four characters each), base and head</text>
${rows.join('\n')}
<rect x="${LABEL_WIDTH}" y="${legend - 10}" width="12" height="12" fill="${BASE_COLOUR}"/><text x="${LABEL_WIDTH + 18}" y="${legend}">base</text>
<rect x="${LABEL_WIDTH + 70}" y="${legend - 10}" width="12" height="12" fill="${HEAD_COLOUR}"/><text x="${LABEL_WIDTH + 88}" y="${legend}">head</text>
</svg>
`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
