// The record the compile step keeps of what it read (compiled/manifest.json): every command checks compiled/ against
// it, and compiled code takes it as its own version (the build cache's fingerprint of the generator).
import { readFileSync } from 'node:fs';
import { COMPILE_MANIFEST } from './project-paths.js';

/** An input as recorded: size, modification time and content hash. */
export type InputRecord = [size: number, mtimeMs: number, sha256: string];

/** The record of a compile: every input (path from the project root) as it was read. */
export interface CompileManifest {
  format: number;
  inputs: Record<string, InputRecord>;
}

export const MANIFEST_FORMAT = 1;

/** The manifest of the compile that made compiled/, or undefined when there is none (or of another format). */
export function readCompileManifest(): CompileManifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(COMPILE_MANIFEST, 'utf8')) as CompileManifest;
    return manifest.format === MANIFEST_FORMAT ? manifest : undefined;
  } catch {
    return undefined;
  }
}
