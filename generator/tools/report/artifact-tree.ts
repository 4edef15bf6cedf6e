// A build as a flat map from display path ("dist/openapi.json", "dist-hosts/mcp/…") to bytes, from memory or disk.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { displayPath } from '../../build/registry/display-path.js';
import type { ArtifactSet, RegistryEntry } from '../../build/registry/types.js';

export interface TreeFile {
  body: Uint8Array;
  /** Known for builds made in memory; a built folder on disk carries no registry. */
  entry?: RegistryEntry;
}

export type ArtifactTree = Map<string, TreeFile>;

const encoder = new TextEncoder();

export function treeOfArtifacts(artifacts: ArtifactSet): ArtifactTree {
  const tree: ArtifactTree = new Map();
  for (const artifact of artifacts.values()) {
    const body = typeof artifact.body === 'string' ? encoder.encode(artifact.body) : artifact.body;
    tree.set(displayPath(artifact.entry), { body, entry: artifact.entry });
  }
  // Streamed files (a context per page) are files of the tree like any other: compared one by one.
  for (const stream of artifacts.streams()) {
    for (const file of stream.files()) {
      tree.set(displayPath({ ...stream.entry, file: file.file }), {
        body: encoder.encode(file.body),
        entry: stream.entry,
      });
    }
  }
  return sortTree(tree);
}

/** Reads a built site folder and, beside it, its `<dir>-hosts/` folder when there is one. */
export async function treeOfFolder(dir: string): Promise<ArtifactTree> {
  const tree: ArtifactTree = new Map();
  for (const file of await listFiles(dir)) {
    tree.set(`dist/${relative(dir, file).split('\\').join('/')}`, { body: new Uint8Array(await readFile(file)) });
  }
  const hosts = `${dir.replace(/[\\/]+$/, '')}-hosts`;
  if (await isDirectory(hosts)) {
    for (const file of await listFiles(hosts)) {
      tree.set(`dist-hosts/${relative(hosts, file).split('\\').join('/')}`, {
        body: new Uint8Array(await readFile(file)),
      });
    }
  }
  return sortTree(tree);
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** The site's files first, then the other hosts', each in path order. */
function sortTree(tree: ArtifactTree): ArtifactTree {
  const key = (path: string) => (path.startsWith('dist/') ? `0${path}` : `1${path}`);
  return new Map([...tree].sort(([a], [b]) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
}
