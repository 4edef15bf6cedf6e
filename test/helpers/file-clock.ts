// Test helper: waits until the file systems' clock has moved past the last change of some files, so that a load
// begun after it takes their stats as settled (a change in the clock's same tick could not be told apart).
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Returns once a file written in `scratchDir` gets a time later than every change of the files under `paths`. */
export function passFileClock(scratchDir: string, ...paths: string[]): void {
  let latest = 0n;
  for (const path of paths) {
    const stats = statSync(path, { bigint: true });
    const files = stats.isDirectory()
      ? readdirSync(path, { recursive: true, encoding: 'utf8' }).map((name) => join(path, name))
      : [path];
    for (const file of files) {
      const { ctimeNs, mtimeNs } = statSync(file, { bigint: true });
      for (const time of [ctimeNs, mtimeNs]) if (time > latest) latest = time;
    }
  }
  const probe = join(scratchDir, '.file-clock');
  // The coarsest clocks here tick every few milliseconds; a second is far beyond any, and ends the wait regardless.
  const until = Date.now() + 1000;
  do writeFileSync(probe, String(Date.now()));
  while (statSync(probe, { bigint: true }).mtimeNs <= latest && Date.now() < until);
}
