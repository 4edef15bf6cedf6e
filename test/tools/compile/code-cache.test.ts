// A compiled build runs its pipeline as one script with V8's code from an earlier run. The cache must serve only the
// code of the script as it is now, whole, and never stop a run: anything else and the script is compiled as it is.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCachedScript, scriptDigestFile } from '../../../generator/tools/compile/code-cache.js';

let root: string;
let script: string;
let cacheDir: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'code-cache-'));
  script = join(root, 'compiled', 'pipeline.cjs');
  cacheDir = join(root, 'cache');
  mkdirSync(join(root, 'compiled'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Writes the script and its digest, as the compile step does. */
function compile(source: string): void {
  writeFileSync(script, source);
  writeFileSync(scriptDigestFile(script), `${createHash('sha256').update(source).digest('hex')}\n`);
}

/** Runs the script as a command does, then keeps its code as the command does at exit. */
function run(): { answer: string; origin: string } {
  const loaded = runCachedScript(script, cacheDir);
  if (!loaded) throw new Error('the script was not run');
  if (loaded.origin === 'compiled') loaded.keep();
  return { answer: (loaded.exports as { answer: () => string }).answer(), origin: loaded.origin };
}

const cacheFiles = () => readdirSync(cacheDir).filter((name) => name.endsWith('.v8'));

describe("a script run with V8's code cache", () => {
  it('is compiled and cached by its first run, and read from the cache by the next', () => {
    compile('exports.answer = () => "first";');
    expect(run()).toEqual({ answer: 'first', origin: 'compiled' });
    expect(cacheFiles()).toHaveLength(1);
    expect(run()).toEqual({ answer: 'first', origin: 'cache' });
  });

  it('runs in strict mode, as the ES modules it was compiled from', () => {
    compile('exports.answer = () => String(this === undefined && (function () { return this; })() === undefined);');
    expect(run().answer).toBe('true');
  });

  it('is never served the code of another compile of the same length, which V8 alone would take', () => {
    compile('exports.answer = () => "first";');
    run();
    compile('exports.answer = () => "other";');
    expect(run()).toEqual({ answer: 'other', origin: 'compiled' });
    // The cache of the compile before is gone, the new one's kept.
    expect(cacheFiles()).toHaveLength(1);
    expect(run()).toEqual({ answer: 'other', origin: 'cache' });
  });

  it('is compiled again when its cache file is not whole, and the cache made again', () => {
    compile('exports.answer = () => "first";');
    run();
    const [name] = cacheFiles();
    const file = join(cacheDir, name!);
    const bytes = readFileSync(file);
    // The checksum no longer holds: a cache written by half, or changed on disk.
    bytes[0] = bytes[0]! ^ 0xff;
    writeFileSync(file, bytes);
    expect(run()).toEqual({ answer: 'first', origin: 'compiled' });
    expect(run()).toEqual({ answer: 'first', origin: 'cache' });
    writeFileSync(file, bytes.subarray(0, 3));
    expect(run()).toEqual({ answer: 'first', origin: 'compiled' });
  });

  it('runs when its cache cannot be written, compiled each time', () => {
    compile('exports.answer = () => "first";');
    // A file where the cache's folder would be: it cannot be made (a read-only folder is writable by root).
    writeFileSync(cacheDir, '');
    expect(run()).toEqual({ answer: 'first', origin: 'compiled' });
    expect(run()).toEqual({ answer: 'first', origin: 'compiled' });
  });

  it('is not run when its digest is missing or not a SHA-256 (the caller imports the modules instead)', () => {
    writeFileSync(script, 'exports.answer = () => "first";');
    expect(runCachedScript(script, cacheDir)).toBeUndefined();
    writeFileSync(scriptDigestFile(script), '../../elsewhere\n');
    expect(runCachedScript(script, cacheDir)).toBeUndefined();
  });
});
