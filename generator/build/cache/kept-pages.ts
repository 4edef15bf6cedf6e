// Pages kept across builds as the load stage read them: a page file with the same name and the same bytes, read by the
// same generator against the same content schemas, is not parsed and checked again (its front matter, its schema);
// a page file whose stat is the one the last good load saw, and settled before that load began, is not even opened.
// The pages' bodies are kept in a file of their own, as UTF-8: a kept page's body is decoded only when something reads
// it (a rebuild after one page changed reads almost none), and the kept pages' JSON is half as long to parse.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Page } from '../../model/types.js';
import { fileSystemNow, type FileIdentity, isAsWritten, writtenIdentity } from './file-identity.js';
import { isPlainJson } from './plain-json.js';
import { asciiJson, readCacheText } from './ascii-json.js';
import { FEW_BESIDE, writeWhole } from './whole-file.js';
import { withBodyAs } from './page-fields.js';
import { fromRow, isRow, type PageRow, toRow } from './page-rows.js';
import { noteFactsDigest, noteKeptKey } from './page-keys.js';
import { fileKey, keptKey } from './kept-keys.js';
import { FACTS_DIGEST, pageFactsDigest } from './fingerprint.js';
import { decodeExactly } from '../text/exact-utf8.js';
import { layered } from './layered.js';

export type { FileIdentity };

export class KeptPages {
  /** The pages of this build (kept or read), under their keys: what the next build may keep. */
  private readonly current = new Map<string, Page>();
  /** Each page file's settled identity and its page's key, for the next build. */
  private readonly currentFiles = new Map<string, [identity: string, key: string]>();
  private filesChanged = false;
  /**
   * What this build holds that the kept pages' file does not (see beyond), noted as it is taken: the pages and the
   * files' identities not taken from the file itself, and how many of the file's pages were taken. A rebuild after an
   * edit then finds what it keeps beside the file from these few, not by a pass over 10,000 pages.
   */
  private readonly pagesBeyond: string[] = [];
  private readonly filesBeyond: string[] = [];
  private fromBase = 0;

  constructor(
    readonly scope: string,
    /** The kept pages' file's own, when it was read. */
    private readonly base: KeptBase | undefined = undefined,
    /** What later builds kept beside it, over it. */
    private readonly over: KeptBase = { pages: new Map(), files: new Map() },
    /** The instant this load began, on the file systems' clock (ns since the epoch); 0 trusts no stat. */
    readonly startNs = 0n,
    /**
     * How many page files were taken from the last good build, how many were read, how many opened; how many kept
     * bodies were decoded (read by some stage) so far.
     */
    readonly counts: KeptCounts = { kept: 0, read: 0, opened: 0, bodies: 0 },
  ) {}

  /** The key of a page file: its name (as messages show it, and inside pages/) and its bytes. */
  key(rel: string, file: string, bytes: Uint8Array): string {
    return fileKey(rel, file, bytes);
  }

  /** The page the last good build kept for this file when its identity is the settled one seen then: not opened. */
  known(rel: string, identity: FileIdentity): Page | undefined {
    // Looked up in what an edit kept beside the file first, then in the file: which one answers is then known too.
    const over = this.over.files.size === 0 ? undefined : this.over.files.get(rel);
    const seen = over ?? this.base?.files.get(rel);
    if (!identity.settled || seen?.[0] !== identity.text) return undefined;
    const page = this.get(seen[1]);
    if (page) this.setFile(rel, seen, over === undefined);
    return page;
  }

  /** The page the last good build read from the same bytes, or undefined: the file must be parsed. */
  get(key: string): Page | undefined {
    const over = this.over.pages.size === 0 ? undefined : this.over.pages.get(key);
    const page = over ?? this.base?.pages.get(key);
    if (page) {
      this.counts.kept++;
      this.setPage(key, page, over === undefined);
      noteKeptKey(page, keptKey(this.scope, key));
    }
    return page;
  }

  /** A page file was opened and its bytes had this key: what the next build may know by the file's identity. */
  opened(rel: string, identity: FileIdentity | undefined, key: string): void {
    this.counts.opened++;
    this.filesChanged = true;
    if (identity?.settled) this.setFile(rel, [identity.text, key], false);
  }

