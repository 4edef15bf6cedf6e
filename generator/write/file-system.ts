// The small file-system interface the writer needs, so tests can write to memory instead of disk.
import { mkdir, rename, rm, writeFile, stat } from 'node:fs/promises';

export interface OutputFileSystem {
  mkdir(path: string): Promise<void>;
  writeFile(path: string, body: string | Uint8Array): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string): Promise<void>;
  exists(path: string): Promise<boolean>;
}

export const nodeFileSystem: OutputFileSystem = {
  async mkdir(path) {
    await mkdir(path, { recursive: true });
  },
  async writeFile(path, body) {
    await writeFile(path, body);
  },
  async rename(from, to) {
    await rename(from, to);
  },
  async rm(path) {
    await rm(path, { recursive: true, force: true });
  },
  async exists(path) {
    try {
      await stat(path);
      return true;
    } catch {
      return false;
    }
  },
};
