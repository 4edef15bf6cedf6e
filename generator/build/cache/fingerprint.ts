// Content hashes of a build's inputs: the content set, and the generator itself (code, schemas, dependencies).
import { createHash, type Hash, hash as hashOnce } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type FolderWalk, pathInFolder, walkFolder } from './folder-walk.js';
import { readCompileManifest } from '../files/compile-manifest.js';
import { RUNS_COMPILED } from '../files/project-paths.js';
import type { Model, Page } from '../../model/types.js';
import { fieldsButBody } from './page-fields.js';
import { factsDigestOf, keptKeyOf, noteFactsDigest } from './page-keys.js';
import type { FileHashes } from './file-hashes.js';

/** Bumped when the cache's own layout changes, so that old entries are never misread. */
export const CACHE_FORMAT = 1;

/**
 * Feeds every file under `dir` (relative path, then bytes) into `hash`, in a stable order; what is under a
 * `node_modules` folder is left out. A symbolic link is not followed (a link to `/` or a loop must not make this walk
 * forever): its target's name is hashed instead; the load stage refuses the links that leave the content folder.
 * With `known`, each file's hash is fed instead of its bytes, and a file whose stat is the one recorded is not read
 * (another digest than without: compare like with like).
 */
export async function hashFolder(hash: Hash, dir: string, known?: FileHashes): Promise<void> {
  hashWalk(hash, walkFolder(dir, known?.start ?? 0n, known !== undefined), known);
}

/** As `hashFolder`, over a walk already made (with `known`: a walk begun at its start). */
export function hashWalk(hash: Hash, walk: FolderWalk, known?: FileHashes, together = HASHED_TOGETHER): void {
  // Synchronous reads: for thousands of small files they are several times faster than the thread pool, and this
  // check is the whole of a no-change rebuild.
  const pathOf = pathInFolder(walk.dir);
  // The lines of files known by their hash are hashed together, not one call each (10,000 calls into the hash were a
  // fifth of the walk's hashing): the digest of a stream does not depend on how it is cut.
  let lines: string[] = [];
  const flush = () => {
    if (lines.length > 0) hash.update(lines.join(''));
    lines = [];
  };
  for (const entry of walk.entries) {
    const { rel } = entry;
    if (rel === 'node_modules' || rel.startsWith('node_modules/') || rel.includes('/node_modules/')) continue;
    if (entry.type === 'link') {
      lines.push(`\0link ${rel} ${readlinkSync(pathOf(rel))}\0`);
      continue;
    }
    if (entry.type !== 'file') continue;
    if (known) {
      lines.push(`\0file ${rel} ${known.hashOfWalked(pathOf(rel), entry)}\0`);
      if (lines.length >= together) flush();
      continue;
    }
    flush();
    hashFile(hash, walk.dir, rel);
  }
  flush();
}

/** How many files' lines are hashed in one call at most (a test cuts them otherwise). */
const HASHED_TOGETHER = 4096;

function hashFile(hash: Hash, dir: string, rel: string): void {
  const body = readFileSync(join(dir, rel));
  hash.update(`\0file ${rel} ${body.length}\0`);
  hash.update(body);
}

const generatorHashes = new Map<string, Promise<string>>();

/**
 * The generator's version: its code, the schemas it checks with, and the exact dependency tree. Any change to
 * any of them makes every cached result stale, which is the safe direction. Compiled code is the compile of the
 * inputs its manifest lists, with their hashes: that manifest is its version, read instead of every source again.
 */