  /**
   * A page of this build under its key, noted as the kept pages' file's own or beyond it (see pagesBeyond). `inBase`:
   * it was found in the file itself; otherwise the file is asked (a page read, or kept beside it: an edit's few).
   */
  private setPage(key: string, page: Page, inBase: boolean): void {
    const size = this.current.size;
    this.current.set(key, page);
    if (this.current.size === size) return;
    if (inBase || this.base?.pages.has(key)) this.fromBase++;
    else this.pagesBeyond.push(key);
  }

  /** A file's identity of this build; `inBase`: the file holds the same (otherwise beyond() asks the file). */
  private setFile(rel: string, seen: [identity: string, key: string], inBase: boolean): void {
    this.currentFiles.set(rel, seen);
    if (!inBase) this.filesBeyond.push(rel);
  }

  /**
   * A page just read. Kept for the next build only when it drew no message and is plain JSON (what the cache file
   * holds gives back the same page); either way, it was read.
   */
  read(key: string, page: Page | undefined, clean: boolean): void {
    this.counts.read++;
    if (page && clean && isPlainJson(page)) {
      this.setPage(key, page, false);
      noteKeptKey(page, keptKey(this.scope, key));
    }
  }

  /** True when the next build would find something other than what the cache file holds. */
  get changed(): boolean {
    return (
      this.counts.read > 0 ||
      this.filesChanged ||
      this.current.size !== layeredSize(this.base?.pages, this.over.pages) ||
      this.currentFiles.size !== layeredSize(this.base?.files, this.over.files)
    );
  }

  /**
   * What the kept pages' file holds for the next build, its pages' bodies in `bodies` (each page's body is its place
   * there): a kept body is copied as the bytes it was read as, never decoded to be written again.
   */
  toSaved(): { record: KeptRecord; bodies: Buffer } {
    const chunks: Uint8Array[] = [];
    let at = 0;
    const pages: Record<string, Page | PageRow> = {};
    for (const [key, page] of this.current) {
      const kept = keptBodies.get(page);
      const bytes = kept
        ? kept.blob.subarray(kept.at, kept.end)
        : isWellFormed(page.body)
          ? Buffer.from(page.body, 'utf8')
          : undefined;
      if (!bytes) {
        // A lone surrogate would not come back from UTF-8: such a body stays in the JSON.
        pages[key] = page;
        continue;
      }
      // With its facts' digest: the next build takes it back rather than make it from the page again.
      const facts = pageFactsDigest(page);
      pages[key] =
        toRow(page, at, bytes.byteLength, facts) ??
        (withBodyAs(page, [at, bytes.byteLength, facts] satisfies BodyAt) as unknown as Page);
      chunks.push(bytes);
      at += bytes.byteLength;
    }
    const bodies = Buffer.concat(chunks, at);
    return {
      record: {
        scope: this.scope,
        files: Object.fromEntries([...this.currentFiles].filter(([, [, key]]) => this.current.has(key))),
        pages,
        bodies: { bytes: bodies.byteLength, crc: crc32(bodies) },
      },
      bodies,
    };
  }

  /**
   * What this build keeps beyond the kept pages' file (`base`): the pages and file identities it does not hold. Undefined
   * when that is no longer small beside it, or the file holds many that are no longer kept: then it is written whole.
   */
  beyond(): KeptRecord | undefined {
    const base = this.base;
    if (!base) return undefined;
    const pages = new Map<string, Page>();
    for (const key of this.pagesBeyond) pages.set(key, this.current.get(key)!);
    const files = new Map<string, [identity: string, key: string]>();
    for (const rel of this.filesBeyond) {
      const seen = this.currentFiles.get(rel)!;
      if (base.files.get(rel)?.[0] !== seen[0] && this.current.has(seen[1])) files.set(rel, seen);
    }
    const stale = base.pages.size - this.fromBase;
    const grown = (pages.size + files.size) * FEW_BESIDE > this.current.size || stale * 4 > base.pages.size;
    return grown
      ? undefined
      : { scope: this.scope, files: Object.fromEntries(files), pages: Object.fromEntries(pages) };
  }
}

