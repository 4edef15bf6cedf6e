// Reads a built tree from disk into an ArtifactSet, through the registry built from the content: each registry entry
// takes its file; files no entry claims are listed (they would be uploaded or served without ever being checked).
import { readFileSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import fg from 'fast-glob';
import type { Registry } from '../registry/registry.js';
import { ArtifactSet, type ArtifactStream, type HostName, type RegistryEntry } from '../registry/types.js';
import { formatOf } from './text/artifact-text.js';

export interface TreeReading {
  artifacts: ArtifactSet;
  /** Display paths of files in the tree that no registry entry claims. */
  unclaimed: string[];
  /** How many files the tree has that the registry claims, streamed ones included (as the build counts them). */
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
 * `streamFolder` names, for an entry, the folder of the files its artifact streams (a context per page): they are
 * claimed, and read one at a time when the validators iterate them.
 */
export async function readBuiltTree(
  dir: string,
  display: string,
  registry: Registry,
  streamFolder: (entry: RegistryEntry) => string | undefined = () => undefined,
): Promise<TreeReading> {
  const artifacts = new ArtifactSet();
  const claimed = new Set<string>();
  const claimedFolders: string[] = [];
  let files = 0;
  for (const entry of registry.entries) {
    const path = join(hostDir(dir, entry.host), entry.file);
    claimed.add(path);
    const folder = streamFolder(entry);
    if (folder) {
      const root = hostDir(dir, entry.host);
      claimedFolders.push(join(root, folder));
      artifacts.setStream(diskStream(entry, root, folder));
      // The streamed files are files of the tree, counted as the build counts what it writes.
      files += (await fg('**/*', { cwd: join(root, folder), dot: true, onlyFiles: true }).catch(() => [])).length;
    }
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
    for (const name of (await readdir(hostsRoot)).sort())
      roots.push({ abs: join(hostsRoot, name), shown: `${displayHosts}/${name}` });
  }
  for (const root of roots) {
    if (!(await isDirectory(root.abs))) {
      if (root.abs !== dir) unclaimed.push(root.shown);
      continue;
    }
    for (const rel of (await fg('**/*', { cwd: root.abs, dot: true, onlyFiles: true })).sort()) {
      const abs = join(root.abs, rel);
      if (!claimed.has(abs) && !claimedFolders.some((f) => abs.startsWith(f)))
        unclaimed.push(`${root.shown}/${relative(root.abs, abs).split('\\').join('/')}`);
    }
  }
  return { artifacts, unclaimed, files };
}

/** Streamed files as they are on disk: listed once, each read when it is reached. */
function diskStream(entry: RegistryEntry, root: string, folder: string): ArtifactStream {
  const read = (file: string) => {
    try {
      return readFileSync(join(root, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  return {
    entry,
    folder,
    *files() {
      for (const rel of fg.sync('**/*', { cwd: join(root, folder), dot: true, onlyFiles: true }).sort()) {
        const file = `${folder}${rel}`;
        const body = read(file);
        if (body !== undefined) yield { file, body };
      }
    },
    file: read,
  };
}
