// Prints benchmark rows as a Markdown table (the README's Performance section uses the same table).
import type { Row } from '../suites/pages.js';

export function markdownTable(rows: Row[]): string {
  const lines = [
    '| Suite | Measurement | N | Median | Spread (min–max) | Peak RSS | Ratio |',
    '|---|---|---:|---:|---:|---:|---|',
  ];
  const notes: string[] = [];
  for (const row of rows) {
    const s = row.summary;
    const ratio = row.ratio ? `${row.ratio.value}× ${row.ratio.to}` : '';
    let marks = '';
    for (const note of row.notes ?? []) {
      notes.push(note);
      marks += `<sup>${notes.length}</sup>`;
    }
    lines.push(
      s
        ? `| ${row.suite} | ${row.measurement}${marks} | ${row.size.toLocaleString('en')} | ${ms(s.medianMs)} | ${ms(s.minMs)}–${ms(s.maxMs)} | ${s.peakRssMb} MB | ${ratio} |`
        : `| ${row.suite} | ${row.measurement}${marks} | ${row.size.toLocaleString('en')} | — | — | — | |`,
    );
  }
  return [...lines, '', ...notes.map((n, i) => `${i + 1}. ${n}`)].join('\n');
}

/** A time as the tables print it. */
export function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value} ms`;
}