interface KeptCounts {
  kept: number;
  read: number;
  opened: number;
  bodies: number;
}

interface KeptRecord {
  scope: string;
  files?: Record<string, [identity: string, key: string]>;
  /**
   * In the kept pages' file, a page's body is its place in the bodies' file (`BodyAt`) rather than its text, and a page
   * of the shape the load reads is a row.
   */
  pages: Record<string, Page | PageRow>;
  /**
   * The bodies' file the pages' places point into, as it was written: its length and CRC-32, and its identity once
   * written (while its settled stat is that identity, its checksum is not read).
   */
  bodies?: { bytes: number; crc: number; identity?: string };
}

/**
 * Where a page's body is in the bodies' file: its first byte and its length in bytes; and the digest of the page's
 * facts (see pageFactsDigest), when it was written with them.
 */
type BodyAt = [at: number, bytes: number, facts?: string];

/**
 * Each kept page's body as read: where its UTF-8 bytes are in the bodies' file (`blob` from `at` to `end`, cut out only
 * when read), its text once decoded, and who counts it.
 */
interface KeptBody {
  blob: Uint8Array;
  at: number;
  end: number;
  counts: { bodies: number };
  text?: string;
}

const keptBodies = new WeakMap<Page, KeptBody>();

/**
 * The body of a kept page, decoded when first read (counted in `counts.bodies`). One function for every page, so that
 * the kept pages share their shape (a getter per page would give each its own, and slow every read of every field).
 */
function keptBody(this: Page): string {
  const kept = keptBodies.get(this)!;
  if (kept.text === undefined) {
    kept.text = decodeExactly(kept.blob.subarray(kept.at, kept.end));
    kept.counts.bodies++;
  }
  return kept.text;
}

/** Puts a kept page's body in its place among its fields: read from the bodies' file when first asked for. */
function defineKeptBody(page: Page, body: KeptBody): void {
  Object.defineProperty(page, 'body', { get: keptBody, enumerable: true, configurable: true });
  keptBodies.set(page, body);
}

/**
 * The page as read from the kept pages' file as an object, with its body read when first asked for. Its fields are in
 * their order (the body where the load put it), so the page reads and writes as the one the load made; it is made
 * anew rather than changed, as turning a field into a getter would slow every read of the page.
 */
function withKeptBody(saved: Page, body: KeptBody): Page {
  const page: Record<string, unknown> = {};
  for (const key of Object.keys(saved)) {
    if (key === 'body') defineKeptBody(page as unknown as Page, body);
    else page[key] = (saved as unknown as Record<string, unknown>)[key];
  }
  return page as unknown as Page;
}

/** How many entries the file's own and those kept beside it hold together (see layered). */
const layeredSize = <T>(base: ReadonlyMap<string, T> | undefined, over: ReadonlyMap<string, T>): number =>
  layered(base ?? new Map<string, T>(), over).size;

const isWellFormed = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/** What the kept pages' file itself holds (without what was kept beside it): its pages, its files' identities. */
interface KeptBase {
  pages: ReadonlyMap<string, Page>;
  files: ReadonlyMap<string, [identity: string, key: string]>;
}

/** What a kept page or file is looked up in: the kept pages' file's, under what was kept beside it. */
const fileOf = (cacheDir: string) => join(cacheDir, 'pages-read.json');
/** The bodies of the kept pages' file's pages, as UTF-8, one after another. */
const bodiesFileOf = (cacheDir: string) => join(cacheDir, 'pages-read.bodies');
/** What later builds kept beside the file: small, written instead of the whole file after an edit. */
const besideOf = (cacheDir: string) => join(cacheDir, 'pages-read.more.json');

/**
 * The pages the last good builds read, if they read them in the same scope; none otherwise: the kept pages' file and
 * what was kept beside it (every record of either is true of its file, so either may be missing or older). The load's
 * start (`startNs`) must be taken before any page file is seen: by default here, the time of a file written now in the
 * cache folder.
 */
