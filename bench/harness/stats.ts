// Median and spread of repeated measurements.
import type { ChildReport } from '../child/report.js';

export interface Summary {
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** Median peak resident memory, MiB. */
  peakRssMb: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(reports: ChildReport[]): Summary {
  const ms = reports.map((r) => r.ms);
  return {
    runs: reports.length,
    medianMs: Math.round(median(ms)),
    minMs: Math.round(Math.min(...ms)),
    maxMs: Math.round(Math.max(...ms)),
    peakRssMb: Math.round(median(reports.map((r) => r.peakRssMb))),
  };
}
