// Keeps the dev build's output folders in step with the latest good build, writing only files whose bytes changed.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ArtifactSet } from '../../build/registry/types.js';

export interface WriteCounts {
  written: number;
  removed: number;
  unchanged: number;
}

/**
 * Unlike `npm run build`, which swaps whole folders, the dev loop edits them in place: an edit to one page rewrites
 * that page's files and the indexes that list it, nothing else. The first call compares with what is on disk.
 */
export class ChangedFileWriter {
  /** Hash of each file as last written, by absolute path. */
  private written?: Map<string, string>;
  /** The latest write: writes go one after another, each comparing with what the one before left. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly outDir: string) {}

  private pathOf(host: string, file: string): string {
    return host === 'site' ? join(this.outDir, file) : join(`${this.outDir}-hosts`, host, file);
  }

  write(artifacts: ArtifactSet): Promise<WriteCounts> {
    const write = this.last.then(
      () => this.writeNow(artifacts),
      () => this.writeNow(artifacts),
    );
    this.last = write.catch(() => undefined);
    return write;
  }

  private async writeNow(artifacts: ArtifactSet): Promise<WriteCounts> {
    const counts: WriteCounts = { written: 0, removed: 0, unchanged: 0 };
    const previous = this.written ?? (await this.readDisk());
    const next = new Map<string, string>();
    const keep = async (host: string, file: string, text: string | Uint8Array) => {
      const path = this.pathOf(host, file);
      const body = typeof text === 'string' ? Buffer.from(text) : text;
      const hash = hashOf(body);
      next.set(path, hash);
      if (previous.get(path) === hash) {
        counts.unchanged++;
        return;
      }
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
      counts.written++;
    };
    for (const artifact of artifacts.values()) await keep(artifact.entry.host, artifact.entry.file, artifact.body);
    // Streamed files (a context per page) belong to the tree too; made one at a time, like the build writes them.
    for (const stream of artifacts.streams())
      for (const file of stream.files()) await keep(stream.entry.host, file.file, file.body);
    for (const path of previous.keys()) {
      if (next.has(path)) continue;
      await rm(path, { force: true });
      counts.removed++;
    }
    this.written = next;
    return counts;
  }

  private async readDisk(): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const dir of [this.outDir, `${this.outDir}-hosts`]) {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true, recursive: true });
      } catch {
        continue;
      }
      for (const e of entries) {
        if (!e.isFile()) continue;
        const path = join(e.parentPath, e.name);
        found.set(path, hashOf(await readFile(path)));
      }
    }
    return found;
  }
}

function hashOf(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}