export async function loadKeptPages(
  cacheDir: string,
  scope: string,
  startNs = fileSystemNow(cacheDir),
): Promise<KeptPages> {
  const counts: KeptCounts = { kept: 0, read: 0, opened: 0, bodies: 0 };
  const [saved, beside] = await Promise.all([
    readRecord(fileOf(cacheDir), scope, { path: bodiesFileOf(cacheDir), counts, startNs }),
    readRecord(besideOf(cacheDir), scope),
  ]);
  return new KeptPages(scope, saved, beside, startNs, counts);
}

/**
 * A kept pages' file of this scope, its pages' bodies read from the bodies' file (`bodies.path`) when first asked for:
 * undefined when it is missing, unreadable, or its bodies' file is not the one it was written with (its length or
 * CRC-32 differ, a place falls outside it). Its pages are then read again.
 */
async function readRecord(
  path: string,
  scope: string,
  bodies?: { path: string; counts: KeptCounts; startNs: bigint },
): Promise<KeptBase | undefined> {
  // The bodies (8 MB at 10,000 pages) are read while the pages' JSON is parsed, not after it.
  const reading = bodies && readFile(bodies.path);
  reading?.catch(() => undefined);
  try {
    const saved = JSON.parse(await readCacheText(path)) as KeptRecord;
    if (saved.scope !== scope || typeof saved.pages !== 'object' || saved.pages === null) return undefined;
    const asWritten = saved.bodies && bodies && isAsWritten(bodies.path, saved.bodies.identity, bodies.startNs);
    const blob = saved.bodies && bodies ? await reading : undefined;
    if (
      saved.bodies &&
      (!blob || blob.byteLength !== saved.bodies.bytes || (!asWritten && crc32(blob) !== saved.bodies.crc))
    )
      return undefined;
    const pages = new Map<string, Page>();
    const size = blob?.byteLength ?? 0;
    for (const key in saved.pages) {
      if (!Object.hasOwn(saved.pages, key)) continue;
      const page = saved.pages[key];
      if (Array.isArray(page)) {
        if (!blob || !isRow(page, size)) return undefined;
        const kept = fromRow(page, (made) =>
          defineKeptBody(made, { blob, at: page[7], end: page[7] + page[8], counts: bodies!.counts }),
        );
        noteFactsDigest(kept, page[9]);
        pages.set(key, kept);
        continue;
      }
      const body: unknown = page?.body;
      if (typeof body === 'string') {
        pages.set(key, page!);
        continue;
      }
      if (!blob || !isBodyAt(body, size)) return undefined;
      const kept = withKeptBody(page!, { blob, at: body[0], end: body[0] + body[1], counts: bodies!.counts });
      if (body[2] !== undefined) noteFactsDigest(kept, body[2]);
      pages.set(key, kept);
    }
    return { pages, files: new Map(Object.entries(saved.files ?? {})) };
  } catch {
    // None yet, or unreadable: its pages are read again.
  }
  return undefined;
}

const isBodyAt = (value: unknown, size: number): value is BodyAt =>
  Array.isArray(value) &&
  (value.length === 2 || (value.length === 3 && typeof value[2] === 'string' && FACTS_DIGEST.test(value[2]))) &&
  Number.isSafeInteger(value[0]) &&
  Number.isSafeInteger(value[1]) &&
  value[0] >= 0 &&
  value[1] >= 0 &&
  value[0] + value[1] <= size;

/**
 * Keeps what a good load read (never after a failed one), when it differs from what is kept: beside the kept pages'
 * file when that is little (an edit), else the whole file again (and nothing beside it).
 */
export async function saveKeptPages(cacheDir: string, pages: KeptPages): Promise<void> {
  if (!pages.changed) return;
  await mkdir(cacheDir, { recursive: true });
  const beyond = pages.beyond();
  if (beyond) return writeWhole(besideOf(cacheDir), asciiJson(beyond));
  // The bodies first: a kept pages' file is never read with bodies other than its own (their CRC-32 tells).
  const { record, bodies } = pages.toSaved();
  await writeWhole(bodiesFileOf(cacheDir), bodies);
  record.bodies!.identity = writtenIdentity(bodiesFileOf(cacheDir));
  await writeWhole(fileOf(cacheDir), asciiJson(record));
  await rm(besideOf(cacheDir), { force: true });
}
