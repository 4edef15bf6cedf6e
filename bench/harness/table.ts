// Prints benchmark rows as a Markdown table (the README's Performance section uses the same table).
import type { Row } from '../suites/pages.js';

export function markdownTable(rows: Row[]): string {
  const lines = [
    '| Suite | Measurement | N | Median | Spread (min–max) | Peak RSS | Ratio |',
    '|---|---|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const s = row.summary;
    const ratio = row.ratio ? `${row.ratio.value}× ${row.ratio.to}` : '';
    lines.push(
      `| ${row.suite} | ${row.measurement} | ${row.size.toLocaleString('en')} | ${ms(s.medianMs)} | ${ms(s.minMs)}–${ms(s.maxMs)} | ${s.peakRssMb} MB | ${ratio} |`,
    );
  }
  return lines.join('\n');
}

function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value} ms`;
}
