// Compares a head build with a base build, artifact by artifact: added, removed, changed, with a readable summary.
import type { ArtifactTree } from './artifact-tree.js';
import { diffJsonDocuments, type JsonDiff } from './json-diff.js';
import { diffText, type TextDiff } from './text-diff.js';

export type ChangeSummary = ({ format: 'json' } & JsonDiff) | ({ format: 'text' } & TextDiff) | { format: 'binary' };

export interface ArtifactChange {
  path: string;
  status: 'added' | 'removed' | 'changed';
  baseBytes?: number;
  headBytes?: number;
  summary?: ChangeSummary;
}

export interface Comparison {
  changes: ArtifactChange[];
  unchanged: number;
}

export function compareTrees(base: ArtifactTree, head: ArtifactTree): Comparison {
  const changes: ArtifactChange[] = [];
  let unchanged = 0;
  for (const [path, file] of head) {
    const before = base.get(path);
    if (!before) {
      changes.push({ path, status: 'added', headBytes: file.body.byteLength });
    } else if (sameBytes(before.body, file.body)) {
      unchanged++;
    } else {
      changes.push({
        path,
        status: 'changed',
        baseBytes: before.body.byteLength,
        headBytes: file.body.byteLength,
        summary: summarize(before.body, file.body),
      });
    }
  }
  for (const [path, file] of base) {
    if (!head.has(path)) changes.push({ path, status: 'removed', baseBytes: file.body.byteLength });
  }
  return { changes, unchanged };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.compare(a, b) === 0;
}

const strict = new TextDecoder('utf-8', { fatal: true });

function summarize(before: Uint8Array, after: Uint8Array): ChangeSummary {
  const a = decode(before);
  const b = decode(after);
  if (a === undefined || b === undefined) return { format: 'binary' };
  const ja = parseJson(a);
  const jb = parseJson(b);
  if (ja.ok && jb.ok) return { format: 'json', ...diffJsonDocuments(ja.value, jb.value) };
  return { format: 'text', ...diffText(a, b) };
}

function decode(body: Uint8Array): string | undefined {
  try {
    return strict.decode(body);
  } catch {
    return undefined;
  }
}

/** Only objects and arrays count as JSON documents: a text file that happens to be "42" is diffed as text. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!/^\s*[[{]/.test(text)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
