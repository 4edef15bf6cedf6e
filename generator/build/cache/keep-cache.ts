// A cache is kept for the next build's speed, never for its output: a save that fails (a full disk, a folder put
// where the cache keeps a file) is said as a warning, and the build, whose output is good, stands. The next build
// finds the cache as the last save left it, and each cache file is checked when read, so it does that work again.
import type { Diagnostics, Stage } from '../messages/diagnostics.js';

/** Runs `save` (keeping `what` in the cache folder `cacheDir`); a failure is a warning of `stage`, never a throw. */
export async function keepCache(
  diagnostics: Diagnostics,
  stage: Stage,
  cacheDir: string,
  what: string,
  save: () => Promise<void>,
): Promise<void> {
  try {
    await save();
  } catch (error) {
    diagnostics.warn(stage, {
      ruleId: 'cache-not-saved',
      reason: `The build cache could not keep ${what} (${error instanceof Error ? error.message : String(error)}). The output is not affected; the next build does that work again.`,
      fix: `Check that ${cacheDir} is writable and its disk has room; or delete that folder, and the next build makes it again.`,
      file: cacheDir,
    });
  }
}