export function generatorFingerprint(projectRoot: string): Promise<string> {
  let pending = generatorHashes.get(projectRoot);
  if (!pending) {
    pending = (async () => {
      const hash = createHash('sha256').update(`discovery-site cache ${CACHE_FORMAT}\0`);
      const manifest = RUNS_COMPILED ? readCompileManifest() : undefined;
      if (manifest) {
        // The inputs' paths and content hashes, not their times: a file saved again unchanged changes nothing.
        hash.update('compiled\0');
        for (const [path, [, , sha]] of Object.entries(manifest.inputs)) hash.update(`${path} ${sha}\0`);
        return hash.digest('hex');
      }
      await hashFolder(hash, join(projectRoot, 'generator'));
      await hashFolder(hash, join(projectRoot, 'schemas'));
      for (const rel of ['package.json', 'package-lock.json']) hashFile(hash, projectRoot, rel);
      return hash.digest('hex');
    })();
    generatorHashes.set(projectRoot, pending);
  }
  return pending;
}

export function sha256(...parts: (string | Uint8Array)[]): string {
  // Texts alone (a page's key, made for each of 10,000 pages in a rebuild): one call, the same bytes hashed.
  if (parts.every((part) => typeof part === 'string')) return hashOnce('sha256', `${parts.join('\0')}\0`, 'hex');
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

/**
 * The model as text, page bodies left out: what every page's rendering and checking may read besides the page itself
 * (directives pull facts from it, page titles feed navigation, the checks read its addresses and paths). The pages
 * stand in it as one hash of theirs (see pagesFacts).
 */
export function modelFacts(model: Model): string {
  return JSON.stringify({ ...model, pages: pagesFacts(model.pages) }, bytesAsHashes);
}

/** Bytes (a static file's, a binary front matter value's) as their SHA-256. */
const bytesAsHashes = (_key: string, value: unknown) => (value instanceof Uint8Array ? sha256(value) : value);

/**
 * The pages' facts, bodies left out, as one hash: made once for each list of pages, however many keys are made from
 * it (the content checks' verdicts, the render context). Nothing changes a page once its model is assembled. Each page
 * stands in it as the digest of its facts, which a kept page brings back with it: a rebuild of 10,000 pages does not
 * write every page's facts as JSON again to know its scope.
 */
function pagesFacts(pages: readonly Page[]): string {
  let facts = factsOfPages.get(pages);
  if (facts === undefined) {
    const hash = createHash('sha256').update('pages\0');
    for (const page of pages) hash.update(pageFactsDigest(page));
    factsOfPages.set(pages, (facts = hash.digest('hex')));
  }
  return facts;
}

/** The length of a page's facts' digest (SHA-256 in base64url, cut to 128 bits): each stands in the pages' hash alone. */
export const FACTS_DIGEST = /^[\w-]{22}$/;

/**
 * A page's facts, its body left out (and not read: a kept page's is decoded only when read), as the digest of their
 * JSON: the one kept with the page when it was kept, else made and noted.
 */
export function pageFactsDigest(page: Page): string {
  let digest = factsDigestOf(page);
  if (digest === undefined) {
    const fields = fieldsButBody(page);
    // A page the load kept or read under a key is plain JSON (kept-pages.ts keys no other): it holds no bytes for
    // the replacer to turn into hashes, and JSON without one writes the same text in about half the time.
    const json = (keptKeyOf(page) === undefined ? JSON.stringify(fields, bytesAsHashes) : JSON.stringify(fields)) ?? '';
    digest = hashOnce('sha256', json, 'base64url').slice(0, 22);
    noteFactsDigest(page, digest);
  }
  return digest;
}

const factsOfPages = new WeakMap<readonly Page[], string>();

/**
 * The hash of a file's bytes: what the build record keeps of each written file and what the kept verdicts name a
 * text by, made once for both (SHA-256, cut to 128 bits: a name, not a signature).
 */
export function contentHash(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 32);
}

/** What a build needs to know of a text without reading it again: its SHA-256 (the deploy manifest's), size and hash. */
export interface Digest {
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  /** The bytes' count (UTF-8 for a string). */
  bytes: number;
  /** `contentHash` of the bytes: the SHA-256 cut to 128 bits. */
  hash: string;
}

export function digestOf(body: string | Uint8Array): Digest {
  const sha256 = createHash('sha256').update(body).digest('hex');
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  return { sha256, bytes, hash: sha256.slice(0, 32) };
}
