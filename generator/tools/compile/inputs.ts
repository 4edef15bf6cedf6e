// What the compile step reads, and the record it keeps of them: the files whose change makes compiled/ stale.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type CompileManifest, type InputRecord, MANIFEST_FORMAT } from '../../build/files/compile-manifest.js';

/** Folders of the project the compile step reads, and which of their files count (by ending; '' for all). */
export const INPUT_FOLDERS: readonly { dir: string; endsWith: string }[] = [
  // The program, with the files it reads beside its code (the conformance baseline).
  { dir: 'generator', endsWith: '' },
  { dir: 'bench', endsWith: '.ts' },
  // The schemas the validators are compiled from.
  { dir: 'schemas', endsWith: '.json' },
];

/** The package files: the compile script itself, and the exact versions of esbuild, ajv and the OpenAPI schema. */
export const INPUT_FILES: readonly string[] = ['package.json', 'package-lock.json'];

/** The project's input files now, as paths relative to `root` with `/` separators, sorted. */
export function listInputs(root: string): string[] {
  const paths = [...INPUT_FILES];
  for (const { dir, endsWith } of INPUT_FOLDERS) {
    let names: string[];
    try {
      names = readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const name of names) {
      const rel = name.split('\\').join('/');
      // Hidden files (editors' swap files) and folders are not inputs; bench/out holds results, not code.
      if (rel.split('/').some((segment) => segment.startsWith('.'))) continue;
      if (endsWith && !rel.endsWith(endsWith)) continue;
      paths.push(`${dir}/${rel}`);
    }
  }
  return paths.sort();
}

export function hashFile(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Records every input now (for the manifest written after a compile). */
export function recordInputs(root: string): Record<string, InputRecord> {
  const inputs: Record<string, InputRecord> = {};
  for (const rel of listInputs(root)) {
    const path = join(root, rel);
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats?.isFile()) continue;
    inputs[rel] = [stats.size, stats.mtimeMs, hashFile(path)];
  }
  return inputs;
}

/**
 * The inputs that differ from the manifest: added, removed, or with other bytes. A file whose size and time are as
 * recorded is taken as unchanged (a stat each: the check costs a few milliseconds); one whose time moved (a checkout,
 * an editor saving the same text) is hashed, and counts only if its bytes changed.
 */
export function changedInputs(root: string, manifest: CompileManifest | undefined): string[] {
  if (!manifest || manifest.format !== MANIFEST_FORMAT) return ['(no record of a compile)'];
  const changed: string[] = [];
  const seen = new Set<string>();
  for (const rel of listInputs(root)) {
    const stats = statSync(join(root, rel), { throwIfNoEntry: false });
    if (!stats?.isFile()) continue;
    seen.add(rel);
    const recorded = manifest.inputs[rel];
    if (!recorded) changed.push(rel);
    else if (recorded[0] !== stats.size) changed.push(rel);
    else if (recorded[1] !== stats.mtimeMs && recorded[2] !== hashFile(join(root, rel))) changed.push(rel);
  }
  for (const rel of Object.keys(manifest.inputs)) if (!seen.has(rel)) changed.push(rel);
  return changed;
}
