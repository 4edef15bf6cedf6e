// Pages kept across builds as the load stage read them: a page file with the same name and the same bytes, read by the
// same generator against the same content schemas, is not parsed and checked again (its front matter, its schema).
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from '../../model/types.js';

export class KeptPages {
  /** The pages of this build (kept or read), under their keys: what the next build may keep. */
  private readonly current = new Map<string, Page>();
  /** How many page files were taken from the last good build, and how many were read. */
  readonly counts = { kept: 0, read: 0 };

  constructor(
    readonly scope: string,
    private readonly previous: ReadonlyMap<string, Page> = new Map(),
  ) {}

  /** The key of a page file: its name (as messages show it, and inside pages/) and its bytes. */
  key(rel: string, file: string, bytes: Uint8Array): string {
    return createHash('sha256').update(`${rel}\0${file}\0`).update(bytes).digest('base64url').slice(0, 22);
  }

  /** The page the last good build read from the same file, or undefined: the file must be read. */
  get(key: string): Page | undefined {
    const page = this.previous.get(key);
    if (page) {
      this.counts.kept++;
      this.current.set(key, page);
    }
    return page;
  }

  /**
   * A page just read. Kept for the next build only when it drew no message and is plain JSON (what the cache file
   * holds gives back the same page); either way, it was read.
   */
  read(key: string, page: Page | undefined, clean: boolean): void {
    this.counts.read++;
    if (page && clean && isPlainJson(page)) this.current.set(key, page);
  }

  /** True when the next build would find something other than what the cache file holds. */
  get changed(): boolean {
    return this.counts.read > 0 || this.current.size !== this.previous.size;
  }

  toJSON(): { scope: string; pages: Record<string, Page> } {
    return { scope: this.scope, pages: Object.fromEntries(this.current) };
  }
}

const fileOf = (cacheDir: string) => join(cacheDir, 'pages-read.json');

/** The pages the last good build read, if it read them in the same scope; none otherwise. */
export async function loadKeptPages(cacheDir: string, scope: string): Promise<KeptPages> {
  try {
    const saved = JSON.parse(await readFile(fileOf(cacheDir), 'utf8')) as ReturnType<KeptPages['toJSON']>;
    if (saved.scope === scope) return new KeptPages(scope, new Map(Object.entries(saved.pages)));
  } catch {
    // None yet, or unreadable: every page file is read.
  }
  return new KeptPages(scope);
}

/** Keeps what a good load read (never after a failed one), when it differs from what is kept. */
export async function saveKeptPages(cacheDir: string, pages: KeptPages): Promise<void> {
  if (!pages.changed) return;
  const path = fileOf(cacheDir);
  await mkdir(cacheDir, { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(pages));
  await rename(tmp, path);
}

/**
 * Whether JSON gives the value back as it is: plain objects and arrays of strings, finite numbers, booleans and null
 * (an object member may be undefined: JSON leaves it out, and reading it gives undefined again).
 */
function isPlainJson(value: unknown, member = false): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (value === undefined) return member;
  if (Array.isArray(value)) return value.every((item) => isPlainJson(item));
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((item) => isPlainJson(item, true));
}
