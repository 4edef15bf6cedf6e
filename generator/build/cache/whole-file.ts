// Every file of the cache folder is written beside itself and renamed over: a reader, another build included, sees
// the old file or the new one, each whole, never half of one.
import { renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';

/**
 * A file's changes are kept in a file beside it while they are few: one for every this many entries the file holds,
 * or fewer (the kept verdicts, the kept pages, the render cache's places). Past that, the file is written whole again.
 */
export const FEW_BESIDE = 8;

/** Writes `data` to `path` by way of a file of this process beside it, renamed when written. */
export async function writeWhole(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** `writeWhole`, for a process that is exiting (no promise is awaited then). */
export function writeWholeSync(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}
