// Reads a built tree from disk into an ArtifactSet, through the registry built from the content: each registry entry
// takes its file; files no entry claims are listed (they would be uploaded or served without ever being checked).
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import fg from 'fast-glob';
import type { Registry } from '../registry/registry.js';
import { ArtifactSet, type HostName, type RegistryEntry } from '../registry/types.js';
import { formatOf } from './text/artifact-text.js';

export interface TreeReading {
  artifacts: ArtifactSet;
  /** Display paths of files in the tree that no registry entry claims. */
  unclaimed: string[];
  /** How many files were read. */
  files: number;
}

/** The folder a host's files are in: the site in `dir`, every other host in `<dir>-hosts/<host>/`. */
export function hostDir(dir: string, host: HostName): string {
  return host === 'site' ? dir : join(`${dir.replace(/[\\/]+$/, '')}-hosts`, host);
}

/** Text artifacts are read as strings, as the emitters produce them; assets stay bytes. */
function isText(entry: RegistryEntry): boolean {
  return formatOf(entry) !== undefined || /^text\/|\+xml|\+json|javascript/.test(entry.mediaType);
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * `dir` is where the site tree is; `display` is how messages name it (what the user typed, e.g. "dist").
 */
export async function readBuiltTree(dir: string, display: string, registry: Registry): Promise<TreeReading> {
  const artifacts = new ArtifactSet();
  const claimed = new Set<string>();
  let files = 0;
  for (const entry of registry.entries) {
    const path = join(hostDir(dir, entry.host), entry.file);
    claimed.add(path);
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch {
      continue; // reported as missing-artifact by the validation stage
    }
    files += 1;
    artifacts.set({ entry, body: isText(entry) ? bytes.toString('utf8') : new Uint8Array(bytes) });
  }

  const unclaimed: string[] = [];
  const hostsRoot = `${dir.replace(/[\\/]+$/, '')}-hosts`;
  const displayHosts = `${display.replace(/[\\/]+$/, '')}-hosts`;
  const roots: { abs: string; shown: string }[] = [{ abs: dir, shown: display.replace(/[\\/]+$/, '') }];
  if (await isDirectory(hostsRoot)) {
    for (const name of (await readdir(hostsRoot)).sort()) roots.push({ abs: join(hostsRoot, name), shown: `${displayHosts}/${name}` });
  }
  for (const root of roots) {
    if (!(await isDirectory(root.abs))) {
      if (root.abs !== dir) unclaimed.push(root.shown);
      continue;
    }
    for (const rel of (await fg('**/*', { cwd: root.abs, dot: true, onlyFiles: true })).sort()) {
      const abs = join(root.abs, rel);
      if (!claimed.has(abs)) unclaimed.push(`${root.shown}/${relative(root.abs, abs).split('\\').join('/')}`);
    }
  }
  return { artifacts, unclaimed, files };
}
